"""Issue 24 in Chromium: a new UPME analyst enrols the authenticator app at the first login (QR and
secret, first code, 10 recovery codes shown once), logs in again with the code, and signs a bulk firmeza
with a fresh code: a wrong one does nothing."""

import datetime as dt
import re
from base64 import b32decode
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from tests.e2e.pasos import CODIGO_INGRESO, escribir_codigo

pytestmark = pytest.mark.e2e


def _codigo_de_la_app(secreto: str, device) -> str:
    """What the phone shows for the secret the page printed (django_otp's totp), past the last code used."""
    from core.identidad.segundo_factor import codigo_vigente

    device.refresh_from_db()
    return codigo_vigente(b32decode(secreto.replace(" ", "")), last_t=device.last_t, drift=device.drift)


def test_analista_nuevo_inscribe_la_app_ingresa_con_el_codigo_y_firma_con_un_codigo_fresco(
    page, live_server, crear_usuario, ingresar, reglas
):
    from core.identidad import segundo_factor
    from core.tests.factories import UsuarioFactory
    from cupos.models import Cupo
    from cupos.services.cupos import cupo_grant
    from cupos.tests.factories import NaveFactory, ResolucionFactory

    hoy = dt.date.today()
    resolucion = ResolucionFactory(anio=hoy.year, numero="000777", fecha_expedicion=hoy - dt.timedelta(days=20))
    otro = UsuarioFactory(rol="upme_analista")
    for nombre in ("Alfa", "Beta"):
        cupo_grant(
            actor=otro, resolucion=resolucion, beneficiario=NaveFactory(nombre=nombre), galones_anuales=Decimal("6000")
        )
    analista = crear_usuario("analista.nueva", "upme_analista", inscrito=False)

    # First login: the password, then the enrolment, before any page of the portal.
    ingresar(page, "analista.nueva")
    expect(page.get_by_role("heading", level=1)).to_have_text("Inscribir la aplicación autenticadora")
    expect(page.get_by_role("img", name="Código QR para inscribir la aplicación autenticadora")).to_be_visible()
    secreto = page.locator("#secreto").inner_text()
    assert re.fullmatch(r"[A-Z2-7]{4}( [A-Z2-7]{4})+", secreto)
    pendiente = segundo_factor.dispositivo(analista, confirmado=False)
    escribir_codigo(page, _codigo_de_la_app(secreto, pendiente))
    page.get_by_role("button", name="Confirmar la inscripción").click()
    codigos = page.get_by_role("list", name="Códigos de recuperación").get_by_role("listitem")
    expect(codigos).to_have_count(10)
    expect(page.get_by_role("status")).to_contain_text("solo se muestran esta vez")
    page.get_by_role("link", name="Ya los guardé: continuar").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")

    # Next login: the password and the code of the app.
    page.get_by_role("button", name="Cerrar sesión").click()
    page.goto(live_server.url + "/ingresar/")
    page.get_by_label("Usuario", exact=True).fill("analista.nueva")
    page.get_by_label("Contraseña", exact=True).fill("clave-de-prueba-2025")
    page.get_by_role("button", name="Ingresar").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Código de verificación")
    device = segundo_factor.dispositivo(analista)
    escribir_codigo(page, _codigo_de_la_app(secreto, device), etiqueta=CODIGO_INGRESO)
    page.get_by_role("button", name="Verificar").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")

    # The bulk firmeza: its confirmation asks for a fresh code; a wrong one does nothing.
    page.goto(f"{live_server.url}/resoluciones/{resolucion.id}/")
    page.get_by_label("Fecha de firmeza").fill(hoy.isoformat())
    page.get_by_role("button", name="Declarar firmeza de todos los cupos expedidos").click()
    expect(page.get_by_role("main")).to_contain_text("2 cupos de la resolución 000777")
    bueno = _codigo_de_la_app(secreto, device)
    escribir_codigo(page, f"{(int(bueno) + 1) % 1_000_000:06d}")
    page.get_by_role("button", name="Confirmar la firmeza").click()
    expect(page.get_by_role("alert")).to_contain_text("El código de verificación no es correcto")
    assert not resolucion.cupos.filter(estado=Cupo.Estado.EN_FIRME).exists()
    device.refresh_from_db()
    device.throttle_reset()  # django-otp's back-off after a wrong code (1 s): a person would wait that
    escribir_codigo(page, _codigo_de_la_app(secreto, device))
    page.get_by_role("button", name="Confirmar la firmeza").click()
    expect(page.get_by_role("status")).to_contain_text("Se declaró la firmeza de 2 cupos")
    assert resolucion.cupos.filter(estado=Cupo.Estado.EN_FIRME).count() == 2
