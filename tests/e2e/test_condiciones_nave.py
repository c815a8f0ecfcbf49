"""A foreign vessel's standing conditions in Chromium (R-26): the day after its bank guarantee ends the officer's
counter refuses the certificate; the analyst records a new guarantee and two landings on the vessel's page, reads
landed vs minimum pro rata (chart and table), the deadline check warns that the guarantee ends within 30 days,
and the counter issues again."""

import datetime as dt
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from core.comun.fechas import fecha_larga
from cupos.tests.reglas import cargar_reglas_r10
from tests.e2e.pasos import enlace_del_menu
from tests.e2e.test_accesibilidad import assert_sin_violaciones_graves

pytestmark = pytest.mark.e2e


def salir(page) -> None:
    """The person closes the session as anyone would (clearing cookies under a page that still had requests in
    flight left a stale CSRF cookie: the next login got Django's 403 page)."""
    page.wait_for_load_state("networkidle")
    page.get_by_role("button", name="Cerrar sesión").click()
    expect(page.get_by_role("button", name="Cerrar sesión")).to_have_count(0)


@pytest.fixture
def hoy():
    from core.vencimientos.calendario import today

    return today()


@pytest.fixture
def nave_extranjera(live_server, hoy):
    """A Panamanian-flag fishing vessel with its cupo in force, whose only guarantee ended yesterday."""
    from cupos.tests.factories import garantia
    from zarpes.tests.factories import nave_con_cupo

    cargar_reglas_r10()  # a live-server test flushes the rules the migration seeded
    firmeza = max(dt.date(hoy.year, 1, 2), hoy - dt.timedelta(days=60))
    nave, _ = nave_con_cupo(
        nombre="Estrella del Pacífico", matricula="MC-05-0888", tipo="nave_extranjera", bandera="PA",
        empresa_nit="900123456", permiso_vigente_hasta=hoy + dt.timedelta(days=300), firmeza=firmeza,
        garantia_hasta=None,
    )
    garantia(nave, anio=hoy.year, vigente_hasta=hoy - dt.timedelta(days=1), numero="GB-2025-0031")
    return nave


