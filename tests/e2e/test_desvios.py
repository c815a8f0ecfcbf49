"""Issue 28 §2 in a real browser: an analyst opens a diversion case, reads its signal and evidence,
marks it «confirmado» through the confirmation page, and sees the signal's precision change."""

import os

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_el_analista_marca_un_caso_y_cambia_la_precision(page, live_server, reglas, ingresar, crear_usuario):
    from core.desvios import services
    from core.tests.desvios_datos import Mundo

    mundo = Mundo()
    estacion = mundo.plantar_tope()
    analista = crear_usuario("analista1", "upme_analista")
    calculo = services.desvios_calcular_request(actor=analista)  # the job, run at once (eager tasks)
    calculo.refresh_from_db()
    assert calculo.estado == "terminado", calculo.mensaje
    ingresar(page, "analista1")

    page.goto(live_server.url + "/desvios/")
    expect(page.get_by_text("1 caso señalado")).to_be_visible()
    precision = page.locator("[data-senal='tope_frontera']")
    expect(precision).to_have_text("Sin marcas")
    page.get_by_role("link", name=f"Estación {estacion.codigo}").click()
    expect(page.get_by_role("heading", level=3)).to_contain_text("al tope de su volumen")
    expect(page.get_by_role("link", name="Octubre de 2026").first).to_be_visible()

    page.get_by_label("Confirmado: hay desvío").check()
    page.get_by_label("Nota (qué se revisó y por qué)").fill("Los despachos cuadran al galón cada mes.")
    page.get_by_role("button", name="Marcar").click()
    expect(page.get_by_role("heading", name="Marcar el caso como confirmado")).to_be_visible()
    page.get_by_role("button", name="Confirmar la marca").click()
    expect(page.locator("#estado-caso")).to_contain_text("Confirmado")

    page.get_by_role("link", name="Alertas de desvío").first.click()
    page.get_by_label("Estado", exact=True).select_option("todos")
    page.get_by_role("button", name="Filtrar").click()
    expect(page.locator("[data-senal='tope_frontera']")).to_have_text("100 %")
    if os.environ.get("CAPTURA_DESVIOS"):  # the README's screenshot (docs/img/desvios.png)
        page.screenshot(path=os.environ["CAPTURA_DESVIOS"], full_page=True)
