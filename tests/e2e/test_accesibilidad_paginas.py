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


@pytest.fixture
def zarpes_de_hoy(live_server, reglas):
    """Two certificates issued today in Cartagena to Doña Lucía: one waiting for its inspector's report,
    the other annulled (the vessel did not sail)."""
    from core.identidad.roles import Rol
    from core.models import Capitania
    from core.tests.factories import UsuarioFactory
    from core.vencimientos.calendario import today
    from zarpes.services.certificados import certificado_annul
    from zarpes.services.zarpes import zarpe_request
    from zarpes.tests.factories import nave_con_cupo

    nave, _ = nave_con_cupo(nombre="Doña Lucía", matricula="MC-05-0777", capacidad="30000")
    capitania = Capitania.objects.get(codigo="CP05")
    expide = UsuarioFactory(rol=Rol.CAPITANIA_OFICIAL, capitania=capitania)
    anterior = None
    zarpes = []
    for _ in range(2):
        zarpe = zarpe_request(
            actor=expide,
            nave_id=nave.id,
            capitania="CP05",
            fecha=today(),
            galones_solicitados=Decimal("800"),
            certificado_anterior=anterior,
        )
        anterior = zarpe.certificado.numero
        zarpes.append(zarpe)
    certificado_annul(actor=expide, numero=anterior, motivo="La nave no zarpó por mal tiempo")
    from zarpes.tests.factories import designar

    designar(expide, desde=today())  # the report's form offers Cartagena's designated inspector
    return zarpes  # the one in force, the annulled one


@pytest.fixture
def oficial(crear_usuario, zarpes_de_hoy):
    from core.models import Capitania

    return crear_usuario("oficial1", "capitania_oficial", capitania=Capitania.objects.get(codigo="CP05"))


@pytest.mark.parametrize("pantalla", ANCHOS)
def test_zarpes_del_oficial_caben_en_la_pantalla(page, live_server, ingresar, oficial, zarpes_de_hoy, pantalla):
    """Defect 3: on a 1024 px landscape tablet the day's table was 1,217 px wide, the inspector's inputs and the
    caption cut off; an annulled certificate still wore the green «Certificado expedido» badge."""
    page.set_viewport_size(pantalla)
    ingresar(page, oficial.username)
    page.goto(live_server.url + "/zarpes/")
    page.wait_for_load_state("load")
    assert_sin_violaciones_graves(page)
    assert_sin_desborde(page)
    vigente, anulado = (page.locator(f"#zarpe-{z.id}") for z in zarpes_de_hoy)
    expect(anulado.locator(".estado")).to_have_text(["Certificado anulado"])
    expect(vigente.locator(".estado")).to_have_text(["Certificado expedido"])
    for elemento in (
        vigente.get_by_label("Galones verificados"),
        vigente.get_by_label("Inspector de contaminación designado"),
        vigente.get_by_role("button", name="Revisar el informe"),
        page.locator("#zarpes-del-dia caption"),
    ):
        caja = elemento.bounding_box()
        assert caja["x"] >= 0 and caja["x"] + caja["width"] <= pantalla["width"], (elemento, caja)


def test_el_informe_del_inspector_se_confirma_en_su_fila(page, live_server, ingresar, oficial, zarpes_de_hoy):
    """Defect 8: the report is final (its refund cannot be undone): the row says what will happen first."""
    from zarpes.models import Inspeccion

    page.set_viewport_size(TABLETA_HORIZONTAL)
    ingresar(page, oficial.username)
    page.goto(live_server.url + "/zarpes/")
    page.wait_for_load_state("load")
    vigente = page.locator(f"#zarpe-{zarpes_de_hoy[0].id}")
    vigente.get_by_label("Galones verificados").fill("700")
    vigente.get_by_label("Inspector de contaminación designado").select_option(label="Marta Elena Ríos (C.C. 45123456)")
    vigente.get_by_role("button", name="Revisar el informe").click()
    expect(vigente.get_by_role("heading", level=3)).to_contain_text("Registrar el informe del inspector")
    expect(vigente).to_contain_text("Se reintegran 100,00 galones al saldo del cupo de Doña Lucía.")
    expect(vigente).to_contain_text("Lo firma el inspector designado Marta Elena Ríos (C.C. 45123456)")
    assert not Inspeccion.objects.exists()
    assert_sin_violaciones_graves(page)
    vigente.get_by_role("button", name="Confirmar el informe").click()
    expect(vigente).to_contain_text("Se reintegraron 100,00 galones")
    assert Inspeccion.objects.get().galones_verificados == Decimal("700.00")
    assert Inspeccion.objects.get().inspector.nombre == "Marta Elena Ríos"


