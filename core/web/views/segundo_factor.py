"""Pages of the second factor (core.identidad.segundo_factor): the code after the password, enrolling the
authenticator app, «Seguridad de la cuenta» with the recovery codes.

Whoever signs or decides acts types the password first (IngresoView); the session is opened only after
the code (or a recovery code), so a password alone never reaches a page. Between both steps the user
waits in the session for SEGUNDO_FACTOR_PENDIENTE_SEGUNDOS. A user already logged in without the second
factor (an administrator reset it, a session from before) is sent here by core.web.middleware.
"""

import time

import segno
from axes.handlers.proxy import AxesProxyHandler
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth import login as auth_login
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods
from django_otp import login as otp_login
from django_otp.plugins.otp_static.models import StaticDevice

from core.identidad import segundo_factor as sf
from core.identidad.auth import lockout_response

SESION_PENDIENTE = "segundo_factor_pendiente"


def sin_segundo_factor(vista):
    """Pages a logged-in user without the second factor may open (core.web.middleware)."""
    vista.sin_segundo_factor = True
    return vista


class CodigoForm(forms.Form):
    codigo = forms.CharField(
        label="Código de verificación (6 dígitos) o código de recuperación",
        max_length=20,
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "autofocus": True, "spellcheck": "false"}),
    )


class PrimerCodigoForm(forms.Form):
    codigo = forms.CharField(
        label=sf.ETIQUETA,
        max_length=6,
        min_length=6,
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "numeric"}),
    )


class ReemplazoForm(PrimerCodigoForm):
    """Replacing an app already enrolled: who asks proves it first (issue 39), with the code the current
    app shows or the account's password, so an unattended open session cannot swap the second factor."""

    actual = forms.CharField(
        label="Código de su aplicación actual, o su contraseña",
        max_length=4096,
        help_text="Para reemplazar la aplicación inscrita, confirme que es usted.",
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    field_order = ["actual", "codigo"]
    codigo = forms.CharField(
        label="Código de la aplicación nueva (6 dígitos)",
        max_length=6,
        min_length=6,
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "numeric"}),
    )


def _es_quien_dice(request, usuario, actual: str) -> bool:
    """The current app's code, or the password; a wrong one counts as a failed login (django-axes)."""
    if sf.SEIS_DIGITOS.match("".join(actual.split())):
        return sf.verificar(request, usuario, actual)[0] is not None
    if usuario.check_password(actual):
        return True
    sf._contar_fallo(request, usuario)
    return False


def pendiente_guardar(request, usuario, siguiente: str) -> None:
    """The right password of a user who needs the code: remembered until the code, without a session."""
    request.session.cycle_key()
    request.session[SESION_PENDIENTE] = {
        "id": usuario.pk,
        "backend": usuario.backend,
        "desde": time.time(),
        "siguiente": siguiente,
    }


def _pendiente(request):
    datos = request.session.get(SESION_PENDIENTE)
    if not datos:
        return None, ""
    if time.time() - datos["desde"] > settings.SEGUNDO_FACTOR_PENDIENTE_SEGUNDOS:
        del request.session[SESION_PENDIENTE]
        return None, ""
    usuario = get_user_model().objects.filter(pk=datos["id"], is_active=True).first()
    if usuario is not None:
        usuario.backend = datos["backend"]
    return usuario, datos.get("siguiente", "")


def _en_verificacion(request):
    """(the user whose second factor is asked, where to go after, whether they are already logged in)."""
    usuario, siguiente = _pendiente(request)
    siguiente = request.GET.get("next") or request.POST.get("next") or siguiente
    if not url_has_allowed_host_and_scheme(siguiente, {request.get_host()}, require_https=request.is_secure()):
        siguiente = ""
    if usuario is not None:
        return usuario, siguiente or reverse("inicio"), False
    if request.user.is_authenticated:
        return request.user, siguiente or reverse("inicio"), True
    return None, "", False


def _completar_ingreso(request, usuario, device, *, ya_dentro: bool) -> None:
    """Open the session verified by `device` (django_otp.login)."""
    if ya_dentro:
        request.session.cycle_key()
        otp_login(request, device)
    else:
        request.session.pop(SESION_PENDIENTE, None)
        usuario.otp_device = device  # django_otp persists it on user_logged_in
        auth_login(request, usuario, backend=usuario.backend)


def _bloqueado(request, usuario):
    if AxesProxyHandler.is_locked(request, {"username": usuario.get_username()}):
        request.session.pop(SESION_PENDIENTE, None)
        return lockout_response(request)
    return None


