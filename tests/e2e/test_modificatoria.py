"""A modifying resolution worked in Chromium (issue 26): UPME's everyday act through the year.

From the annual resolution → «Nueva resolución modificatoria» → an empty workspace that refuses to issue
up front → a new cupo for a vessel Dimar reported as alta (picked from the pending altas, R-24) → an
increase of a vessel found by name in the search box (a reduction below what it consumed is refused) →
a revocation on an R-12 ground → the considerations → issue (the same job as the annual one) → its signed
PDF, which the page waits for → bulk firmeza (R-06): the new cupos are firm, the revoked one cancelled.
"""

import datetime as dt
import io
import os
import re
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import expect

from core.tests.segundo_factor import codigo
from cupos.tests.reglas import cargar_reglas_r10
from tests.e2e.pasos import escribir_codigo, procedimiento_cumplido
from tests.e2e.test_accesibilidad import assert_sin_violaciones_graves

pytestmark = pytest.mark.e2e

CAPTURAS = Path(__file__).resolve().parents[2] / "docs" / "img"


@pytest.fixture
def anio_en_curso(live_server):
    """This year's annual resolution, issued: Doña Lucía (24.000 gal, firm, 800 consumed) and Brisa
    (12.000, firm); Nueva Esperanza, reported by Dimar as alta this month, has no cupo."""
    from django.db import transaction

    from core.identidad.roles import Rol
    from core.tests.factories import UsuarioFactory
    from core.vencimientos.calendario import today
    from cupos.models import AltaDimar, NovedadDimar, Resolucion
    from cupos.services import libro
    from cupos.services.cupos import cupo_declare_firm, cupo_grant
    from cupos.tests.factories import NaveFactory, ResolucionFactory

    cargar_reglas_r10()
    hoy = today()
    sistema = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    anual = ResolucionFactory(anio=hoy.year, numero="000010", fecha_expedicion=dt.date(hoy.year, 2, 20))
    naves = {
        "Doña Lucía": NaveFactory(nombre="Doña Lucía", matricula="MC-05-0777"),
        "Brisa": NaveFactory(nombre="Brisa", matricula="MC-05-0100"),
        "Nueva Esperanza": NaveFactory(nombre="Nueva Esperanza", matricula="MC-05-0200"),
    }
    cupos = {}
    for nombre, galones in (("Doña Lucía", "24000"), ("Brisa", "12000")):
        cupo = cupo_grant(actor=sistema, resolucion=anual, beneficiario=naves[nombre], galones_anuales=Decimal(galones))
        cupos[nombre] = cupo_declare_firm(actor=sistema, cupo=cupo, fecha_firmeza=dt.date(hoy.year, 3, 2))
    Resolucion.objects.filter(pk=anual.pk).update(estado=Resolucion.Estado.EXPEDIDA)
    with transaction.atomic():
        cupo = libro.cupo_lock_vigente(beneficiario_id=naves["Doña Lucía"].id, fecha=dt.date(hoy.year, 3, 20))
        libro.movimiento_descuento(
            actor=sistema, cupo=cupo, fecha=dt.date(hoy.year, 3, 20), galones=Decimal("800"), referencia="certificado:1"
        )
    novedad = NovedadDimar.objects.create(periodo=hoy.replace(day=1), fecha_recepcion=hoy)
    AltaDimar.objects.create(novedad=novedad, beneficiario=naves["Nueva Esperanza"])
    return anual, naves, cupos


@pytest.fixture
def analista(crear_usuario, anio_en_curso):
    return crear_usuario("analista1", "upme_analista")


def _linea(page, nombre):
    return page.locator("#caption-lineas").locator("xpath=..").locator("tbody tr").filter(has_text=nombre)


def _buscar(page, texto):
    caja = page.get_by_label("Matrícula, nombre o identificación")
    caja.fill(texto)
    caja.press("Enter")
    return page.locator("#resultados")