@pytest.mark.parametrize("pantalla", ANCHOS)
def test_r13_inspectores_designados_caben_en_la_pantalla(page, live_server, ingresar, oficial, zarpes_de_hoy, pantalla):
    """R-13: the capitanía's register of designated inspectors, its filter and its forms, on a tablet and a phone."""
    page.set_viewport_size(pantalla)
    ingresar(page, oficial.username)
    page.goto(live_server.url + "/zarpes/")
    page.get_by_role("link", name="Inspectores designados").first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Inspectores designados")
    expect(page.locator("table")).to_contain_text("Marta Elena Ríos")
    assert_sin_violaciones_graves(page)
    assert_sin_desborde(page)
    page.get_by_label("Designaciones").select_option("vencidos")
    page.get_by_role("button", name="Filtrar").click()
    expect(page.locator(".vacio")).to_contain_text("No hay designaciones vencidas")
    assert_sin_violaciones_graves(page)


@pytest.mark.parametrize("pantalla", ANCHOS)
def test_el_menu_del_analista_se_agrupa_y_se_abre_con_el_teclado(page, live_server, ingresar, analista, pantalla):
    """Defect 11: the analyst's 30 links took 4 rows at 1024 px; grouped by task, one row, keyboard-operable."""
    page.set_viewport_size(pantalla)
    ingresar(page, analista.username)
    navegacion = page.get_by_role("navigation", name="Menú principal")
    if pantalla["width"] >= 1024:
        alto = navegacion.bounding_box()["height"]
        assert alto <= 60, f"el menú ocupa {alto} px: más de una fila"
    resumen = navegacion.locator("summary", has_text="Cupos")
    resumen.focus()
    page.keyboard.press("Enter")
    beneficiarios = navegacion.get_by_role("link", name="Beneficiarios")
    expect(beneficiarios).to_be_visible()
    page.keyboard.press("Tab")
    expect(navegacion.get_by_role("link", name="Tablero de cupos")).to_be_focused()
    assert_sin_violaciones_graves(page)
    assert_sin_desborde(page)
    beneficiarios.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Beneficiarios")


@pytest.mark.parametrize("pantalla", ANCHOS)
def test_paginas_del_mayorista_y_publicas(page, live_server, ingresar, crear_usuario, pantalla):
    """The wholesaler's report upload and sale check, and the public pages, at 1024 and 390 px."""
    from core.tests.factories import DistribuidorFactory

    crear_usuario("mayorista1", "distribuidor", distribuidor=DistribuidorFactory(nit="900456123"))
    page.set_viewport_size(pantalla)
    for ruta in ("/fronteras/transparencia/", "/verificar/"):
        page.goto(live_server.url + ruta)
        page.wait_for_load_state("load")
        assert_sin_violaciones_graves(page)
        assert_sin_desborde(page)
    ingresar(page, "mayorista1")
    for ruta in ("/distribuidores/reportes/", "/distribuidores/verificar/"):
        page.goto(live_server.url + ruta)
        page.wait_for_load_state("load")
        assert_sin_violaciones_graves(page)
        assert_sin_desborde(page)


