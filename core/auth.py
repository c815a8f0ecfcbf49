"""Failed-login throttling (django-axes): what a locked-out user sees, in the API and the browser."""

from django.http import JsonResponse
from django.shortcuts import render

LOCKOUT_DETALLE = (
    "Demasiados intentos fallidos de inicio de sesión. Por seguridad, espere 15 minutos antes de volver a intentarlo."
)


def lockout_response(request, response=None, credentials=None, *args, **kwargs):
    if request.path.startswith("/api/"):
        return JsonResponse({"codigo": "demasiados_intentos", "detalle": LOCKOUT_DETALLE}, status=429)
    return render(request, "registration/bloqueado.html", {"detalle": LOCKOUT_DETALLE}, status=429)
