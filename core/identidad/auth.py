"""Failed-login throttling (django-axes): what a locked-out user sees, in the API and the browser."""

import math

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_cool_off, get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import JsonResponse
from django.shortcuts import render

LOCKOUT_DETALLE = (
    "Demasiados intentos fallidos de inicio de sesión. Por seguridad, espere 15 minutos antes de volver a intentarlo."
)


def segundos_de_bloqueo(request) -> int:
    """The Retry-After of a lockout: the whole cool-off (counted from the last failure, so never less
    than what is left of it)."""
    espera = get_cool_off(request)
    return max(1, math.ceil(espera.total_seconds())) if espera else 15 * 60


def con_reintento(respuesta, request):
    """The lockout answer with its Retry-After (RFC 9110 § 10.2.3), pages and API alike."""
    respuesta["Retry-After"] = str(segundos_de_bloqueo(request))
    return respuesta


def lockout_response(request, response=None, credentials=None, *args, **kwargs):
    if request.path.startswith("/api/"):
        respuesta = JsonResponse({"codigo": "demasiados_intentos", "detalle": LOCKOUT_DETALLE}, status=429)
    else:
        respuesta = render(request, "registration/bloqueado.html", {"detalle": LOCKOUT_DETALLE}, status=429)
    return con_reintento(respuesta, request)


class ManejadorAxes(AxesDatabaseHandler):
    """django-axes' database handler, plus a lockout per client address across usernames.

    Axes locks a username from an address (AXES_LOCKOUT_PARAMETERS). Trying one password on many
    usernames never reaches that limit, so the failures of the address, whatever the username, are
    counted too: at AXES_FAILURE_LIMIT_IP within the cool-off the address is locked out as well.
    """

    def fallos_de_la_direccion(self, request) -> int:
        direccion = getattr(request, "axes_ip_address", None)
        if not direccion:
            return 0
        intentos = AccessAttempt.objects.filter(ip_address=direccion, attempt_time__gte=get_cool_off_threshold(request))
        return intentos.aggregate(total=Sum("failures_since_start"))["total"] or 0

    def get_failures(self, request, credentials=None) -> int:
        fallos = super().get_failures(request, credentials)
        if self.fallos_de_la_direccion(request) >= settings.AXES_FAILURE_LIMIT_IP:
            return max(fallos, get_failure_limit(request, credentials))
        return fallos
