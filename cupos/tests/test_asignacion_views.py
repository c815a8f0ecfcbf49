"""The analyst's allocation pages (issue 12): beneficiaries' registration and edit, the year's
resolution, the proposal workspace, XLSX import and export, and the issuing with its confirmation."""

import io
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook, load_workbook

from core.identidad.roles import Rol
from core.models import RegistroAuditoria as Auditoria
from core.tests.factories import CapitaniaFactory, DistribuidorFactory
from core.tests.segundo_factor import con_codigo
from cupos.models import Beneficiario, Cupo, LineaAsignacion, Resolucion, Solicitud
from cupos.selectors.asignacion import columna_de_encabezado
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.services.resoluciones import resolucion_create
from cupos.tests.conftest import HOY, D
from cupos.tests.factories import AcuicultoraFactory, NaveFactory, ResolucionFactory

OTROS_ROLES = (Rol.CAPITANIA_OFICIAL, Rol.DISTRIBUIDOR, Rol.BENEFICIARIO, Rol.DIMAR, Rol.AUDITOR)
# The 2027 annual resolution as the analyst fills it in on the new-resolution page.
RESOLUCION_2027 = {
    "numero": "000045",
    "fecha_expedicion": "2026-06-15",
    "anio": "2027",
    "tipo": "anual",
    "fuente_flota_fecha": "2026-05-31",
    "fuente_areas_cultivo": "AUNAP 2026",
    "fuente_consumo_anio": "2026",
}


# --- Beneficiaries (R-01, R-02) -----------------------------------------------------------------


