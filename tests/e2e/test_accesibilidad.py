"""WCAG 2.1 AA checks (Resolución MinTIC 1519 de 2020) with axe-core in Chromium.

axe-core is vendored in static/vendor/axe-core and injected only here; pages never load it. It is
injected by URL from the portal's own static files, so it runs under the page's Content-Security-Policy
like any of the portal's scripts (inline injection would be refused, as it should).
"""

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CLAVE, TABLETA
from tests.e2e.pasos import enlace_del_menu

pytestmark = pytest.mark.e2e

AXE = "/static/vendor/axe-core/axe.min.js"
ETIQUETAS_WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
GRAVES = {"serious", "critical"}


def violaciones_graves(page) -> list[dict]:
    origen = "/".join(page.url.split("/")[:3])
    page.add_script_tag(url=origen + AXE)
    resultado = page.evaluate(
        """(etiquetas) => axe.run(document, {runOnly: {type: 'tag', values: etiquetas}})""",
        ETIQUETAS_WCAG,
    )
    return [v for v in resultado["violations"] if v["impact"] in GRAVES]


def describir(violaciones: list[dict]) -> str:
    resumen = [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "helpUrl": v["helpUrl"],
            "nodes": [
                {"target": n["target"], "failureSummary": n.get("failureSummary")}
                for n in v["nodes"]
            ],
        }
        for v in violaciones
    ]
    return json.dumps(resumen, ensure_ascii=False, indent=2)


def assert_sin_violaciones_graves(page):
    violaciones = violaciones_graves(page)
    assert not violaciones, f"axe-core ({page.url}):\n{describir(violaciones)}"


@pytest.fixture
def oficial_cartagena(crear_usuario):
    from core.models import Capitania

    capitania = Capitania.objects.create(codigo="CP05", nombre="Cartagena")
    return crear_usuario("oficial1", "capitania_oficial", capitania=capitania)


def test_ingreso_sin_violaciones(page, live_server):
    page.goto(live_server.url + "/ingresar/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Iniciar sesión")
    assert_sin_violaciones_graves(page)


def test_ingreso_con_error_sin_violaciones(page, live_server, crear_usuario, ingresar):
    crear_usuario("analista1", "upme_analista")
    ingresar(page, "analista1", password="equivocada")
    expect(page.get_by_role("alert")).to_be_visible()
    assert_sin_violaciones_graves(page)


def test_inicio_analista_sin_violaciones(page, crear_usuario, ingresar):
    crear_usuario("analista1", "upme_analista")
    ingresar(page, "analista1")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")
    assert_sin_violaciones_graves(page)


def test_inicio_oficial_capitania_sin_violaciones(page, oficial_cartagena, ingresar):
    ingresar(page, oficial_cartagena.username)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")
    expect(page.get_by_text("Cartagena").first).to_be_visible()
    assert_sin_violaciones_graves(page)


def test_inicio_en_tableta_sin_violaciones_ni_desborde(page, crear_usuario, ingresar):
    page.set_viewport_size(TABLETA)
    crear_usuario("analista1", "upme_analista")
    ingresar(page, "analista1")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")
    assert_sin_violaciones_graves(page)
    ancho = page.evaluate("document.documentElement.scrollWidth")
    assert ancho <= TABLETA["width"], f"la página desborda horizontalmente ({ancho}px)"


def test_ingreso_solo_con_teclado(page, live_server, crear_usuario):
    from core.tests.segundo_factor import codigo
    from tests.e2e.pasos import CODIGO_INGRESO

    analista = crear_usuario("analista1", "upme_analista")
    page.goto(live_server.url + "/ingresar/")
    # The username field has autofocus: type, Tab to the password, Enter submits.
    expect(page.get_by_label("Usuario", exact=True)).to_be_focused()
    page.keyboard.type("analista1")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Contraseña", exact=True)).to_be_focused()
    page.keyboard.type(CLAVE)
    page.keyboard.press("Enter")
    # Issue 24: the analyst's second step; the code field has autofocus too.
    expect(page.get_by_role("heading", level=1)).to_have_text("Código de verificación")
    expect(page.get_by_label(CODIGO_INGRESO, exact=True)).to_be_focused()
    page.keyboard.type(codigo(analista))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")


def test_teclado_salta_al_contenido_con_foco_visible(page, crear_usuario, ingresar):
    crear_usuario("analista1", "upme_analista")
    ingresar(page, "analista1")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")

    page.keyboard.press("Tab")
    saltar = page.get_by_role("link", name="Saltar al contenido principal")
    expect(saltar).to_be_focused()
    expect(saltar).to_be_in_viewport()
    assert saltar.evaluate("e => getComputedStyle(e).outlineStyle") != "none"
    page.keyboard.press("Enter")
    expect(page.locator("main#contenido")).to_be_focused()

    # The next Tab lands inside the main content, past the header and the menu.
    page.keyboard.press("Tab")
    dentro = page.evaluate("document.activeElement.closest('main') !== null")
    assert dentro, page.evaluate("document.activeElement.outerHTML")


def test_busqueda_htmx_anuncia_resultados(page, live_server, crear_usuario, ingresar):
    from core.models import Capitania

    Capitania.objects.create(codigo="CP05", nombre="Cartagena")
    Capitania.objects.create(codigo="CP01", nombre="Barranquilla")
    crear_usuario("analista1", "upme_analista")
    ingresar(page, "analista1")
    enlace_del_menu(page, "Capitanías").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Capitanías de puerto")

    page.get_by_label("Buscar por código o nombre").fill("Carta")

    expect(page.get_by_role("status")).to_have_text("1 capitanía encontrada.")
    expect(page.get_by_role("cell", name="Cartagena")).to_be_visible()
    expect(page.get_by_role("cell", name="Barranquilla")).to_have_count(0)
    assert_sin_violaciones_graves(page)
