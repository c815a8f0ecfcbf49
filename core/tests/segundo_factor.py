"""The second factor in tests (core.identidad.segundo_factor): a real, confirmed TOTP device for the user, the
session verified by it as django_otp.login would leave it, and the code the device accepts now."""

from django.contrib.auth import SESSION_KEY, get_user_model
from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.plugins.otp_totp.models import TOTPDevice

from core.identidad import segundo_factor

CAMPO = segundo_factor.CAMPO


def inscribir(usuario) -> TOTPDevice:
    """The user's confirmed authenticator app (created the first time)."""
    return segundo_factor.dispositivo(usuario) or TOTPDevice.objects.create(
        user=usuario, name=segundo_factor.NOMBRE_DISPOSITIVO, confirmed=True
    )


def verificar_sesion(client, usuario) -> None:
    """After client.force_login(usuario): the session verified by the user's app, for a user who needs it."""
    if not segundo_factor.requiere(usuario):
        return
    sesion = client.session
    sesion[DEVICE_ID_SESSION_KEY] = inscribir(usuario).persistent_id
    sesion.save()


def codigo(usuario) -> str:
    """A fresh code of the user's app (django_otp's totp), accepted once."""
    return segundo_factor.codigo_actual(inscribir(usuario))


def con_codigo(quien, datos: dict) -> dict:
    """A confirmation's POST data with the fresh code an act with legal force asks for; `quien` is the
    user or the test client logged in as them."""
    if not isinstance(quien, get_user_model()):
        quien = get_user_model().objects.get(pk=quien.session[SESSION_KEY])
    return {**datos, CAMPO: codigo(quien)}