@pytest.mark.django_db
def test_registration_asks_the_kind_then_its_fields(entrar):
    CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    cliente = entrar()
    url = reverse("cupos:beneficiario-nuevo")
    html = cliente.get(url).content.decode()
    assert "Tipo de beneficiario" in html and "Seleccione el tipo de beneficiario" in html
    html = cliente.get(url, {"tipo": "nave_extranjera"}).content.decode()
    assert "Matrícula" in html and "NIT de la empresa colombiana afiliada" in html
    assert "Distribuidor designado" not in html
    html = cliente.get(url, {"tipo": "acuicultora"}).content.decode()
    assert "Distribuidor designado" in html and "Matrícula" not in html
    # htmx asks only the form for the kind chosen.
    parcial = cliente.get(url, {"tipo": "armada"}, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in parcial and "Distribuidor designado" in parcial


@pytest.mark.django_db
def test_registering_a_national_vessel(entrar):
    CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    cliente = entrar()
    datos = {
        "tipo": "nave_nacional",
        "nombre": "Doña Lucía",
        "identificacion": "900123456",
        "matricula": "mc-05-0777",
        "trb": "120,5",
        "actividad": "pesca",
        "capacidad_combustible_gal": "3000",
        "capitania": "CP05",
        "correo": "",
        "celular": "",
    }
    r = cliente.post(reverse("cupos:beneficiario-nuevo"), datos, follow=True)
    assert r.status_code == 200
    nave = Beneficiario.objects.get(matricula="MC-05-0777")
    assert nave.bandera == "CO" and str(nave.trb) == "120.50"
    assert "Se registró el beneficiario Doña Lucía." in r.content.decode()
    assert Auditoria.objects.filter(accion="beneficiario.crear").count() == 1


@pytest.mark.django_db
def test_registration_errors_are_spanish_next_to_fields_and_save_nothing(entrar):
    CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    NaveFactory(matricula="MC-05-0001")
    cliente = entrar()
    url = reverse("cupos:beneficiario-nuevo")
    antes = Beneficiario.objects.count()
    # A foreign vessel without its Colombian company, with a CO flag and a cabotage activity.
    r = cliente.post(
        url,
        {
            "tipo": "nave_extranjera",
            "nombre": "Atún del Pacífico",
            "identificacion": "X-1",
            "matricula": "PA-1",
            "bandera": "co",
            "trb": "300",
            "actividad": "cabotaje",
            "capacidad_combustible_gal": "9000",
            "capitania": "CP05",
        },
    )
    html = r.content.decode()
    assert r.status_code == 400
    assert "Una nave extranjera no puede tener bandera CO." in html
    assert "debe estar afiliada a una empresa colombiana" in html
    assert "solo como nave de pesca" in html
    assert 'id="id_empresa_nit_error"' in html
    # Letters in a number, a duplicate matrícula.
    nacional = {
        "tipo": "nave_nacional",
        "nombre": "Otra",
        "identificacion": "1",
        "matricula": "MC-05-0001",
        "actividad": "pesca",
        "capacidad_combustible_gal": "3000",
        "capitania": "CP05",
    }
    for trb, error in [("abc", "Escriba un número"), ("10", "Ya existe una nave con matrícula MC-05-0001.")]:
        r = cliente.post(url, {**nacional, "trb": trb})
        assert r.status_code == 400 and error in r.content.decode(), trb
    # An acuicultora without its designated wholesaler.
    r = cliente.post(url, {"tipo": "acuicultora", "nombre": "Acuícola", "identificacion": "901"})
    assert r.status_code == 400 and "necesitan su distribuidor designado" in r.content.decode()
    assert Beneficiario.objects.count() == antes


@pytest.mark.django_db
def test_registering_an_acuicultora_with_its_wholesaler(entrar):
    DistribuidorFactory(nit="900456123", razon_social="Petromar S.A.S.")
    r = entrar().post(
        reverse("cupos:beneficiario-nuevo"),
        {
            "tipo": "acuicultora",
            "nombre": "Acuícola del Sinú",
            "identificacion": "901222333",
            "distribuidor_nit": "900456123",
            "permiso_cultivo_vigente_hasta": "2028-06-30",
        },
    )
    assert r.status_code == 302
    assert Beneficiario.objects.get(identificacion="901222333").distribuidor.nit == "900456123"


@pytest.mark.django_db
def test_editing_is_audited_and_refusals_change_nothing(entrar):
    nave = NaveFactory(nombre="Doña Lucía", matricula="MC-05-0777")
    cliente = entrar()
    url = reverse("cupos:beneficiario-editar", args=[nave.id])
    html = cliente.get(url).content.decode()
    assert 'value="MC-05-0777"' in html and "Editar los datos de Doña Lucía" in html
    datos = {
        "nombre": "Doña Lucía II",
        "identificacion": nave.identificacion,
        "matricula": "MC-05-0777",
        "trb": "130",
        "actividad": "pesca",
        "capacidad_combustible_gal": "0",
        "capitania": "CP05",
    }
    r = cliente.post(url, datos)
    assert r.status_code == 400 and "debe ser mayor que cero" in r.content.decode()
    nave.refresh_from_db()
    assert nave.nombre == "Doña Lucía" and not Auditoria.objects.filter(accion="beneficiario.actualizar").exists()
    r = cliente.post(url, datos | {"capacidad_combustible_gal": "3500"})
    assert r.status_code == 302
    nave.refresh_from_db()
    assert nave.nombre == "Doña Lucía II" and str(nave.capacidad_combustible_gal) == "3500.00"
    assert Auditoria.objects.filter(accion="beneficiario.actualizar").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("rol", OTROS_ROLES)
def test_only_the_analyst_registers_or_edits(entrar, rol):
    nave = NaveFactory()
    cliente = entrar(rol)
    assert cliente.get(reverse("cupos:beneficiario-nuevo")).status_code == 403
    assert cliente.get(reverse("cupos:beneficiario-editar", args=[nave.id])).status_code == 403
    r = cliente.post(reverse("cupos:beneficiario-nuevo"), {"tipo": "armada", "nombre": "X", "identificacion": "1"})
    assert r.status_code == 403


# --- The resolution in draft (R-05) --------------------------------------------------------------


@pytest.mark.django_db
def test_new_resolution_page_proposes_the_motivacion(entrar, hoy):
    html = entrar().get(reverse("cupos:resolucion-nueva")).content.decode()
    assert "Nueva resolución de cupos" in html
    assert (
        "Decreto 1891 de 2009" in html and "registros de la flota de la Dimar con corte al 15 de junio de 2026" in html
    )
    assert 'value="2027"' in html  # after February, the next year's allocation


@pytest.mark.django_db
def test_proposing_the_text_again_saves_nothing(entrar, hoy):
    cliente = entrar()
    r = cliente.post(reverse("cupos:resolucion-nueva"), {**RESOLUCION_2027, "considerandos": "x", "proponer": "1"})
    assert r.status_code == 200
    html = r.content.decode()
    assert "con corte al 31 de mayo de 2026" in html and "se tomaron de: AUNAP 2026" in html
    assert not Resolucion.objects.exists()


@pytest.mark.django_db
def test_creating_a_draft_resolution(entrar, hoy):
    r = entrar().post(
        reverse("cupos:resolucion-nueva"), {**RESOLUCION_2027, "considerandos": "Que la UPME asigna los cupos."}
    )
    assert r.status_code == 302
    resolucion = Resolucion.objects.get()
    assert r["Location"] == reverse("cupos:resolucion", args=[resolucion.id])
    assert resolucion.estado == "borrador" and resolucion.tipo == "anual" and resolucion.anio == 2027


@pytest.mark.django_db
def test_resolution_errors_are_spanish_and_save_nothing(entrar, hoy):
    cliente = entrar()
    url = reverse("cupos:resolucion-nueva")
    r = cliente.post(url, {"numero": "", "fecha_expedicion": "ayer", "anio": "dos mil", "tipo": "anual"})
    html = r.content.decode()
    assert r.status_code == 400
    assert "Indique el número." in html and "Escriba una fecha válida" in html and "cuatro cifras" in html
    assert "la resolución debe ser motivada" in html
    r = cliente.post(
        url,
        {
            "numero": "000046",
            "fecha_expedicion": "2026-06-15",
            "anio": "2026",
            "tipo": "modificatoria",
            "considerandos": "Que…",
        },
    )
    assert r.status_code == 400 and "se vincula a la resolución anual" in r.content.decode()
    assert not Resolucion.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("rol", OTROS_ROLES)
def test_only_the_analyst_creates_resolutions(entrar, rol):
    cliente = entrar(rol)
    assert cliente.get(reverse("cupos:resolucion-nueva")).status_code == 403
    r = cliente.post(reverse("cupos:resolucion-nueva"), {"numero": "1", "anio": "2027", "tipo": "anual"})
    assert r.status_code == 403 and not Resolucion.objects.exists()


# --- The allocation workspace ---------------------------------------------------------------------


def aprobar(beneficiario, anio, galones, estado=Solicitud.Estado.APROBADA):
    """An application already decided (its documents and review are other tests' business)."""
    return Solicitud.objects.create(
        beneficiario=beneficiario,
        anio=anio,
        galones_solicitados=Decimal(galones),
        fecha_radicacion=HOY,
        estado=estado,
    )


@pytest.fixture
def propuesta_2027(hoy, analista):
    """Alfa asks 24.000 for 2027 and had 20.000 in 2026; Beta continues its 2026 cupo with no
    application; Gamma's application was refused (no line)."""
    anterior = ResolucionFactory(anio=2026, numero="000010", fecha_expedicion=D(2026, 2, 20))
    alfa, beta, gamma = (NaveFactory(nombre=n) for n in ("Alfa", "Beta", "Gamma"))
    for nave, galones in ((alfa, "20000"), (beta, "12000")):
        cupo = cupo_grant(actor=analista, resolucion=anterior, beneficiario=nave, galones_anuales=Decimal(galones))
        cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 2))
    aprobar(alfa, 2027, "24000")
    aprobar(gamma, 2027, "9000", estado=Solicitud.Estado.RECHAZADA)
    resolucion = resolucion_create(
        actor=analista, anio=2027, numero="000045", fecha_expedicion=HOY, considerandos="Que la UPME…"
    )
    return resolucion, alfa, beta, gamma