def test_resolucion_modificatoria_alta_aumento_y_revocacion_hasta_la_firmeza(
    page, live_server, ingresar, analista, anio_en_curso
):
    from pypdf import PdfReader

    from cupos.models import Cupo, LineaAsignacion, Resolucion

    anual, naves, cupos = anio_en_curso
    ingresar(page, analista.username)
    page.goto(live_server.url + f"/resoluciones/{anual.id}/")

    # 1. A new modifying resolution of the annual one, its considerations proposed.
    page.get_by_role("link", name="Nueva resolución modificatoria").click()
    expect(page.get_by_label("Clase de resolución")).to_have_value("modificatoria")
    page.get_by_label("Número").fill("000120")
    page.get_by_role("button", name="Crear la resolución en borrador").click()
    titulo = f"Resolución modificatoria No. 000120 de {anual.anio}"
    expect(page.get_by_role("heading", level=1)).to_have_text(titulo)
    resolucion = Resolucion.objects.get(numero="000120")

    # 2. Empty: nothing against last year, and «Expedir» refused up front with the reason.
    principal = page.get_by_role("main")
    expect(principal).not_to_contain_text("Diferencia")
    expect(principal).to_contain_text("No hay nada que expedir")
    expect(page.get_by_role("button", name="Expedir resolución")).to_be_disabled()
    assert_sin_violaciones_graves(page)
    page.wait_for_load_state("load")  # htmx is a deferred script: act once it listens

    # 3. A new cupo for the vessel Dimar reported as alta, from the pending altas.
    page.get_by_role("link", name="Otorgar su cupo a Nueva Esperanza").click()
    expect(page.get_by_label("Nuevo cupo (alta)")).to_be_checked()
    expect(page.get_by_role("main")).to_contain_text("Sin cupo")
    page.get_by_label("Galones anuales").fill("12000")
    page.get_by_label("Motivo", exact=True).fill("Alta reportada por Dimar este mes")
    page.get_by_role("button", name="Guardar la línea").click()
    expect(page.get_by_role("status")).to_contain_text("Se guardó la línea de Nueva Esperanza.")
    expect(_linea(page, "Nueva Esperanza")).to_contain_text("Nuevo cupo")
    expect(_linea(page, "Nueva Esperanza")).to_contain_text("12.000,00")

    # 4. Doña Lucía found by name: her cupo in force and what she consumed; a reduction below it is refused.
    page.wait_for_load_state("load")
    resultados = _buscar(page, "Doña")
    expect(resultados).to_contain_text("24.000,00")
    expect(resultados).to_contain_text("800,00")
    assert_sin_violaciones_graves(page)
    resultados.get_by_role("link", name="Cambiar galones de Doña Lucía").click()
    expect(page.get_by_label("Cambio de galones del cupo vigente")).to_be_checked()
    page.get_by_label("Galones anuales").fill("500")
    page.get_by_label("Motivo del cambio").select_option("reduccion")
    page.get_by_label("Motivo", exact=True).fill("Menor faena")
    page.get_by_role("button", name="Guardar la línea").click()
    expect(page.get_by_role("alert")).to_contain_text(
        f"No se puede dejar el cupo en 500,00 galones: el beneficiario ya consumió 800,00 galones en {anual.anio}."
    )
    assert_sin_violaciones_graves(page)
    page.get_by_label("Galones anuales").fill("30000")
    page.get_by_label("Motivo del cambio").select_option("aumento")
    page.get_by_label("Motivo", exact=True).fill("Amplió su faena de pesca")
    page.get_by_role("button", name="Guardar la línea").click()
    expect(_linea(page, "Doña Lucía")).to_contain_text("Aumento de galones")
    expect(_linea(page, "Doña Lucía")).to_contain_text("30.000,00")

    # 5. Brisa's cupo revoked on one of R-12's grounds, with its support.
    page.wait_for_load_state("load")
    _buscar(page, "MC-05-0100").get_by_role("link", name="Revocar el cupo de Brisa").click()
    expect(page.get_by_label("Revocación del cupo vigente")).to_be_checked()
    page.get_by_label("Desde").fill(dt.date.today().isoformat())
    page.get_by_label("Causal de la revocación (Decreto 1891 de 2009, parágrafo 1)").select_option(
        "comunicacion_autoridad"
    )
    page.get_by_label("Soporte de la revocación").fill("Oficio Dimar No. 123")
    page.get_by_label("Motivo", exact=True).fill("Comunicación motivada de la Dimar")
    page.get_by_role("button", name="Guardar la línea").click()
    expect(_linea(page, "Brisa")).to_contain_text("Revocación del cupo")
    assert LineaAsignacion.objects.filter(resolucion=resolucion).count() == 3

    # 6. The considerations, written on the page (they go in the PDF).
    considerandos = page.get_by_label("Motivación de la resolución")
    considerandos.fill("Que la Dimar reportó el alta de la nave Nueva Esperanza.")
    page.get_by_role("button", name="Guardar los considerandos").click()
    expect(page.get_by_role("status")).to_contain_text("Se guardaron los considerandos")
    expect(page.get_by_role("heading", level=1)).to_have_text(titulo)
    assert_sin_violaciones_graves(page)
    for ancho, alto in ((1024, 768), (390, 844)):  # a landscape tablet and a phone
        page.set_viewport_size({"width": ancho, "height": alto})
        assert_sin_violaciones_graves(page)
        ancho_pagina = page.evaluate("() => document.documentElement.scrollWidth")
        assert ancho_pagina <= ancho, f"{ancho_pagina} px de ancho en una pantalla de {ancho} px"
    page.set_viewport_size({"width": 1280, "height": 800})
    if os.environ.get("SCREENSHOTS") == "1":
        CAPTURAS.mkdir(parents=True, exist_ok=True)
        page.get_by_role("heading", level=1).scroll_into_view_if_needed()
        page.screenshot(path=str(CAPTURAS / "resolucion-modificatoria.png"), full_page=True)

    # 7. Issue: the confirmation says what changes; the annual resolution's job does it.
    page.get_by_role("link", name="Expedir resolución").click()
    expect(page.get_by_role("main")).to_contain_text(
        re.compile(
            r"se expedirán 1 nuevo cupo y 1 cambio de galones .* por 42\.000,00 galones anuales, y se revocará 1"
        )
    )
    escribir_codigo(page, codigo(analista))
    page.get_by_role("button", name="Confirmar la expedición").click()
    expect(page.get_by_role("heading", level=2, name="Estado: Expedida")).to_be_visible(timeout=60_000)

    # 8. The signed PDF: the page waits for it and links to it when ready.
    enlace = page.get_by_role("link", name="Ver la resolución en PDF")
    expect(enlace).to_be_visible(timeout=90_000)
    respuesta = page.request.get(live_server.url + enlace.get_attribute("href"))
    assert respuesta.headers["content-type"] == "application/pdf"
    texto = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(respuesta.body())).pages)
    texto = " ".join(texto.split())
    assert "000120" in texto and "Nueva Esperanza" in texto and "Revocación del cupo" in texto
    assert "Que la Dimar reportó el alta de la nave Nueva Esperanza." in texto

    # 9. Bulk firmeza with its confirmation: the new cupos are firm; Brisa's is cancelled (DOMAIN §8: once
    # each beneficiary was notified and waived its recursos).
    procedimiento_cumplido(anual.anio, "000120")
    page.get_by_role("link", name="Ir a la resolución y declarar la firmeza").click()
    page.get_by_role("button", name="Declarar firmeza de todos los cupos expedidos").click()
    expect(page.locator("main")).to_contain_text(f"2 cupos de la resolución 000120 de {anual.anio} quedarán en firme")
    escribir_codigo(page, codigo(analista))
    page.get_by_role("button", name="Confirmar la firmeza").click()
    firmeza = page.get_by_role("region", name="Firmeza de los cupos")
    expect(firmeza.get_by_role("status")).to_contain_text("Se declaró la firmeza de 2 cupos")
    cambios = page.get_by_role("region", name="Qué cambió esta resolución")
    expect(cambios).to_contain_text("Revocación del cupo")
    expect(cambios).to_contain_text("Aumento de galones")
    assert_sin_violaciones_graves(page)
    nuevos = Cupo.objects.filter(resolucion=resolucion)
    assert set(nuevos.values_list("estado", flat=True)) == {Cupo.Estado.EN_FIRME}
    assert nuevos.get(beneficiario=naves["Doña Lucía"]).galones_anuales == Decimal("30000.00")
    cupos["Brisa"].refresh_from_db()
    assert cupos["Brisa"].estado == Cupo.Estado.CANCELADO
    assert cupos["Brisa"].causal_cancelacion == Cupo.Causal.COMUNICACION_AUTORIDAD
