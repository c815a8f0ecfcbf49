"""The Content-Security-Policy in a real browser: what it must block is blocked, and what the portal
needs (htmx, Chart.js, the Swagger UI) still runs. The `page` fixture fails on any CSP refusal."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_la_politica_bloquea_un_script_en_linea(context, live_server):
    """The browser really enforces the header: an injected inline script does not run."""
    pagina = context.new_page()
    bloqueos = []
    pagina.on("console", lambda m: bloqueos.append(m.text) if "Content Security Policy" in m.text else None)
    pagina.goto(live_server.url + "/ingresar/")
    pagina.evaluate(
        """() => { const s = document.createElement('script'); s.textContent = 'window.inyectado = 1';
                   document.body.appendChild(s); }"""
    )
    assert pagina.evaluate("window.inyectado") is None
    assert bloqueos


def test_swagger_ui_funciona_con_la_politica(page, live_server, crear_usuario, ingresar):
    crear_usuario("auditora1", "auditor")
    ingresar(page, "auditora1")
    page.goto(live_server.url + "/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Portal de cupos")
    # The operations render (a long schema is a virtual list, without the .opblock-tag-section wrappers).
    expect(page.locator(".opblock-tag").first).to_be_visible()


def test_htmx_funciona_con_la_politica(page, live_server, crear_usuario, ingresar):
    """The capitanías search is an htmx form: typing swaps the table without a page load."""
    from core.models import Capitania

    Capitania.objects.create(codigo="CP05", nombre="Cartagena")
    Capitania.objects.create(codigo="CP01", nombre="Barranquilla")
    crear_usuario("analista1", "upme_analista")
    ingresar(page, "analista1")
    page.goto(live_server.url + "/capitanias/")
    expect(page.get_by_role("cell", name="Barranquilla")).to_be_visible()
    page.evaluate("window.sinRecarga = true")
    page.locator("#q").fill("Cartag")
    expect(page.get_by_role("cell", name="Barranquilla")).to_have_count(0)
    expect(page.get_by_role("cell", name="Cartagena")).to_be_visible()
    assert page.evaluate("window.sinRecarga") is True
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
