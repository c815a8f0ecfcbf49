"""Per-address rate limits for public pages, with the same client address as the API's throttles."""

import math
from functools import wraps

from django.shortcuts import render

from core.api.throttling import limite_por_direccion


def limitado_por_direccion(scope: str):
    """Decorator: past REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope] a Spanish 429 page with Retry-After."""

    def decorador(vista):
        @wraps(vista)
        def envoltura(request, *args, **kwargs):
            espera = limite_por_direccion(request, scope)
            if espera is None:
                return vista(request, *args, **kwargs)
            segundos = max(1, math.ceil(espera))
            detalle = (
                f"Se hicieron demasiadas consultas desde su dirección. Espere {segundos} segundo"
                f"{'s' if segundos != 1 else ''} y vuelva a intentarlo."
            )
            respuesta = render(request, "core/aviso.html", {"detalle": detalle}, status=429)
            respuesta["Retry-After"] = str(segundos)
            return respuesta

        return envoltura

    return decorador
