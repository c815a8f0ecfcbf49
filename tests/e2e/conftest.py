"""Browser fixtures for the end-to-end tests: Playwright's sync API driving Debian's Chromium.

The Makefile installs Chromium with apt; Playwright's own browser download is never used,
so a missing /usr/bin/chromium is a broken machine and the tests fail instead of skipping.
"""

import os

import pytest

from cupos.tests.reglas import cargar_reglas_r10

# Playwright's sync API runs an asyncio loop in this thread; Django would otherwise refuse
# ORM calls made from the test body (SynchronousOnlyOperation).
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

from playwright.sync_api import sync_playwright

from tests.e2e.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.recorridos_axe import TIEMPOS, NavegadorRegistrado, Registro, fallar_si_hay

ESCRITORIO = {"width": 1280, "height": 800}
TABLETA = {"width": 768, "height": 1024}
CLAVE = "clave-de-prueba-2025"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    informe = yield
    setattr(item, f"informe_{informe.when}", informe)  # whether the journey passed, for the axe check
    return informe


REGISTRO_AXE = Registro()


def pytest_terminal_summary(terminalreporter):
    if REGISTRO_AXE.veces:
        lentas = sorted(TIEMPOS.items(), key=lambda t: -t[1])[:5]
        terminalreporter.write_line(
            f"axe en los recorridos: {REGISTRO_AXE.veces} páginas, {REGISTRO_AXE.segundos:.1f} s; las más lentas: "
            + ", ".join(f"{url} {segundos:.1f} s" for url, segundos in lentas)
        )


@pytest.fixture(scope="session")
def registro_axe():
    return REGISTRO_AXE


@pytest.fixture(scope="session")
def browser(registro_axe):
    if not CHROMIUM.is_file():
        pytest.fail(
            f"{CHROMIUM} not found: install Debian's Chromium (apt-get install -y chromium)"
        )
    with sync_playwright() as playwright:
        navegador = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield NavegadorRegistrado(navegador, registro_axe)
        navegador.close()


@pytest.fixture
def context(browser, registro_axe):
    registro_axe.empezar()
    contexto = browser.new_context(viewport=ESCRITORIO, locale="es-CO")
    contexto.set_default_timeout(10_000)
    yield contexto
    contexto.close()


@pytest.fixture
def page(request, browser, context, registro_axe):
    """A page that fails the test if the browser blocked anything under the Content-Security-Policy, or if
    axe-core finds a serious or critical violation on a page the journey visited (tests/e2e/recorridos_axe.py)."""
    pagina = context.new_page()
    bloqueos: list[str] = []
    pagina.on(
        "console",
        lambda m: bloqueos.append(f"{pagina.url} ({m.location.get('url', '')}): {m.text}")
        if m.type == "error" and "Content Security Policy" in m.text
        else None,
    )
    yield pagina
    assert bloqueos == [], "Content-Security-Policy blocked:\n" + "\n".join(bloqueos)
    informe = getattr(request.node, "informe_call", None)
    if informe is not None and informe.passed:
        fallar_si_hay(registro_axe.revisar(browser))


@pytest.fixture
def crear_usuario(live_server):
    """Users made here are visible to the live server (it implies a transactional DB). Those who sign or
    decide acts come with their authenticator app enrolled (issue 24: a real TOTP device), unless
    `inscrito=False`."""
    from core.identidad import segundo_factor
    from core.models import Usuario
    from core.tests.segundo_factor import inscribir

    def crear(username: str, rol: str, *, inscrito: bool = True, **extra) -> Usuario:
        usuario = Usuario.objects.create_user(username=username, password=CLAVE, rol=rol, **extra)
        if inscrito and segundo_factor.requiere(usuario):
            inscribir(usuario)
        return usuario

    return crear


@pytest.fixture
def ingresar(live_server, registro_axe):
    """Log in through the form, as a person would: the password, then, for whoever signs or decides acts,
    the code of their app (computed from the device with django_otp's totp, as the phone would)."""
    from core.identidad import segundo_factor
    from core.models import Usuario
    from core.tests.segundo_factor import codigo
    from tests.e2e.pasos import CODIGO_INGRESO, escribir_codigo

    def ingresar_(page, username: str, password: str = CLAVE) -> None:
        page.goto(live_server.url + "/ingresar/")
        usuario = Usuario.objects.filter(username=username).first()
        if password == CLAVE and usuario is not None:
            registro_axe.ingreso(page, usuario.rol)  # the pages from here on are this role's
        page.get_by_label("Usuario", exact=True).fill(username)
        page.get_by_label("Contraseña", exact=True).fill(password)
        page.get_by_role("button", name="Ingresar").click()
        if password == CLAVE and usuario is not None and segundo_factor.dispositivo(usuario) is not None:
            page.wait_for_url("**/ingresar/codigo/**")
            escribir_codigo(page, codigo(usuario), etiqueta=CODIGO_INGRESO)
            page.get_by_role("button", name="Verificar").click()

    return ingresar_



@pytest.fixture
def reglas(live_server):
    """The accumulation rules (R-10) a data migration loads: a transactional test's flush removes them."""


    cargar_reglas_r10()
