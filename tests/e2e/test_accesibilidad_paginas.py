"""Issue 26: axe-core finds no serious or critical violation on the journeys' pages, at a landscape tablet's
1024 px and a phone's 390 px too, and no page is wider than the screen (defects 2 and 3)."""

import datetime as dt
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from tests.e2e.test_accesibilidad import assert_sin_violaciones_graves

pytestmark = pytest.mark.e2e

TABLETA_HORIZONTAL = {"width": 1024, "height": 768}
TELEFONO = {"width": 390, "height": 844}
ANCHOS = [pytest.param(TABLETA_HORIZONTAL, id="1024"), pytest.param(TELEFONO, id="390")]


# The outermost elements whose right edge passes the screen's (a table inside a scrolling box does not).
ANCHOS_JS = """(visible) => {
  const borde = (e) => e.getBoundingClientRect().right;
  return [...document.querySelectorAll('body *')]
    .filter(e => borde(e) > visible + 1 && borde(e.parentElement) <= visible + 1)
    .slice(0, 8)
    .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' ' + e.getAttribute('class') + ' ' + borde(e));
}"""


def assert_sin_desborde(page):
    ancho = page.evaluate("document.documentElement.scrollWidth")
    visible = page.viewport_size["width"]
    if ancho > visible:
        anchos = page.evaluate(ANCHOS_JS, visible)
        pytest.fail(f"{page.url}: la página mide {ancho} px en una pantalla de {visible} px; sobresalen: {anchos}")


@pytest.fixture
def analista(crear_usuario):
    return crear_usuario("analista1", "upme_analista")


@pytest.fixture
def cupo_vigente(analista, reglas):
    from cupos.services.cupos import cupo_declare_firm, cupo_grant
    from cupos.tests.factories import NaveFactory, ResolucionFactory

    nave = NaveFactory(nombre="Doña Lucía", matricula="MC-05-0777", trb=Decimal("120"))
    resolucion = ResolucionFactory(anio=2026, numero="000123", fecha_expedicion=dt.date(2026, 2, 24))
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("24000"))
    return cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=dt.date(2026, 3, 17))


@pytest.mark.parametrize("pantalla", ANCHOS)
def test_ficha_del_beneficiario_con_acciones_sobre_el_cupo(
    page, live_server, ingresar, analista, cupo_vigente, pantalla
):
    """Defect 2: the «Cancelar el cupo» card was dark grey on the danger red (contrast 1,12–2,24)."""
    page.set_viewport_size(pantalla)
    ingresar(page, analista.username)
    page.goto(live_server.url + f"/beneficiarios/{cupo_vigente.beneficiario_id}/")
    expect(page.get_by_role("heading", name="Cancelar el cupo")).to_be_visible()
    assert_sin_violaciones_graves(page)
    assert_sin_desborde(page)
