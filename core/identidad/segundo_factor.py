"""The second factor of whoever signs or decides an act (issue 24): UPME analysts, Dimar, MinMinas and
administrators log in with a TOTP code from an authenticator app (or a single-use recovery code), and
type a fresh code again on the confirmation of every act with legal force.

The reusable piece for the apps' views is `exige_codigo_fresco` (a decorator for a view whose
confirmed POST performs the act), or `codigo_fresco_error` where the view itself decides; the
confirmation page shows the field with `{% codigo_verificacion %}` (core.templatetags.segundo_factor).
The REST API gives these roles a token only with a fresh code (core.api.auth, API.md "Conventions"), and
their browser session performs nothing through the API.

A wrong code counts as a failed login for django-axes (AXES_FAILURE_LIMIT per username and address):
at the limit the session ends and the lockout page answers. django-otp's own per-device back-off
(1, 2, 4… seconds after each consecutive failure) applies as well.
"""

import re
import time
from base64 import b32encode
from functools import wraps

from django.contrib.auth import logout
from django.contrib.auth.signals import user_login_failed
from django.db import transaction
from django_otp.oath import TOTP, totp
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from core.auditoria.audit import audit_record
from core.identidad.roles import Rol

# Roles that sign or decide acts: issuing resolutions, firmeza and cancellations (UPME), decisions on
# exonerations, surcharges and novelties (Dimar), plan approvals (MinMinas). Administrators too.
ROLES = frozenset({Rol.UPME_ANALISTA, Rol.DIMAR, Rol.MINMINAS, Rol.ADMINISTRADOR})
CODIGOS_RECUPERACION = 10
CAMPO = "codigo_verificacion"
ETIQUETA = "Código de verificación (6 dígitos)"
NOMBRE_DISPOSITIVO = "Aplicación autenticadora"

ERROR_CODIGO = (
    "El código de verificación no es correcto o ya se usó. Escriba el código de 6 dígitos que muestra ahora "
    "su aplicación autenticadora."
)
ERROR_VACIO = "Escriba el código de verificación de 6 dígitos que muestra su aplicación autenticadora."
ESPERA_EN_EL_SERVIDOR = 3  # seconds: django-otp's back-off after the first wrong codes (1, 2 s) is waited out here


def error_espera(fallidos: int, segundos: int) -> str:
    """The Spanish refusal while django-otp's back-off runs: how many wrong codes, and how long to wait."""
    codigos = "un código incorrecto" if fallidos == 1 else f"{fallidos} códigos incorrectos seguidos"
    segundos = max(1, segundos)
    return (
        f"Por seguridad, después de {codigos} hay que esperar {segundos} segundo{'s' if segundos != 1 else ''} "
        "antes de probar otro. Pasado ese tiempo, escriba el código que muestre su aplicación en ese momento."
    )
ERROR_SIN_DISPOSITIVO = (
    "Su cuenta no tiene una aplicación autenticadora inscrita: inscríbala en «Seguridad de la cuenta»."
)
SEIS_DIGITOS = re.compile(r"^\d{6}$")


def requiere(user) -> bool:
    """Whether the user signs or decides acts, and so logs in and confirms acts with a second factor."""
    return bool(
        user is not None
        and getattr(user, "is_active", False)
        and (user.is_superuser or getattr(user, "rol", "") in ROLES)
    )


def dispositivo(user, *, confirmado: bool = True) -> TOTPDevice | None:
    """The user's authenticator app (the last enrolled), or the one waiting for its first code."""
    return TOTPDevice.objects.filter(user=user, confirmed=confirmado).order_by("-id").first()


def codigos_restantes(user) -> int:
    return StaticToken.objects.filter(device__user=user, device__confirmed=True).count()


def secreto_base32(device: TOTPDevice) -> str:
    """The secret as an authenticator app takes it typed by hand, in groups of four."""
    texto = b32encode(device.bin_key).decode().rstrip("=")
    return " ".join(texto[i : i + 4] for i in range(0, len(texto), 4))


def codigo_actual(device: TOTPDevice, *, esperar: bool = True) -> str:
    """The code the device accepts now: for tests, the demo and `manage.py codigo_otp` (a person reads
    it from the app)."""
    device.refresh_from_db()
    return codigo_vigente(
        device.bin_key,
        last_t=device.last_t,
        drift=device.drift,
        step=device.step,
        t0=device.t0,
        digits=device.digits,
        tolerance=device.tolerance,
        esperar=esperar,
    )


