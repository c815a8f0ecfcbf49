"""The cargo reservation's demo as its users meet it in Chromium: each demo user of the module logs in
and opens every page of its menu, the module's sections and the first record of each list. Every page
answers 200, passes axe-core, and shows no raw internal code (snake_case values such as «regimen_especial») outside
the <code> elements that show a file's columns on purpose."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_accesibilidad import assert_sin_violaciones_graves

pytestmark = pytest.mark.e2e

USUARIOS = (
    "agente",
    "agente.pacifico",
    "importador",
    "importador.valle",
    "exportador.cafe",
    "conferencia",
    "dimar",
    "oficial.cartagena",
)
# A code is a lowercase word joined by underscores, not inside an e-mail, a path or a file name.
CODIGO = re.compile(r"(?<![\w@./-])[a-z]+(?:_[a-z0-9]+)+(?![\w@.-])")
# Only the pages this module owns (and the home page and alerts, where its alerts show) are held to it.
PROPIAS = ("/reserva/", "/alertas/")
# The main content's text without <code> elements: a file's column names (usuario_nit, flete_usd) are
# shown on purpose, as literal text the user types in a CSV header.
SIN_CODE = """() => {
  const main = document.querySelector('main').cloneNode(true);
  main.querySelectorAll('code, script, style, template').forEach(e => e.remove());
  return main.textContent;
}"""


def codigos_crudos(texto: str) -> list[str]:
    return sorted(set(CODIGO.findall(texto)))


def recorrer(page, base: str, username: str, clave: str, *, axe: bool = False) -> list[tuple[str, int, list[str]]]:
    """Log in and visit the user's menu, the reserva sections and one record of each reserva list.
    Returns (path, status, raw codes) for every page visited; with `axe`, each reserva page also
    passes axe-core (no serious or critical WCAG 2.1 AA violation)."""
    page.goto(base + "/ingresar/")
    page.get_by_label("Usuario", exact=True).fill(username)
    page.get_by_label("Contraseña", exact=True).fill(clave)
    page.get_by_role("button", name="Ingresar").click()
    from django.contrib.auth import get_user_model

    from core.identidad import segundo_factor
    from tests.e2e.pasos import CODIGO_INGRESO, escribir_codigo

    usuario = get_user_model().objects.get(username=username)
    if segundo_factor.requiere(usuario):  # Dimar decides acts: the code of its app (issue 24)
        page.wait_for_url("**/ingresar/codigo/**")
        escribir_codigo(
            page, segundo_factor.codigo_actual(segundo_factor.dispositivo(usuario)), etiqueta=CODIGO_INGRESO
        )
        page.get_by_role("button", name="Verificar").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")
    menu = page.eval_on_selector_all('nav[aria-label="Menú principal"] a', "as => as.map(a => a.getAttribute('href'))")
    cola, vistos, visitas = ["/", *menu], set(), []
    while cola:
        ruta = cola.pop(0)
        if not ruta or ruta in vistos or not ruta.startswith("/") or ruta.startswith(("/admin", "/api")):
            continue
        vistos.add(ruta)
        respuesta = page.goto(base + ruta)
        texto = page.evaluate(SIN_CODE)
        propia = ruta == "/" or ruta.startswith(PROPIAS)
        visitas.append((ruta, respuesta.status, codigos_crudos(texto) if propia else []))
        if not ruta.startswith("/reserva/"):
            continue
        if axe:
            page.wait_for_load_state("load")
            assert_sin_violaciones_graves(page)
        secciones = page.eval_on_selector_all("main nav a", "as => as.map(a => a.getAttribute('href'))")
        primeros = page.eval_on_selector_all(
            "main table tbody tr:first-child a", "as => as.map(a => a.getAttribute('href'))"
        )
        for enlace in [*secciones, *primeros]:
            if (
                enlace
                and enlace.startswith("/reserva/")
                and "?" not in enlace
                and not enlace.endswith((".pdf", ".csv", "/archivo/"))
            ):
                cola.append(enlace)
    return visitas


@pytest.fixture
def demo(live_server):
    from core import demo as core_demo
    from core.demo import CLAVE_DEMO
    from core.vencimientos.calendario import today
    from core.vencimientos.plazos import revisar_plazos
    from reserva import demo as reserva_demo

    core_demo.cargar()
    reserva_demo.cargar()
    revisar_plazos(fecha=today())
    return CLAVE_DEMO


def test_cada_usuario_de_la_demo_recorre_su_menu(page, browser, live_server, demo, registro_axe):
    """Every demo user of the module in turn, on one load of the demo, each in a browser of their own (the
    first in the test's page, whose teardown checks every page of every user at three widths with that
    user's session, and fails on anything the Content-Security-Policy blocked)."""
    fallas, bloqueos = {}, []
    for i, username in enumerate(USUARIOS):
        if i == 0:
            pagina, contexto = page, None
        else:
            contexto = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-CO")
            contexto.set_default_timeout(10_000)
            pagina = contexto.new_page()
            pagina.on(
                "console",
                lambda m: bloqueos.append(m.text)
                if m.type == "error" and "Content Security Policy" in m.text
                else None,
            )
        registro_axe.ingreso(pagina, username)
        visitas = recorrer(pagina, live_server.url, username, demo, axe=True)
        if not any(ruta.startswith("/reserva/") for ruta, _, _ in visitas):
            fallas.setdefault(username, []).append(("ninguna página de la reserva de carga", visitas))
        if malas := [(ruta, estado, codigos) for ruta, estado, codigos in visitas if estado != 200 or codigos]:
            fallas.setdefault(username, []).extend(malas)
        if contexto is not None:
            contexto.close()
    assert bloqueos == [], "Content-Security-Policy blocked:\n" + "\n".join(bloqueos)
    assert fallas == {}, fallas
