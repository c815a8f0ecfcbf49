"""Issue 14 in a real browser: after new data the reconciliation page shows the stored figures at once,
says they are being recomputed, and its polling (htmx, under the CSP) offers the current ones."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_el_analista_ve_las_cifras_guardadas_y_luego_las_actualizadas(
    page, live_server, reglas, ingresar, crear_usuario, monkeypatch
):
    from distribuidores import tasks
    from distribuidores.tests.factories import certificado_de
    from distribuidores.tests.test_conciliacion_selectors import vender
    from distribuidores.tests.test_conciliacion_views import mes_con_discrepancias
    from zarpes.tests.factories import nave_con_cupo

    petromar, _, _, _ = mes_con_discrepancias()
    crear_usuario("analista1", "upme_analista")
    ingresar(page, "analista1")
    url = live_server.url + "/distribuidores/conciliacion/?periodo=2026-03"
    page.goto(url)  # tasks run eagerly here: computed and stored on this first view
    vendidos = page.locator("dt:text-is('Vendidos (ventas registradas)') + dd")
    expect(vendidos).to_contain_text("1.200,00")
    expect(page.get_by_text("se está recalculando")).to_have_count(0)

    pedidos = []  # from now on the recompute waits for a worker, as in production
    monkeypatch.setattr(tasks.conciliacion_recalcular_task, "delay", lambda *args: pedidos.append(args))
    nave, _ = nave_con_cupo(nombre="Nave Tardía")
    vender(petromar, nave, "300", certificado_de(nave, "300"))
    page.goto(url)
    expect(vendidos).to_contain_text("1.200,00")
    aviso = page.locator("#conciliacion-estado")
    expect(aviso).to_contain_text("la conciliación se está recalculando")
    assert len(pedidos) == 1

    for args in pedidos:  # the worker's turn
        tasks.conciliacion_recalcular_task(*args)
    expect(aviso).to_contain_text("Las cifras al día de marzo de 2026 ya están calculadas", timeout=10_000)
    page.get_by_role("link", name="Ver la conciliación actualizada").click()
    expect(vendidos).to_contain_text("1.500,00")
    expect(page.locator("#conciliacion-estado")).to_have_count(0)