def url_de(nombre, resolucion, *args):
    return reverse(f"cupos:{nombre}", args=[resolucion.id, *args])


@pytest.mark.django_db
def test_workspace_shows_the_proposal_with_its_evidence(entrar, propuesta_2027):
    resolucion, alfa, beta, gamma = propuesta_2027
    r = entrar().get(url_de("resolucion", resolucion))
    html = r.content.decode()
    assert r.status_code == 200
    assert "Asignación de cupos: resolución No. 000045 de 2027" in html
    assert f'id="linea-{alfa.id}"' in html and f'id="linea-{beta.id}"' in html
    assert f'id="linea-{gamma.id}"' not in html  # refused: no line
    assert "24.000,00" in html and "20.000,00" in html and "12.000,00" in html
    assert "Solicitud aprobada del año" in html and "Cupo vigente del año anterior" in html
    assert "Declaraciones no tenidas en cuenta" in html
    assert "Faltan 258 días" in html  # the dashboard's countdown to 28 February 2027
    assert "Expedir resolución" in html and "Exportar la plantilla XLSX" in html


@pytest.mark.django_db
def test_auditor_reads_the_workspace_without_editing(entrar, propuesta_2027):
    resolucion, alfa, *_ = propuesta_2027
    cliente = entrar(Rol.AUDITOR)
    html = cliente.get(url_de("resolucion", resolucion)).content.decode()
    assert f'id="linea-{alfa.id}"' in html and "?editar=1" not in html and "Expedir resolución" not in html
    assert cliente.get(url_de("resolucion-linea", resolucion, alfa.id), {"editar": "1"}).status_code == 403
    assert cliente.post(url_de("resolucion-linea", resolucion, alfa.id), {}).status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize("rol", (Rol.CAPITANIA_OFICIAL, Rol.DISTRIBUIDOR, Rol.BENEFICIARIO, Rol.DIMAR))