@sin_segundo_factor
@require_http_methods(["GET", "POST"])
def codigo(request):
    """The second step of the login: the 6-digit code, or a recovery code (used once)."""
    usuario, siguiente, ya_dentro = _en_verificacion(request)
    if usuario is None:
        messages.info(request, "Ingrese de nuevo con su usuario y contraseña.")
        return redirect("login")
    if ya_dentro and (not sf.requiere(usuario) or usuario.is_verified()):
        return redirect(siguiente)
    if sf.dispositivo(usuario) is None:
        return redirect(f"{reverse('segundo-factor-inscribir')}?next={siguiente}")
    if (bloqueo := _bloqueado(request, usuario)) is not None:
        return bloqueo
    form = CodigoForm(request.POST or None)
    status = 200
    if form.is_valid():
        device, error = sf.verificar(request, usuario, form.cleaned_data["codigo"], recuperacion=True)
        if device is not None:
            _completar_ingreso(request, usuario, device, ya_dentro=ya_dentro)
            if isinstance(device, StaticDevice):
                quedan = sf.codigos_restantes(usuario)
                messages.warning(
                    request,
                    f"Ingresó con un código de recuperación; le quedan {quedan}. Si perdió su teléfono, "
                    "vuelva a inscribir la aplicación en «Seguridad de la cuenta».",
                )
            return redirect(siguiente)
        form.add_error("codigo", error)
        status = 400
    contexto = {"form": form, "usuario": usuario, "siguiente": siguiente}
    return render(request, "registration/segundo_factor.html", contexto, status=status)


@sin_segundo_factor
@require_http_methods(["GET", "POST"])
def inscribir(request):
    """Enrol the authenticator app: its QR and secret, its first code, then the 10 recovery codes (once).

    Without a verified session only a user with no app enrolled gets here: a password alone never
    replaces an app already enrolled."""
    usuario, siguiente, ya_dentro = _en_verificacion(request)
    if usuario is None:
        return redirect("login")
    if not sf.requiere(usuario):
        messages.info(request, "Su rol no usa segundo factor: ingresa solo con su contraseña.")
        return redirect("inicio")
    verificado = ya_dentro and usuario.is_verified()
    if not verificado and sf.dispositivo(usuario) is not None:
        return redirect(f"{reverse('segundo-factor')}?next={siguiente}")
    if (bloqueo := _bloqueado(request, usuario)) is not None:
        return bloqueo
    device = sf.segundo_factor_preparar(usuario=usuario)
    reemplazo = verificado and sf.dispositivo(usuario) is not None
    form = (ReemplazoForm if reemplazo else PrimerCodigoForm)(request.POST or None)
    status = 400 if form.is_bound and not form.is_valid() else 200
    if form.is_valid() and reemplazo and not _es_quien_dice(request, usuario, form.cleaned_data["actual"]):
        if (bloqueo := _bloqueado(request, usuario)) is not None:
            return bloqueo
        form.add_error("actual", "No es el código de su aplicación actual ni su contraseña: no se reemplazó nada.")
        status = 400
    elif form.is_valid():
        with transaction.atomic():
            device = type(device).objects.select_for_update().get(pk=device.pk)
            aceptado = device.verify_token(form.cleaned_data["codigo"])
        if aceptado:
            codigos = sf.segundo_factor_inscribir(usuario=usuario, device=device)
            _completar_ingreso(request, usuario, device, ya_dentro=ya_dentro)
            return render(request, "core/segundo_factor_codigos.html", {"codigos": codigos, "siguiente": siguiente})
        sf._contar_fallo(request, usuario)
        form.add_error("codigo", sf.ERROR_CODIGO)
        status = 400
    contexto = {
        "form": form,
        "siguiente": siguiente,
        "reinscripcion": verificado,
        "qr": segno.make(device.config_url, error="m").svg_data_uri(scale=4, border=2),
        "secreto": sf.secreto_base32(device),
    }
    return render(request, "core/segundo_factor_inscribir.html", contexto, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def seguridad(request):
    """«Seguridad de la cuenta»: the app enrolled, the recovery codes left; enrol again or renew the
    codes (renewing asks for a fresh code)."""
    usuario = request.user
    contexto = {
        "requiere": sf.requiere(usuario),
        "dispositivo": sf.dispositivo(usuario),
        "restantes": sf.codigos_restantes(usuario),
        "campo": sf.CAMPO,
    }
    if request.method == "POST" and contexto["requiere"]:
        if not sf.codigo_fresco_error(request):
            codigos = sf.segundo_factor_codigos_regenerar(usuario=usuario)
            return render(
                request, "core/segundo_factor_codigos.html", {"codigos": codigos, "siguiente": reverse("seguridad")}
            )
        return render(request, "core/seguridad.html", contexto, status=400)
    request.pide_codigo = True
    return render(request, "core/seguridad.html", contexto)
