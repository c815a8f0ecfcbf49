"""Issue 43 in Chromium on PostgreSQL: the officer's counter keeps issuing when the link drops.

Holds taken online; the link drops and the page is reloaded offline (the service worker serves it); three
provisional certificates for two vessels, one chained to the one before; a refusal against an expired hold;
the link returns, the queue syncs, each certificate exists once with its number, the balances are exact and
the public verification shows them."""

import os
import re
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cupos.tests.reglas import cargar_reglas_r10

pytestmark = pytest.mark.e2e


@pytest.fixture
def naves(live_server):
    from zarpes.tests.factories import nave_con_cupo

    cargar_reglas_r10()
    uno, cupo_uno = nave_con_cupo(nombre="Doña Lucía", matricula="MC-05-0777", capacidad="500")
    dos, cupo_dos = nave_con_cupo(nombre="El Pargo", matricula="MC-05-0888", capacidad="3000")
    return (uno, cupo_uno), (dos, cupo_dos)


def _saldo(cupo):
    from core.vencimientos.calendario import today
    from cupos.services import libro

    return libro.saldo_para_autorizar(cupo=cupo, fecha=today()).disponible


def _captura(page, nombre: str) -> None:
    """With CAPTURAS_DIR set (README's screenshots, docs/img/), the counter's state as the officer sees it."""
    if os.environ.get("CAPTURAS_DIR"):
        page.locator("#mostrador > section").first.screenshot(path=str(Path(os.environ["CAPTURAS_DIR"]) / nombre))


def _expedir(page, nave: str, galones: str, anterior: str | None = None, *, pendientes: int) -> str:
    page.get_by_label("Nave", exact=True).select_option(label=nave)
    page.get_by_label("Galones solicitados").fill(galones)
    if anterior is not None:
        page.get_by_label(re.compile("último certificado que presenta")).fill(anterior)
    page.get_by_role("button", name="Expedir certificado").click()
    expect(page.locator("#pendientes")).to_have_text(str(pendientes))  # this act's slip, not the one before
    comprobante = page.locator("#comprobante")
    expect(comprobante).to_be_visible()
    expect(comprobante.locator("svg")).to_be_visible()  # the QR
    return comprobante.locator("#c-numero").inner_text()


def test_el_mostrador_expide_sin_conexion_y_sincroniza_una_sola_vez(
    page, context, live_server, crear_usuario, ingresar, naves
):
    from core.models import Capitania
    from cupos.models import Movimiento, Retencion
    from zarpes.models import Certificado

    (_, cupo_uno), (_, cupo_dos) = naves
    antes_uno, antes_dos = _saldo(cupo_uno), _saldo(cupo_dos)
    assert antes_uno > 500 and antes_dos > 100
    crear_usuario("oficial1", "capitania_oficial", capitania=Capitania.objects.get(codigo="CP05"))
    ingresar(page, "oficial1")
    page.goto(live_server.url + "/zarpes/mostrador/")
    expect(page.locator("#estado-conexion")).not_to_have_text("—")
    page.get_by_role("button", name="Inscribir este dispositivo como mostrador").click()
    expect(page.locator("#aviso")).to_contain_text("Mostrador inscrito")
    expect(page.get_by_role("button", name="Inscribir este dispositivo como mostrador")).to_be_hidden()
    page.get_by_label(re.compile("Matrículas de las naves")).fill("MC-05-0777, MC-05-0888")
    page.get_by_role("button", name="Tomar retenciones").click()
    expect(page.locator("#tabla-retenciones tbody tr")).to_have_count(2)
    assert Retencion.objects.filter(estado="activa").count() == 2
    # the service worker controls the page and has stored the page and its assets (the page says so)
    expect(page.locator("#mostrador")).to_have_attribute("data-sin-conexion", "listo", timeout=20_000)

    # the link drops; a reload shows the counter, not the browser's error page
    context.set_offline(True)
    page.reload()
    expect(page.locator("#estado-conexion")).not_to_have_text("—")
    expect(page.get_by_role("heading", level=1)).to_have_text("Mostrador de la capitanía")
    expect(page.locator("#estado-conexion")).to_have_text("sin conexión")
    expect(page.locator("#listo-sin-conexion")).to_contain_text("sí")

    primero = _expedir(page, "Doña Lucía (MC-05-0777)", "300", "", pendientes=1)
    segundo = _expedir(
        page, "Doña Lucía (MC-05-0777)", "400", pendientes=2
    )  # chained: the field now holds the first one's number
    expect(page.locator("#c-galones")).to_have_text("200,00")  # min(400, capacity 500, hold left 200)
    tercero = _expedir(page, "El Pargo (MC-05-0888)", "100", "", pendientes=3)
    expect(page.locator("#pendientes")).to_have_text("3")
    expect(page.locator("#ultima-sincronizacion")).to_have_text("nunca")
    assert Certificado.objects.filter(mostrador__isnull=False).count() == 0  # nothing reached the portal
    _captura(page, "mostrador-sin-conexion.png")

    # an expired hold: the counter refuses, in Spanish, without the network
    page.evaluate(
        """() => idb.openDB('mostrador-CP05').then(db => db.get('datos', 'instantanea').then(i => {
             i.naves.forEach(n => { n.retencion.expira = '2020-01-01T00:00:00Z'; });
             return db.put('datos', i, 'instantanea'); }))"""
    )
    page.get_by_label("Nave", exact=True).select_option(label="El Pargo (MC-05-0888)")
    page.get_by_label("Galones solicitados").fill("10")
    page.get_by_label(re.compile("último certificado que presenta")).fill(tercero)
    page.get_by_role("button", name="Expedir certificado").click()
    expect(page.get_by_role("alert")).to_contain_text("venció")
    expect(page.locator("#pendientes")).to_have_text("3")

    # the link returns: the queue syncs, in order, once
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#pendientes")).to_have_text("0", timeout=20_000)
    expect(page.locator("#ultima-sincronizacion")).not_to_have_text("nunca")
    page.get_by_role("button", name="Terminar y liberar las retenciones").click()
    expect(page.locator("#aviso")).to_contain_text("Retenciones liberadas")
    _captura(page, "mostrador-sincronizado.png")

    certificados = list(Certificado.objects.filter(mostrador__isnull=False).order_by("consecutivo"))
    assert [c.numero for c in certificados] == [primero, segundo, tercero]
    assert [c.consecutivo for c in certificados] == [1, 2, 3]
    assert [c.galones_autorizados for c in certificados] == [Decimal(300), Decimal(200), Decimal(100)]
    assert certificados[1].zarpe.certificado_anterior == primero
    assert Movimiento.objects.filter(tipo="descuento").count() == 3
    assert not Retencion.objects.filter(estado="activa").exists()
    assert _saldo(cupo_uno) == antes_uno - 500
    assert _saldo(cupo_dos) == antes_dos - 100

    for certificado in certificados:
        page.goto(live_server.url + f"/verificar/{certificado.codigo_verificacion}/")
        expect(page.get_by_text(certificado.numero)).to_be_visible()
