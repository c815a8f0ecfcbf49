"""Border zones in Chromium: an analyst makes DOMAIN.md's border example through the form and
makes it final; anyone, without logging in, then sees the volumes on the transparency page."""

import datetime as dt
import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from core.tests.segundo_factor import codigo
from tests.e2e.conftest import TABLETA
from tests.e2e.pasos import (
    TABLA_ASIGNACION,
    enlace_del_menu,
    expedir_asignacion_acpm,
    procedimiento_cumplido_fronteras,
)
from tests.e2e.test_accesibilidad import assert_sin_violaciones_graves

pytestmark = pytest.mark.e2e

D = dt.date


@pytest.fixture
def analista(crear_usuario):
    return crear_usuario("analista1", "upme_analista")


@pytest.fixture
def cucuta(analista):
    """120,000 inhabitants; A buys 30,000/month and holds 10,000; B buys 10,000, holds 10,000 and
    belongs to a qualifying transport company, certified for 2026 (F-04). Both delivered their
    certificate on time."""
    from fronteras.models import CompraHistorica
    from fronteras.services import estaciones, municipios

    municipios.municipio_create(
        actor=analista, codigo_dane="54001", nombre="Cúcuta", departamento="Norte de Santander", poblacion=120_000
    )
    for letra, transporte, compras in (("A", False, 30_000), ("B", True, 10_000)):
        estacion = estaciones.estacion_create(
            actor=analista,
            codigo=f"EDS-{letra}",
            nombre=f"Estación {letra}",
            municipio="54001",
            capacidad_certificada_gal=Decimal("10000"),
            fecha_certificado=D(2025, 11, 15),
            fecha_entrega_certificado=D(2026, 1, 20),
            empresa_transporte=transporte,
        )
        if transporte:
            estaciones.certificado_transporte_register(
                actor=analista, estacion=estacion, vigente_desde=D(2026, 1, 1), vigente_hasta=D(2026, 12, 31),
                subsidio_pct=Decimal("30"), fecha_entrega=D(2026, 1, 20))
        CompraHistorica.objects.bulk_create(
            [
                CompraHistorica(estacion=estacion, periodo=D(anio, mes, 1), combustible="acpm", galones=compras)
                for anio in (2024, 2025)
                for mes in range(1, 13)
            ]
        )


def test_analista_crea_la_asignacion_y_el_publico_la_ve(browser, page, live_server, ingresar, analista, cucuta):
    ingresar(page, analista.username)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")
    enlace_del_menu(page, "Zonas de frontera").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Municipios de zonas de frontera")
    page.get_by_role("navigation", name="Zonas de frontera").get_by_role("link", name="Asignaciones").click()
    page.get_by_role("link", name="Nueva asignación").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Nueva asignación de volúmenes máximos")
    page.wait_for_load_state("load")  # htmx is a deferred script: choose once it listens

    expedir_asignacion_acpm(
        page, municipio="54001", participan="2 de 2 estaciones participan", indicador="0,5", sin_gnv_en="Cúcuta",
        codigo=codigo(analista),
    )

    expect(page.get_by_role("heading", level=1)).to_have_text("Cúcuta: ACPM 2026–2027")
    expect(page.get_by_role("status")).to_contain_text("72.000,00 galones al mes")
    estaciones = page.get_by_role("table", name=re.compile("Participación, volumen mensual y adicional"))
    fila_a = estaciones.get_by_role("row", name=re.compile("Estación A"))
    expect(fila_a).to_contain_text("67,5 %")
    expect(fila_a).to_contain_text("48.600,00")
    fila_b = estaciones.get_by_role("row", name=re.compile("Estación B"))
    expect(fila_b).to_contain_text("32,5 %")
    expect(fila_b).to_contain_text("23.400,00")
    expect(fila_b).to_contain_text("11.700,00")
    assert_sin_violaciones_graves(page)

    # DOMAIN §8 (P-05): the act issued today cannot be final on 11 April: the page says why, in Spanish.
    page.get_by_label("Fecha de ejecutoria").fill("2026-04-11")
    page.get_by_role("button", name="Registrar ejecutoria").click()
    expect(page.get_by_role("main")).to_contain_text("La ejecutoria no puede ser anterior al acto")
    # The act recorded as issued on paper on 1 April, each station notified and waiving its recursos the next day.
    procedimiento_cumplido_fronteras(TABLA_ASIGNACION, D(2026, 4, 1))
    page.get_by_label("Fecha de ejecutoria").fill("2026-04-11")
    page.get_by_role("button", name="Registrar ejecutoria").click()
    expect(page.get_by_role("main")).to_contain_text("quedará ejecutoriada el 11 de abril de 2026")
    page.get_by_role("button", name="Confirmar la ejecutoria").click()
    expect(page.get_by_role("status")).to_contain_text("quedó ejecutoriada el 11 de abril de 2026")
    expect(fila_a).to_contain_text("32.400,00")

    # Anyone, without logging in: a new browser context has no session.
    publico = browser.new_context(viewport=TABLETA, locale="es-CO")
    try:
        visitante = publico.new_page()
        visitante.goto(live_server.url + "/fronteras/transparencia/?periodo=2026-04")
        expect(visitante.get_by_role("heading", level=1)).to_have_text(
            "Combustibles en zonas de frontera: volúmenes y entregas"
        )
        expect(visitante.get_by_role("navigation", name="Menú principal")).to_have_count(0)
        tabla = visitante.get_by_role("table", name=re.compile("Norte de Santander"))
        expect(tabla.get_by_role("row", name=re.compile("Estación A"))).to_contain_text("32.400,00")
        expect(tabla.get_by_role("row", name=re.compile("Estación B"))).to_contain_text("23.400,00")
        expect(visitante.get_by_role("link", name=re.compile("descargar CSV"))).to_have_attribute(
            "href", "/api/v1/fronteras/transparencia/?periodo=2026-04&formato=csv"
        )

        visitante.get_by_label("Mes (AAAA-MM)").select_option("2026-05")
        visitante.get_by_role("button", name="Consultar").click()
        expect(visitante).to_have_url(re.compile(r"periodo=2026-05"))
        tabla = visitante.get_by_role("table", name=re.compile("Norte de Santander"))
        expect(tabla.get_by_role("row", name=re.compile("Estación A"))).to_contain_text("48.600,00")
        expect(tabla.get_by_role("row", name=re.compile("Estación B"))).to_contain_text("35.100,00")
        expect(visitante.locator("#grafico-norte-de-santander")).to_be_visible()
    finally:
        publico.close()