def test_other_roles_get_no_allocation_page(entrar, propuesta_2027, rol):
    resolucion, alfa, *_ = propuesta_2027
    cliente = entrar(rol)
    for nombre, args in (
        ("resolucion", ()),
        ("resolucion-linea", (alfa.id,)),
        ("resolucion-exportar", ()),
        ("resolucion-expedir", ()),
        ("resolucion-expedicion", ()),
    ):
        assert cliente.get(url_de(nombre, resolucion, *args)).status_code == 403, nombre
    for nombre in ("resolucion-importar", "resolucion-fijar", "resolucion-expedir"):
        assert cliente.post(url_de(nombre, resolucion)).status_code == 403, nombre
    assert cliente.get(reverse("cupos:asignacion")).status_code == 403
    assert not LineaAsignacion.objects.exists()


@pytest.mark.django_db
def test_unknown_resolution_or_beneficiary_is_404(entrar, propuesta_2027):
    resolucion, *_, gamma = propuesta_2027
    cliente = entrar()
    assert cliente.get(reverse("cupos:resolucion", args=[999999])).status_code == 404
    assert cliente.get(url_de("resolucion-linea", resolucion, gamma.id)).status_code == 404


@pytest.mark.django_db
def test_menu_entry_leads_to_the_draft(entrar, propuesta_2027):
    resolucion, *_ = propuesta_2027
    cliente = entrar()
    assert "Asignación anual" in cliente.get(reverse("cupos:resoluciones")).content.decode()
    r = cliente.get(reverse("cupos:asignacion"))
    assert r.status_code == 302 and r["Location"] == url_de("resolucion", resolucion)