def test_axe_en_los_recorridos_lee_cada_ancho(page, live_server, browser, registro_axe):
    """The check every journey ends with (tests/e2e/recorridos_axe.py): a grey text that only a phone's
    stylesheet makes unreadable is reported at 390 px alone, with its rule and node."""
    html = (
        "<!doctype html><html lang='es'><head><title>Prueba</title>"
        "<style>@media (max-width: 600px) { .aviso { color: #bbb; } }</style></head>"
        "<body><main><h1>Prueba</h1><p class='aviso'>Texto que en el teléfono se lee mal</p>"
        "<form method='post'><button>Enviar</button></form></main></body></html>"
    )
    page.route("**/prueba-de-axe/", lambda ruta: ruta.fulfill(status=200, content_type="text/html", body=html))
    page.goto(live_server.url + "/prueba-de-axe/")
    page.get_by_role("button", name="Enviar").click()  # the answer to a form is checked as it was left
    page.wait_for_load_state("load")
    hallazgos = registro_axe.revisar(browser)
    assert len(hallazgos) == 1, hallazgos
    assert "/prueba-de-axe/ (como quedó al final del recorrido) a 390 px: color-contrast (serious)" in hallazgos[0]
    assert "#bbbbbb" in hallazgos[0]  # the node and its colours


@pytest.mark.parametrize("pantalla", ANCHOS)
def test_issue45_listas_con_filtros_y_la_resolucion_caben_en_la_pantalla(
    page, live_server, ingresar, analista, cupo_vigente, pantalla
):
    """Issue 45, defect 13: /resoluciones/<id>/ scrolled to 1.227 px at 1024 px (hidden spans escaping the table's
    scrolling box); at 390 px the filter bars of the list pages overflowed (/alertas/ 589 px, …)."""
    page.set_viewport_size(pantalla)
    ingresar(page, analista.username)
    for direccion in (
        f"/resoluciones/{cupo_vigente.resolucion_id}/",
        "/alertas/",
        "/fronteras/municipios/",
        "/beneficiarios/",
        "/resoluciones/",
        "/calendario/",
    ):
        page.goto(live_server.url + direccion)
        expect(page.locator("main h1")).to_be_visible()
        assert_sin_desborde(page)


def test_issue45_el_detector_de_desborde_nombra_lo_que_sale_y_no_lo_que_se_desplaza_en_su_caja(page):
    """The journeys' check of no sideways scroll at 1024 and 390 px (tests/e2e/recorridos_axe.py): it names the
    element that sticks out, and leaves alone a wide table inside its own scrolling box."""
    from tests.e2e.recorridos_axe import DESBORDE

    page.set_viewport_size({"width": 390, "height": 800})
    page.set_content(
        '<main><form id="ancho" class="filtros"><p class="fila">x</p></form></main>'
        '<div class="desplazable"><table id="tabla"><tr><td>a</td></tr></table></div>'
    )
    page.evaluate(
        "() => { document.querySelector('#tabla').style.width = '900px';"
        " document.querySelector('.desplazable').style.overflowX = 'auto'; }"
    )
    assert page.evaluate(DESBORDE) is None
    page.evaluate("() => { document.querySelector('#ancho').style.width = '600px'; }")
    hallazgo = page.evaluate(DESBORDE)
    assert hallazgo["exceso"] > 200 and hallazgo["elementos"][0].startswith("form#ancho.filtros")


def test_issue45_un_formulario_con_una_opcion_larga_cabe_en_un_telefono(page, live_server, crear_usuario, ingresar):
    """A fieldset is as wide as its widest content by default: a long capitanía name in its select pushed the
    vessel form 424 px past a 390 px phone (make run's demo, 121 px). The fieldset now shrinks to the column."""
    from core.tests.factories import CapitaniaFactory
    from tests.e2e.recorridos_axe import DESBORDE

    CapitaniaFactory(
        codigo="CP99", nombre="Capitanía de Puerto de San Andrés, Providencia y Santa Catalina (Archipiélago)"
    )
    crear_usuario("analista1", "upme_analista")
    ingresar(page, "analista1")
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(live_server.url + "/beneficiarios/nuevo/?tipo=nave_nacional")
    assert page.locator("fieldset").count() >= 2 and page.evaluate(DESBORDE) is None