def test_r26_garantia_y_desembarques_de_la_nave_extranjera_en_el_navegador(
    page, live_server, crear_usuario, ingresar, nave_extranjera, hoy
):
    from core.models import Alerta, Capitania
    from cupos.models import Desembarque, GarantiaNave
    from zarpes.models import Certificado, Zarpe

    oficial = crear_usuario("oficial_r26", "capitania_oficial", capitania=Capitania.objects.get(codigo="CP05"))
    analista = crear_usuario("analista_r26", "upme_analista")
    ayer = hoy - dt.timedelta(days=1)

    # 1. The day after the guarantee ends, the counter warns and refuses: no zarpe, no certificate.
    ingresar(page, oficial.username)
    page.goto(live_server.url + f"/zarpes/?nave={nave_extranjera.id}")
    panel = page.locator("#panel-nave")
    expect(panel.get_by_role("alert")).to_contain_text("Sin garantía bancaria vigente.")
    expect(panel.get_by_role("alert")).to_contain_text(f"venció el {fecha_larga(ayer)}")
    panel.get_by_label("Galones solicitados").fill("500")
    panel.get_by_role("button", name="Expedir certificado").click()
    expect(panel).to_contain_text("desde el día siguiente no se expiden certificados")
    assert not Zarpe.objects.filter(nave=nave_extranjera).exists()
    assert not Certificado.objects.filter(nave=nave_extranjera).exists()
    salir(page)

    # 2. The analyst records the new guarantee on the vessel's page; one under 10 % is refused first.
    ingresar(page, analista.username)
    page.goto(live_server.url + f"/beneficiarios/{nave_extranjera.id}/")
    seccion = page.locator("section").filter(has=page.get_by_role("heading", name="Condiciones de la nave extranjera"))
    expect(seccion.get_by_role("alert")).to_contain_text("Sin garantía bancaria vigente hoy.")
    form = seccion.locator("form").filter(has=page.get_by_role("heading", name="Registrar una garantía bancaria"))
    hasta = hoy + dt.timedelta(days=20)
    form.get_by_label("Desembarque mínimo del año (kg)").fill("120000")
    form.get_by_label("Valor declarado del desembarque mínimo").fill("600000000")
    form.get_by_label("Banco", exact=True).fill("Banco de Bogotá")
    form.get_by_label("Número de la garantía").fill("GB-2026-0107")
    form.get_by_label("Valor de la garantía").fill("50000000")  # 8.3 %: under R-26's 10 %
    form.get_by_label("Vigente hasta").fill(hasta.isoformat())
    form.get_by_label("Soporte").fill("Garantía GB-2026-0107 y constancia AUNAP 2026-114")
    form.get_by_role("button", name="Registrar la garantía").click()
    expect(page.locator("body")).to_contain_text("10 %")
    assert not GarantiaNave.objects.filter(numero="GB-2026-0107").exists()
    form = page.locator("form").filter(has=page.get_by_role("heading", name="Registrar una garantía bancaria"))
    expect(form.get_by_label("Número de la garantía")).to_have_value("GB-2026-0107")  # nothing typed is lost
    form.get_by_label("Valor de la garantía").fill("60000000")
    form.get_by_role("button", name="Registrar la garantía").click()
    expect(page.locator(".mensajes")).to_contain_text(
        "Se registró la garantía bancaria de la nave."
    )
    seccion = page.locator("section").filter(has=page.get_by_role("heading", name="Condiciones de la nave extranjera"))
    expect(seccion).to_contain_text("N.º GB-2026-0107, Banco de Bogotá")
    expect(seccion).to_contain_text(fecha_larga(hasta))

    # 3. Two landings; the page reads landed vs minimum pro rata, as a chart and as its table.
    for dias, kg, leido, certificado in ((30, "18000", "18.000,00", "AUNAP-DS-5521"),
                                         (10, "9500,5", "9.500,50", "AUNAP-DS-5588")):
        form = page.locator("form").filter(has=page.get_by_role("heading", name="Registrar un desembarque"))
        form.get_by_label("Fecha del desembarque").fill((hoy - dt.timedelta(days=dias)).isoformat())
        form.get_by_label("Puerto colombiano").select_option("CP05")
        form.get_by_label("Kilogramos desembarcados").fill(kg)
        form.get_by_label("Certificado de desembarque (AUNAP/ICA)").fill(certificado)
        form.get_by_role("button", name="Registrar el desembarque").click()
        expect(page.locator(".mensajes")).to_contain_text(f"Se registró el desembarque de {leido} kg.")
    assert Desembarque.objects.filter(beneficiario=nave_extranjera).count() == 2
    seccion = page.locator("section").filter(has=page.get_by_role("heading", name="Condiciones de la nave extranjera"))
    cifras = seccion.locator("dl.cifras").last
    expect(cifras).to_contain_text("120.000,00")
    expect(cifras).to_contain_text("27.500,50")
    grafico = seccion.locator("canvas#grafico-condiciones")
    expect(grafico).to_be_visible()
    page.wait_for_function("() => window.Chart && Chart.getChart('grafico-condiciones') !== undefined")
    datos = page.evaluate(
        "() => Chart.getChart('grafico-condiciones').data.datasets.map(d => d.data[d.data.length - 1])"
    )
    assert 27500.5 in [float(x) for x in datos]  # the bars end on what landed
    expect(seccion.get_by_role("table", name=re.compile("Desembarcado acumulado"))).to_contain_text("27.500,50")
    assert_sin_violaciones_graves(page)

    # 4. The daily deadline check warns 30 days before the guarantee ends; the analyst reads it in Spanish.
    call_command("revisar_plazos", fecha=hoy.isoformat())
    assert Alerta.objects.filter(tipo="garantia_por_vencer", beneficiario=nave_extranjera).exists()
    enlace_del_menu(page, "Alertas").first.click()
    page.get_by_role("link", name=re.compile("Garantía bancaria de nave extranjera por vencer")).first.click()
    expect(page.locator("main")).to_contain_text(f"vence el {fecha_larga(hasta)}")
    expect(page.locator("main")).to_contain_text("Estrella del Pacífico")
    expect(page.locator("main")).not_to_contain_text("garantia_por_vencer")
    salir(page)

    # 5. With the guarantee in force, the counter issues the certificate.
    ingresar(page, oficial.username)
    page.goto(live_server.url + f"/zarpes/?nave={nave_extranjera.id}")
    panel = page.locator("#panel-nave")
    expect(panel).not_to_contain_text("Sin garantía bancaria vigente.")
    panel.get_by_label("Galones solicitados").fill("500")
    panel.get_by_role("button", name="Expedir certificado").click()
    expect(panel.get_by_role("heading", level=2)).to_contain_text("Certificado expedido")
    assert Certificado.objects.filter(nave=nave_extranjera).count() == 1