@pytest.mark.django_db
def test_filters_sorting_and_htmx_table(entrar, propuesta_2027):
    resolucion, alfa, beta, _ = propuesta_2027
    AcuicultoraFactory(nombre="Acuícola Sinú")
    cliente = entrar()
    url = url_de("resolucion", resolucion)
    html = cliente.get(url, {"diferencia": "aumenta"}).content.decode()
    assert f'id="linea-{alfa.id}"' in html and f'id="linea-{beta.id}"' not in html
    html = cliente.get(url, {"tipo": "acuicultora"}).content.decode()
    assert "Ninguna línea cumple los filtros." in html
    html = cliente.get(url, {"orden": "-galones_anio_anterior"}).content.decode()
    assert html.index(f'id="linea-{alfa.id}"') < html.index(f'id="linea-{beta.id}"')
    html = cliente.get(url, {"orden": "galones_anio_anterior"}).content.decode()  # not offered: ignored
    assert f'id="linea-{alfa.id}"' in html
    parcial = cliente.get(url, {"orden": "nombre"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="propuesta")
    assert "<html" not in parcial.content.decode() and f'id="linea-{alfa.id}"' in parcial.content.decode()


@pytest.mark.django_db
def test_the_proposal_is_paginated_with_a_fixed_number_of_queries(
    entrar, propuesta_2027, django_assert_max_num_queries
):
    resolucion, *_ = propuesta_2027
    for i in range(60):
        aprobar(NaveFactory(nombre=f"Zeta {i:02d}"), 2027, "1000")
    cliente = entrar()
    url = url_de("resolucion", resolucion)
    with django_assert_max_num_queries(25):
        html = cliente.get(url).content.decode()
    assert html.count('id="linea-') == 50 and "Página 1 de 2 (62 registros)" in html
    with django_assert_max_num_queries(25):
        html = cliente.get(url, {"page": "2"}).content.decode()
    assert html.count('id="linea-') == 12


@pytest.mark.django_db
def test_inline_edit_needs_a_reason_when_gallons_differ(entrar, propuesta_2027):
    resolucion, alfa, *_ = propuesta_2027
    cliente = entrar()
    url = url_de("resolucion-linea", resolucion, alfa.id)
    formulario = cliente.get(url, {"editar": "1"}, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in formulario and f'name="l{alfa.id}-galones_anuales"' in formulario
    assert 'value="24000,00"' in formulario
    campos = {f"l{alfa.id}-galones_anuales": "22000", f"l{alfa.id}-motivo": ""}
    r = cliente.post(url, campos, HTTP_HX_REQUEST="true")
    assert r.status_code == 400
    assert "Escriba el motivo: los galones difieren de los solicitados (24.000,00)." in r.content.decode()
    r = cliente.post(url, campos | {f"l{alfa.id}-galones_anuales": "22,000.5"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 400 and "con punto para los miles y coma para los decimales" in r.content.decode()
    assert not LineaAsignacion.objects.exists()
    r = cliente.post(url, campos | {f"l{alfa.id}-motivo": "Consumo menor en 2026"}, HTTP_HX_REQUEST="true")
    html = r.content.decode()
    assert r.status_code == 200 and "Línea de Alfa guardada: 22.000,00 galones." in html and "<html" not in html
    linea = LineaAsignacion.objects.get()
    assert (linea.galones_anuales, linea.motivo) == (Decimal("22000.00"), "Consumo menor en 2026")
    # Without htmx, the same form redirects back to the row.
    r = cliente.post(url, {f"l{alfa.id}-galones_anuales": "24000", f"l{alfa.id}-motivo": ""})
    assert r.status_code == 302 and r["Location"].endswith(f"#linea-{alfa.id}")
    assert LineaAsignacion.objects.get().galones_anuales == Decimal("24000.00")


@pytest.mark.django_db
def test_issue45_the_edit_link_opened_in_a_new_tab_is_a_whole_page(entrar, propuesta_2027):
    """Issue 45, defect 14: without htmx (a new tab, a bookmark) the line's edit form is a page with its title, its
    language and a way back, not a bare <tr>."""
    resolucion, alfa, *_ = propuesta_2027
    html = entrar().get(url_de("resolucion-linea", resolucion, alfa.id), {"editar": "1"}).content.decode()
    assert '<html lang="es' in html and "<title>Línea de Alfa" in html
    assert f'name="l{alfa.id}-galones_anuales"' in html and "<table" in html
    assert f'href="/resoluciones/{resolucion.id}/#linea-{alfa.id}"' in html


@pytest.mark.django_db
def test_fixing_the_proposed_lines_at_once(entrar, propuesta_2027):
    resolucion, alfa, beta, _ = propuesta_2027
    r = entrar().post(url_de("resolucion-fijar", resolucion), follow=True)
    assert "Se fijaron 2 líneas con los galones propuestos." in r.content.decode()
    lineas = dict(LineaAsignacion.objects.values_list("beneficiario_id", "galones_anuales"))
    assert lineas == {alfa.id: Decimal("24000.00"), beta.id: Decimal("12000.00")}


def xlsx(filas) -> SimpleUploadedFile:
    libro = Workbook()
    hoja = libro.active
    for fila in filas:
        hoja.append(fila)
    contenido = io.BytesIO()
    libro.save(contenido)
    return SimpleUploadedFile("lineas.xlsx", contenido.getvalue())


@pytest.mark.django_db
def test_export_then_import_with_a_bad_row_saves_nothing(entrar, propuesta_2027):
    resolucion, alfa, beta, _ = propuesta_2027
    cliente = entrar()
    r = cliente.get(url_de("resolucion-exportar", resolucion))
    assert r.status_code == 200 and r["Content-Type"].startswith("application/vnd.openxmlformats")
    hoja = load_workbook(io.BytesIO(r.content)).worksheets[0]
    filas = [list(f) for f in hoja.iter_rows(values_only=True)]
    encabezado = filas[0]
    columna = {columna_de_encabezado(c): i for i, c in enumerate(encabezado)}
    datos = {f[columna["beneficiario"]]: f for f in filas[2:]}
    assert set(datos) == {alfa.id, beta.id}
    datos[alfa.id][columna["galones_anuales"]] = "22000"  # differs from the request, with no reason
    datos[beta.id][columna["galones_anuales"]] = "12000"
    r = cliente.post(url_de("resolucion-importar", resolucion), {"archivo": xlsx([encabezado, *datos.values()])})
    html = r.content.decode()
    assert r.status_code == 400 and "No se importó ninguna línea." in html
    assert "escriba el motivo" in html and "(Motivo)" in html
    assert not LineaAsignacion.objects.exists()
    datos[alfa.id][columna["motivo"]] = "Consumo menor en 2026"
    r = cliente.post(
        url_de("resolucion-importar", resolucion), {"archivo": xlsx([encabezado, *datos.values()])}, follow=True
    )
    assert "Se importaron 2 líneas del archivo." in r.content.decode()
    assert LineaAsignacion.objects.count() == 2


@pytest.mark.django_db
def test_import_of_something_else_is_a_spanish_error(entrar, propuesta_2027):
    resolucion, *_ = propuesta_2027
    cliente = entrar()
    r = cliente.post(url_de("resolucion-importar", resolucion), {"archivo": SimpleUploadedFile("x.xlsx", b"hola")})
    assert r.status_code == 400 and "no es un libro de Excel" in r.content.decode()
    r = cliente.post(url_de("resolucion-importar", resolucion), {})
    assert r.status_code == 400 and "Seleccione el archivo XLSX." in r.content.decode()
    assert not LineaAsignacion.objects.exists()


@pytest.mark.django_db
def test_issuing_asks_first_then_runs_the_job(entrar, propuesta_2027, django_capture_on_commit_callbacks):
    resolucion, alfa, *_ = propuesta_2027
    cliente = entrar()
    cliente.post(url_de("resolucion-fijar", resolucion))
    r = cliente.get(url_de("resolucion-expedir", resolucion))
    html = r.content.decode()
    assert r.status_code == 200
    assert "Se expedirán 2 cupos por 36.000,00 galones anuales" in html
    assert not Cupo.objects.filter(resolucion=resolucion).exists()
    with django_capture_on_commit_callbacks(execute=True):
        r = cliente.post(url_de("resolucion-expedir", resolucion), con_codigo(cliente, {}))
    assert r.status_code == 302 and r["Location"] == url_de("resolucion-expedicion", resolucion)
    resolucion.refresh_from_db()
    assert resolucion.estado == Resolucion.Estado.EXPEDIDA
    assert Cupo.objects.filter(resolucion=resolucion, estado=Cupo.Estado.EXPEDIDO).count() == 2
    html = cliente.get(r["Location"]).content.decode()
    assert "Ir a la resolución y declarar la firmeza" in html and "<progress" not in html
    # Issued: read-only, with bulk firmeza and the way to modifying and additional resolutions.
    html = cliente.get(url_de("resolucion", resolucion)).content.decode()
    assert "Declarar firmeza de todos los cupos expedidos" in html and "?editar=1" not in html
    assert "Nueva resolución modificatoria" in html and "Nueva resolución adicional" in html
    r = cliente.post(url_de("resolucion-linea", resolucion, alfa.id), {f"l{alfa.id}-galones_anuales": "1"})
    assert r.status_code == 302
    assert LineaAsignacion.objects.get(beneficiario=alfa).galones_anuales == Decimal("24000.00")


@pytest.mark.django_db
def test_issuing_with_no_lines_says_why(entrar, propuesta_2027):
    resolucion, *_ = propuesta_2027
    cliente = entrar()
    r = cliente.post(url_de("resolucion-expedir", resolucion), con_codigo(cliente, {}), follow=True)
    assert "No se pudo expedir la resolución: La resolución no tiene líneas" in r.content.decode()
    resolucion.refresh_from_db()
    assert resolucion.estado == Resolucion.Estado.BORRADOR


@pytest.mark.django_db
def test_expedicion_page_polls_while_in_progress(entrar, propuesta_2027):
    resolucion, *_ = propuesta_2027
    Resolucion.objects.filter(pk=resolucion.pk).update(estado=Resolucion.Estado.EXPIDIENDO, progreso=40)
    cliente = entrar()
    html = cliente.get(url_de("resolucion-expedicion", resolucion)).content.decode()
    assert 'hx-trigger="every 1s"' in html and 'value="40"' in html
    parcial = cliente.get(url_de("resolucion-expedicion", resolucion), HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in parcial and "Avance de la expedición" in parcial


@pytest.mark.django_db
def test_modifying_resolution_from_the_annual_one(entrar, propuesta_2027, django_capture_on_commit_callbacks):
    resolucion, *_ = propuesta_2027
    cliente = entrar()
    cliente.post(url_de("resolucion-fijar", resolucion))
    with django_capture_on_commit_callbacks(execute=True):
        cliente.post(url_de("resolucion-expedir", resolucion), con_codigo(cliente, {}))
    url = reverse("cupos:resolucion-nueva") + f"?tipo=adicional&modifica={resolucion.id}"
    html = cliente.get(url).content.decode()
    assert "adicionar cupos a los asignados en la Resolución No. 000045 de 2027" in html
    r = cliente.post(
        reverse("cupos:resolucion-nueva"),
        {
            "numero": "000300",
            "fecha_expedicion": "2026-06-15",
            "anio": "2027",
            "tipo": "adicional",
            "modifica": str(resolucion.id),
            "considerandos": "Que Dimar reportó altas.",
        },
    )
    assert r.status_code == 302
    adicional = Resolucion.objects.get(numero="000300")
    assert adicional.modifica == resolucion and adicional.tipo == "adicional"
    html = cliente.get(url_de("resolucion", resolucion)).content.decode()
    assert "Adicional No. 000300" in html


@pytest.mark.django_db
def test_a_draft_does_not_meet_the_deadline_on_the_dashboard(entrar, propuesta_2027):
    html = entrar().get(reverse("cupos:tablero"), {"anio": "2027"}).content.decode()
    assert "Faltan 258 días" in html and "Expedida" not in html


@pytest.mark.django_db
def test_the_list_tells_drafts_from_issued_resolutions(entrar, propuesta_2027):
    html = entrar().get(reverse("cupos:resoluciones")).content.decode()
    assert "Anual · Borrador" in html and "Anual · Expedida" in html
    assert 'href="/resoluciones/nueva/"' in html


@pytest.mark.django_db
def test_r05_the_page_refuses_a_second_annual_resolution_next_to_its_kind(entrar, hoy):
    cliente = entrar()
    datos = {**RESOLUCION_2027, "considerandos": "Que la UPME asigna los cupos."}
    assert cliente.post(reverse("cupos:resolucion-nueva"), datos).status_code == 302
    r = cliente.post(reverse("cupos:resolucion-nueva"), {**datos, "numero": "000099"})
    assert r.status_code == 400
    html = r.content.decode()
    assert "ya tiene su resolución anual" in html and 'id="id_tipo_error"' in html
    assert Resolucion.objects.count() == 1