def test_transparencia_sin_violaciones_graves(page, live_server, analista, cucuta):
    from fronteras.services import asignaciones as services
    from fronteras.tests.factories import ejecutoriar

    asignacion = services.asignacion_create(
        actor=analista,
        municipio="54001",
        combustible="acpm",
        anio_inicio=2026,
        indicador_per_capita=Decimal("0.5"),
        factor_gnv=Decimal("1.2"),
        factor_flujo=Decimal("1.0"),
    )
    ejecutoriar(analista, asignacion, D(2026, 4, 11))  # its act recorded before the procedure
    page.goto(live_server.url + "/fronteras/transparencia/?periodo=2026-04")
    expect(page.locator("#grafico-norte-de-santander")).to_be_visible()
    page.wait_for_load_state("load")
    assert_sin_violaciones_graves(page)
    page.set_viewport_size(TABLETA)
    assert_sin_violaciones_graves(page)


def test_ecopetrol_registra_un_contrato_con_su_orden_de_prelacion(page, live_server, ingresar, crear_usuario, cucuta):
    """F-01: Ecopetrol contracts a registered tercero (third tier): the form asks for the reason and MinMinas'
    registration in Spanish, and the list shows the tier, without rule codes, on a phone too."""
    from core.tests.factories import DistribuidorFactory
    from fronteras.models import ContratoEcopetrol

    DistribuidorFactory(nit="830112233", tipo="tercero", razon_social="Combustibles Frontera S.A.S.")
    crear_usuario("ecopetrol1", "ecopetrol")
    ingresar(page, "ecopetrol1")
    page.goto(live_server.url + "/fronteras/contratos/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Contratos de distribución con Ecopetrol")
    page.get_by_label("Distribuidor contratado").select_option("830112233")
    page.get_by_label("Municipio").select_option("54001")
    page.get_by_label("Contrato o cesión de Ecopetrol").fill("Contrato Ecopetrol 5211 de 2026")
    page.get_by_label("Vigente desde").fill("2026-04-15")
    page.get_by_label("Orden de prelación").select_option("3")
    page.get_by_role("button", name="Registrar contrato").click()
    expect(page.locator("#id_motivo_error")).to_contain_text("Indique por qué las plantas y canales de mayor prelación")
    expect(page.locator("#id_registro_minminas_error")).to_contain_text("Indique el acto del Ministerio de Minas")
    assert not ContratoEcopetrol.objects.exists()
    page.get_by_label("Por qué los órdenes de mayor prelación no pueden atender").fill(
        "Las plantas no llegan por carretera a los corregimientos rurales.")
    page.get_by_label("Acto del MinMinas que registró al tercero").fill("Resolución MinMinas 31245 de 2023")
    page.get_by_role("button", name="Registrar contrato").click()
    expect(page.get_by_text("Se registró el contrato de Combustibles Frontera S.A.S. en Cúcuta")).to_be_visible()
    fila = page.get_by_role("table", name=re.compile("Contratos registrados")).get_by_role(
        "row", name=re.compile("Combustibles Frontera"))
    expect(fila).to_contain_text("3. Terceros registrados en el MinMinas")
    expect(fila).to_contain_text("Resolución MinMinas 31245 de 2023")
    assert "F-01" not in page.locator("main").inner_text()
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_load_state("load")
    assert_sin_violaciones_graves(page)
