"""Issue 26: the modifying resolution's pages: the workspace (no «Diferencia» against last year, «Expedir»
refused up front when there is nothing to issue), the HTMX beneficiary search, a line's form with its
Spanish refusals, the considerations, and the PDF link that waits for the document."""

import datetime as dt
import io
from decimal import Decimal

import pytest
from django.urls import reverse

from cupos.models import DocumentoResolucion, LineaAsignacion
from cupos.services.modificatorias import linea_modificatoria_set

D = dt.date


def _url(nombre, *args):
    return reverse(f"cupos:{nombre}", args=args)


@pytest.mark.django_db
def test_empty_workspace_says_what_changes_and_refuses_to_issue_up_front(escenario, entrar):
    cliente = entrar()
    res = escenario["res"]
    html = cliente.get(_url("resolucion", res.id)).content.decode()
    assert "Resolución modificatoria No. 000300 de 2026" in html
    assert "Diferencia" not in html and "año anterior" not in html
    assert "Aún no hay líneas" in html and "Agregar un beneficiario" in html
    assert "No hay nada que expedir" in html and 'disabled aria-disabled="true"' in html
    assert _url("resolucion-expedir", res.id) not in html
    # Dimar's pending altas are offered.
    assert "Nueva Esperanza (MC-05-0200), reportada en junio de 2026" in html
    assert _url("modificatoria-linea", res.id, escenario["nueva"].id) + "?accion=alta" in html
    # The confirmation page refuses too, before anyone confirms.
    html = cliente.get(_url("resolucion-expedir", res.id)).content.decode()
    assert "no hay nada que expedir" in html and 'disabled aria-disabled="true"' in html
    assert "Se expedirán 0 cupos" not in html