def codigo_vigente(
    clave: bytes,
    *,
    last_t: int,
    drift: int = 0,
    step: int = 30,
    t0: int = 0,
    digits: int = 6,
    tolerance: int = 1,
    esperar: bool = True,
) -> str:
    """The TOTP code (django_otp's `totp`) of the current 30-second step, or of the next one when the
    current was already used (the tolerance of one step accepts it); waits for a step when both were."""
    while True:
        ahora = TOTP(clave, step, t0, digits, drift).t()
        paso = max(ahora, last_t + 1)
        if paso <= ahora + tolerance or not esperar:
            break
        time.sleep(step - (time.time() - t0) % step + 0.05)
    return f"{totp(clave, step, t0, digits, drift + paso - ahora):0{digits}d}"


def _normalizar(codigo: str) -> str:
    return "".join(str(codigo or "").split()).replace("-", "").lower()


def _contar_fallo(request, usuario) -> None:
    """A wrong code is a failed login for django-axes; at its limit the session ends (AxesMiddleware then
    answers with the lockout page)."""
    user_login_failed.send(sender=__name__, credentials={"username": usuario.get_username()}, request=request)
    if getattr(request, "axes_locked_out", False):
        logout(request)


def verificar(request, usuario, codigo: str, *, recuperacion: bool = False) -> tuple[object | None, str]:
    """(the device that accepts `codigo`, "") or (None, the Spanish error). Six digits are checked against
    the authenticator app; with `recuperacion` anything else against the recovery codes (used up)."""
    texto = _normalizar(codigo)
    if not texto:
        return None, ERROR_VACIO
    modelo = TOTPDevice if SEIS_DIGITOS.match(texto) else StaticDevice if recuperacion else None
    espera: tuple[int, int] | None = None  # (wrong codes so far, seconds left) of a device still backing off
    if modelo is not None:
        with transaction.atomic():
            for device in modelo.objects.select_for_update().filter(user=usuario, confirmed=True):
                permitido, datos = device.verify_is_allowed()
                if not permitido and (restante := _segundos_restantes(datos)) <= ESPERA_EN_EL_SERVIDOR:
                    # One slip must not block the next right code (issue 45): the short back-off is waited out
                    # here, holding only this user's device row, instead of burning the code the person typed.
                    time.sleep(restante)
                    permitido, datos = device.verify_is_allowed()
                if not permitido:
                    espera = (datos or {}).get("failure_count", 1), _segundos_restantes(datos)
                elif device.verify_token(texto):
                    return device, ""
    _contar_fallo(request, usuario)
    return None, error_espera(*espera) if espera else ERROR_CODIGO


def _segundos_restantes(datos) -> int:
    """Whole seconds until django-otp lets the device verify again (its `locked_until`)."""
    from django.utils import timezone

    hasta = (datos or {}).get("locked_until")
    if hasta is None:
        return 1
    return max(0, int((hasta - timezone.now()).total_seconds() + 0.999))


def codigo_fresco_error(request) -> str:
    """ "" when the POST carries a fresh code of the user's authenticator app (or the user needs none);
    otherwise the Spanish error, which the confirmation page shows next to the field. A recovery code
    is not accepted here: it only opens a session."""
    request.pide_codigo = True
    if not requiere(request.user):
        return ""
    if dispositivo(request.user) is None:
        error = ERROR_SIN_DISPOSITIVO
    else:
        _, error = verificar(request, request.user, request.POST.get(CAMPO, ""))
    request.error_codigo = error
    return error


CONFIRMA = {"1", "true", "on", "si", "sí"}


def exige_codigo_fresco(campo: str = "confirmado"):
    """For a view whose POST with `campo` set (confirmado=1, confirmar=True) performs an act with legal
    force: that POST must carry a fresh code. With a wrong one `campo` is dropped, so the view shows its
    confirmation again (a dry run, nothing done) with the error next to the field, answering 400."""

    def decorador(vista):
        @wraps(vista)
        def envoltura(request, *args, **kwargs):
            request.pide_codigo = True
            error = ""
            if request.method == "POST" and str(request.POST.get(campo, "")).strip().lower() in CONFIRMA:
                error = codigo_fresco_error(request)
                if error:
                    datos = request.POST.copy()
                    datos.pop(campo, None)
                    request.POST = datos
            respuesta = vista(request, *args, **kwargs)
            if error and respuesta.status_code == 200:
                respuesta.status_code = 400
            return respuesta

        return envoltura

    return decorador


