"""Issue 43 in Chromium: a wholesaler checks a counter's provisional certificate from its QR with the link down.

The device opened /verificar/ once with the link up (the service worker keeps the verifier page, its files and
the counters' public keys); offline, the QR's address opens the verifier, which checks the counter's ECDSA
signature with WebCrypto: a genuine act is valid, an altered one is refused, in Spanish."""

import base64
import json
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def _sello(mostrador_id: int, acto: dict, firma: str) -> str:
    """What mostrador.js puts after «#» in the slip's QR: base64url of the JSON {m, a, f}."""
    texto = json.dumps({"m": mostrador_id, "a": acto, "f": firma}, separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(texto.encode()).decode().rstrip("=")


def test_el_mayorista_verifica_sin_conexion_el_comprobante_de_un_mostrador(page, context, live_server, crear_usuario):
    from core.tests.factories import CapitaniaFactory
    from core.vencimientos.calendario import today
    from zarpes.services import mostradores
    from zarpes.tests.dispositivo import Dispositivo

    oficial = crear_usuario("oficial1", "capitania_oficial", capitania=CapitaniaFactory(codigo="CP05"))
    dispositivo = Dispositivo()
    mostrador = mostradores.mostrador_enroll(actor=oficial, nombre="Ventanilla 1", clave_publica=dispositivo.jwk())
    acto = dispositivo.acto(
        numero="CP05-2026-000007",
        retencion=SimpleNamespace(id=1),
        nave=SimpleNamespace(id=1),
        fecha=today(),
        solicitados="1200.00",
        autorizados="1000.00",
    )
    valido = _sello(mostrador.id, acto, dispositivo.firmar(acto))
    alterado = _sello(mostrador.id, {**acto, "galones_autorizados": "9000.00"}, dispositivo.firmar(acto))

    page.goto(live_server.url + "/verificar/sin-conexion/")  # once with the link up
    expect(page.locator("#sello-datos")).to_be_hidden()  # no act read yet: nothing shown as if it were one
    expect(page.locator("#sello-mostrador")).to_have_attribute("data-sin-conexion", "listo", timeout=20_000)

    context.set_offline(True)
    page.goto(f"{live_server.url}/verificar/{acto['codigo_verificacion']}/#{valido}")
    resultado = page.locator("#sello-resultado")
    expect(resultado).to_contain_text("Firma válida: el mostrador de la capitanía CP05 expidió este certificado")
    expect(page.locator("#sello-numero")).to_have_text("CP05-2026-000007")
    expect(page.locator("#sello-galones")).to_have_text("1.000,00")
    expect(page.locator("#sello-codigo")).to_have_text(acto["codigo_verificacion"])

    page.goto(f"{live_server.url}/verificar/sin-conexion/")
    page.get_by_label("Dirección del código QR").fill(f"{live_server.url}/verificar/X/#{alterado}")
    page.get_by_role("button", name="Verificar la firma").click()
    expect(resultado).to_contain_text("La firma no corresponde")
    expect(resultado).to_have_class("alerta alerta--error")
    context.set_offline(False)