@pytest.mark.django_db
def test_search_by_matricula_or_name_shows_cupo_and_consumption_paginated(escenario, entrar):
    cliente = entrar()
    res = escenario["res"]
    r = cliente.get(_url("modificatoria-buscar", res.id), {"q": "MC-05-0777"}, HTTP_HX_REQUEST="true")
    html = r.content.decode()
    assert r.status_code == 200 and "<html" not in html
    assert "Doña Lucía" in html and "24.000,00" in html and "800,00" in html
    assert "?accion=cambio" in html and "?accion=revocacion" in html
    html = cliente.get(_url("modificatoria-buscar", res.id), {"q": "nueva"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Nueva Esperanza" in html and "Sin cupo" in html and "?accion=alta" in html
    html = cliente.get(_url("modificatoria-buscar", res.id), {"q": "zzz"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Ningún beneficiario coincide con «zzz»" in html
    html = cliente.get(_url("modificatoria-buscar", res.id), {"q": "MC-05"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Página 1 de" not in html  # 3 vessels: one page
    from cupos.tests.factories import NaveFactory

    NaveFactory.create_batch(12)
    html = cliente.get(_url("modificatoria-buscar", res.id), {"q": "MC-05"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Página 1 de 2" in html and "page=2" in html


@pytest.mark.django_db
def test_a_reduction_below_consumption_is_refused_in_spanish_then_an_increase_is_saved(escenario, entrar):
    cliente = entrar()
    res, lucia = escenario["res"], escenario["lucia"]
    url = _url("modificatoria-linea", res.id, lucia.id)
    html = cliente.get(url).content.decode()
    assert "24.000,00" in html and "800,00" in html and 'value="cambio"' in html
    datos = {"accion": "cambio", "galones_anuales": "500", "motivo_cambio": "reduccion", "motivo": "Menos faena"}
    r = cliente.post(url, datos)
    html = r.content.decode()
    assert r.status_code == 400
    assert "No se puede dejar el cupo en 500,00 galones: el beneficiario ya consumió 800,00 galones en 2026." in html
    assert not LineaAsignacion.objects.exists()
    datos.update(galones_anuales="30000", motivo_cambio="aumento", fecha_desde="2026-07-01")
    r = cliente.post(url, datos)
    assert r.status_code == 302 and r["Location"].endswith("#titulo-lineas")
    html = cliente.get(_url("resolucion", res.id)).content.decode()
    assert "Aumento de galones" in html and "30.000,00" in html and "1 de julio de 2026" in html
    assert _url("resolucion-expedir", res.id) in html and "No hay nada que expedir" not in html


@pytest.mark.django_db
def test_revocation_form_needs_ground_and_support(escenario, entrar):
    cliente = entrar()
    res, brisa = escenario["res"], escenario["brisa"]
    url = _url("modificatoria-linea", res.id, brisa.id)
    r = cliente.post(url, {"accion": "revocacion", "fecha_desde": "2026-06-15", "motivo": "x"})
    html = r.content.decode()
    assert r.status_code == 400 and "Elija la causal de la revocación" in html
    assert "Indique el soporte de la causal" in html
    from tests.crawler import hallazgos, leer

    assert hallazgos(leer(html).texto()) == []  # the grounds in words, not their codes
    r = cliente.post(
        url,
        {
            "accion": "revocacion",
            "fecha_desde": "2026-06-15",
            "causal": "comunicacion_autoridad",
            "soporte": "Oficio Dimar 123",
            "motivo": "Comunicación motivada",
        },
    )
    assert r.status_code == 302
    linea = LineaAsignacion.objects.get(beneficiario=brisa)
    assert linea.accion == "revocacion" and linea.cupo_modificado == escenario["cupo_brisa"]
    r = cliente.post(_url("modificatoria-quitar", res.id, brisa.id))
    assert r.status_code == 302 and not LineaAsignacion.objects.exists()


@pytest.mark.django_db
def test_considerations_are_written_on_the_page(escenario, entrar):
    cliente = entrar()
    res = escenario["res"]
    r = cliente.post(_url("modificatoria-considerandos", res.id), {"considerandos": "Que Dimar reportó altas."})
    assert r.status_code == 302
    res.refresh_from_db()
    assert res.considerandos == "Que Dimar reportó altas."
    assert "Que Dimar reportó altas." in cliente.get(_url("resolucion", res.id)).content.decode()


@pytest.mark.django_db
def test_an_auditor_reads_but_cannot_write(escenario, entrar):
    from core.identidad.roles import Rol

    cliente = entrar(Rol.AUDITOR)
    res = escenario["res"]
    html = cliente.get(_url("resolucion", res.id)).content.decode()
    assert "Agregar un beneficiario" not in html and "Expedir resolución" not in html
    r = cliente.post(
        _url("modificatoria-linea", res.id, escenario["nueva"].id), {"accion": "alta", "galones_anuales": "100"}
    )
    assert r.status_code == 403 and not LineaAsignacion.objects.exists()


@pytest.mark.django_db
def test_the_list_pdf_link_waits_while_issuing_and_a_draft_has_none(
    escenario, entrar, analista, django_capture_on_commit_callbacks
):
    from cupos.services.asignacion import resolucion_expedir

    cliente = entrar(analista)
    res = escenario["res"]
    html = cliente.get(_url("resoluciones")).content.decode()
    assert "Se genera al expedirla" in html
    linea_modificatoria_set(
        usuario=analista, resolucion=res, beneficiario=escenario["nueva"], accion="alta", galones_anuales="12000"
    )
    with django_capture_on_commit_callbacks(execute=False):
        resolucion_expedir(usuario=analista, resolucion=res)
    # Being issued: the PDF link waits (polling) rather than «aún no se ha generado».
    r = cliente.get(_url("resolucion-pdf", res.id))
    html = r.content.decode()
    assert r.status_code == 200 and 'hx-trigger="every 2s"' in html and "aún no se ha generado" not in html
    assert "se está expidiendo" in html
    assert not DocumentoResolucion.objects.filter(resolucion=res).exists()  # the act asks for it when done
    html = cliente.get(_url("resolucion-documento-estado", res.id)).content.decode()
    assert 'hx-trigger="every 2s"' in html
    assert Decimal(res.lineas.get().galones_anuales) == Decimal("12000.00")


def _xlsx(filas):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from openpyxl import Workbook

    libro = Workbook()
    for fila in filas:
        libro.active.append(fila)
    salida = io.BytesIO()
    libro.save(salida)
    return SimpleUploadedFile("lineas.xlsx", salida.getvalue())


@pytest.mark.django_db
def test_xlsx_import_on_a_modifying_resolution_reads_spanish_headers(escenario, entrar):
    cliente = entrar()
    res, nueva = escenario["res"], escenario["nueva"]
    url = _url("resolucion-importar", res.id)
    r = cliente.post(url, {"archivo": _xlsx([["Id del beneficiario", "Galones anuales asignados"], [nueva.id, "mil"]])})
    assert r.status_code == 302
    html = cliente.get(_url("resolucion", res.id)).content.decode()
    assert "No se importó ninguna línea. Fila 2, columna B (Galones anuales asignados)" in html
    assert not LineaAsignacion.objects.exists()
    r = cliente.post(url, {"archivo": _xlsx([["Id del beneficiario", "Galones anuales asignados"], [nueva.id, 5000]])})
    assert r.status_code == 302
    assert LineaAsignacion.objects.get().accion == "alta"


@pytest.mark.django_db
def test_annual_workspace_without_lines_refuses_to_issue_up_front(entrar, hoy):
    from cupos.tests.factories import ResolucionFactory

    res = ResolucionFactory(anio=2027, numero="000001", fecha_expedicion=D(2026, 6, 10))
    html = entrar().get(_url("resolucion", res.id)).content.decode()
    assert "No hay nada que expedir: fije al menos una línea" in html and 'disabled aria-disabled="true"' in html
    assert _url("resolucion-expedir", res.id) not in html


@pytest.mark.django_db
def test_its_pages_read_in_es_co_without_codes(escenario, entrar, analista):
    """What tests/demo/test_crawler_esco.py checks on every menu page, on the pages of a modifying resolution
    with one line of each kind (the demo has none in draft)."""
    from tests.crawler import hallazgos, leer

    cliente = entrar(analista)
    e = escenario
    linea_modificatoria_set(
        usuario=analista, resolucion=e["res"], beneficiario=e["nueva"], accion="alta", galones_anuales="12000"
    )
    linea_modificatoria_set(
        usuario=analista,
        resolucion=e["res"],
        beneficiario=e["lucia"],
        accion="cambio",
        galones_anuales="30000",
        motivo_cambio="aumento",
        fecha_desde=D(2026, 7, 1),
        motivo="Amplió su faena",
    )
    linea_modificatoria_set(
        usuario=analista,
        resolucion=e["res"],
        beneficiario=e["brisa"],
        accion="revocacion",
        fecha_desde=D(2026, 6, 15),
        causal="comunicacion_autoridad",
        soporte="Oficio 1",
        motivo="Oficio de Dimar",
    )
    paginas = [
        _url("resolucion", e["res"].id) + "?q=MC-05",
        _url("modificatoria-linea", e["res"].id, e["lucia"].id),
        _url("modificatoria-linea", e["res"].id, e["brisa"].id),
        _url("resolucion-expedir", e["res"].id),
        _url("resoluciones"),
    ]
    for pagina in paginas:
        r = cliente.get(pagina)
        assert r.status_code == 200, pagina
        assert hallazgos(leer(r.content.decode()).texto()) == [], pagina
    html = cliente.get(_url("resolucion-expedir", e["res"].id)).content.decode()
    assert "1 nuevo cupo y 1 cambio de galones" in html and "se revocará 1 cupo" in html


@pytest.mark.django_db
def test_the_issued_modifying_resolution_shows_what_it_changed(
    escenario, entrar, analista, django_capture_on_commit_callbacks
):
    from cupos.services import asignacion

    e = escenario
    linea_modificatoria_set(
        usuario=analista, resolucion=e["res"], beneficiario=e["nueva"], accion="alta", galones_anuales="12000"
    )
    linea_modificatoria_set(
        usuario=analista,
        resolucion=e["res"],
        beneficiario=e["brisa"],
        accion="revocacion",
        fecha_desde=D(2026, 6, 15),
        causal="comunicacion_autoridad",
        soporte="Oficio 1",
        motivo="Oficio de Dimar",
    )
    with django_capture_on_commit_callbacks(execute=False):
        asignacion.resolucion_expedir(usuario=analista, resolucion=e["res"])
        asignacion.resolucion_expedicion_process(resolucion_id=e["res"].id)
    html = entrar(analista).get(_url("resolucion", e["res"].id)).content.decode()
    assert "Qué cambió esta resolución" in html and "Revocación del cupo" in html and "Nuevo cupo" in html
    assert "Desde el 15 de junio de 2026. Oficio de Dimar" in html
    assert "Agregar un beneficiario" not in html  # issued: read-only


@pytest.mark.django_db
def test_issue45_la_confirmacion_avisa_del_cupo_que_quedo_en_firme_hoy_y_dice_desde_cuando(
    escenario, analista, entrar, django_capture_on_commit_callbacks
):
    """R-09: a change for a beneficiary whose cupo became firm this morning: its firmeza is refused today (the new
    cupo cannot start on or before the firm one's first day) and possible from tomorrow, as the page says."""
    from core.vencimientos.calendario import today
    from cupos.models import Cupo
    from cupos.services import asignacion, firmezas

    e, hoy = escenario, today()
    Cupo.objects.filter(pk=e["cupo_brisa"].pk).update(fecha_inicio=hoy)  # made firm this morning
    linea_modificatoria_set(
        usuario=analista,
        resolucion=e["res"],
        beneficiario=e["brisa"],
        accion="cambio",
        galones_anuales="15000",
        motivo_cambio="aumento",
        motivo="Amplió su faena",
    )
    linea_modificatoria_set(
        usuario=analista,
        resolucion=e["res"],
        beneficiario=e["nueva"],
        accion="alta",
        galones_anuales="12000",
        motivo="Alta reportada por Dimar",
    )
    html = entrar(analista).get(_url("resolucion-expedir", e["res"].id)).content.decode()
    aviso = html.split('id="firmes-desde-hoy"')[1].split("</div>")[0]
    manana = hoy + dt.timedelta(days=1)
    from core.comun.fechas import fecha_larga

    assert "1 cupo de esta resolución no podrá quedar en firme hoy" in aviso
    assert f"Brisa: su cupo rige en firme desde el {fecha_larga(hoy)}" in aviso
    assert f"podrá quedar en firme desde el {fecha_larga(manana)}" in aviso and "Nueva Esperanza" not in aviso
    assert 'disabled aria-disabled="true"' not in html  # a warning, not a block: the act can go on

    with django_capture_on_commit_callbacks(execute=False):
        asignacion.resolucion_expedir(usuario=analista, resolucion=e["res"])
    with django_capture_on_commit_callbacks(execute=False):
        asignacion.resolucion_expedicion_process(resolucion_id=e["res"].id)
    nuevo = Cupo.objects.get(resolucion=e["res"], beneficiario=e["brisa"])

    def impedida(dia):
        return nuevo.id in {
            i.cupo_id
            for i in firmezas.firmeza_masiva_impedimentos(
                resolucion=e["res"], fecha_firmeza=dia, fecha_comunicacion=dia
            )
        }

    assert impedida(hoy) and not impedida(manana)  # what the warning said, as the firmeza decides it