# --- Writes: enrolment, recovery codes, the administrator's reset (audited) ---------------------------


def _codigos_nuevos(usuario, codigos: list[str] | None = None) -> list[str]:
    StaticDevice.objects.filter(user=usuario).delete()
    device = StaticDevice.objects.create(user=usuario, name="Códigos de recuperación", confirmed=True)
    codigos = codigos or [StaticToken.random_token() for _ in range(CODIGOS_RECUPERACION)]
    StaticToken.objects.bulk_create([StaticToken(device=device, token=c) for c in codigos])
    return codigos


def segundo_factor_preparar(*, usuario) -> TOTPDevice:
    """The app to enrol: the one waiting for its first code, or a new secret."""
    return dispositivo(usuario, confirmado=False) or TOTPDevice.objects.create(
        user=usuario, name=NOMBRE_DISPOSITIVO, confirmed=False
    )


@transaction.atomic
def segundo_factor_inscribir(*, usuario, device: TOTPDevice) -> list[str]:
    """The app answered its first code: it replaces any earlier one, and 10 new recovery codes are issued
    (shown once; only their use leaves a trace)."""
    device.confirmed = True
    device.save(update_fields=["confirmed"])
    TOTPDevice.objects.filter(user=usuario).exclude(pk=device.pk).delete()
    codigos = _codigos_nuevos(usuario)
    audit_record(actor=usuario, accion="usuario.segundo_factor.inscribir", obj=usuario)
    return codigos


@transaction.atomic
def segundo_factor_codigos_regenerar(*, usuario) -> list[str]:
    codigos = _codigos_nuevos(usuario)
    audit_record(actor=usuario, accion="usuario.segundo_factor.codigos", obj=usuario)
    return codigos


@transaction.atomic
def segundo_factor_restablecer(*, actor, usuario) -> int:
    """An administrator removes a user's app and recovery codes (a lost phone): the user enrols again at
    the next page they open. Audited with how many devices were removed."""
    apps = TOTPDevice.objects.filter(user=usuario).count()
    codigos = codigos_restantes(usuario)
    TOTPDevice.objects.filter(user=usuario).delete()
    StaticDevice.objects.filter(user=usuario).delete()
    audit_record(
        actor=actor,
        accion="usuario.segundo_factor.restablecer",
        obj=usuario,
        antes={"aplicaciones": apps, "codigos_recuperacion": codigos},
        despues={"aplicaciones": 0},
    )
    return apps


@transaction.atomic
def segundo_factor_aprovisionar(*, usuario, reemplazar: bool = False) -> tuple[TOTPDevice, list[str]]:
    """An administrator on the server (manage.py segundo_factor) enrols the user's authenticator app for
    them: a new confirmed secret, whose otpauth:// URI the administrator hands over once, and 10 recovery
    codes. An app already enrolled is replaced only when asked. Audited, without the secret."""
    if dispositivo(usuario) is not None and not reemplazar:
        raise ValueError(
            f"{usuario.get_username()} ya tiene una aplicación autenticadora inscrita: use --reemplazar para "
            "inscribir otra (la anterior deja de servir)."
        )
    TOTPDevice.objects.filter(user=usuario).delete()
    device = TOTPDevice.objects.create(user=usuario, name=NOMBRE_DISPOSITIVO, confirmed=True)
    codigos = _codigos_nuevos(usuario)
    audit_record(
        actor=None, accion="usuario.segundo_factor.aprovisionar", obj=usuario, despues={"reemplazo": reemplazar}
    )
    return device, codigos


@transaction.atomic
def segundo_factor_demo(*, usuario, secreto_b32: str, codigos: list[str]) -> TOTPDevice:
    """Demo only (cargar_demo): the user enrolled with a fixed, documented secret and recovery codes."""
    from base64 import b32decode

    TOTPDevice.objects.filter(user=usuario).delete()
    device = TOTPDevice.objects.create(
        user=usuario, name=NOMBRE_DISPOSITIVO, confirmed=True, key=b32decode(secreto_b32).hex()
    )
    _codigos_nuevos(usuario, codigos)
    return device
