"""The client's address, behind as many trusted reverse proxies as PROXIES_CONFIABLES says.

Every per-address limit uses this one function: DRF's throttles (core.api.throttling), django-axes
(AXES_CLIENT_IP_CALLABLE) and the public verification page. With no trusted proxy, X-Forwarded-For
is ignored: a client that writes its own header cannot pick a new address per request. With N
proxies, each appends the address it received the request from, so the client is the N-th address
from the right of [X-Forwarded-For…, REMOTE_ADDR]; what stands left of it was written by the client.
"""

import ipaddress

from django.conf import settings


def _valida(direccion: str) -> str | None:
    direccion = (direccion or "").strip()
    try:
        return str(ipaddress.ip_address(direccion))
    except ValueError:
        return None


def ip_cliente(request) -> str:
    remota = _valida(request.META.get("REMOTE_ADDR", "")) or "0.0.0.0"
    proxies = max(int(getattr(settings, "PROXIES_CONFIABLES", 0) or 0), 0)
    if proxies == 0:
        return remota
    reenviadas = [d.strip() for d in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if d.strip()]
    cadena = [*reenviadas, remota]
    # The trusted proxies wrote the last `proxies` entries (REMOTE_ADDR is the nearest one); the one
    # before them is the client. A shorter chain than promised: the left-most is all there is.
    candidata = cadena[-(proxies + 1)] if len(cadena) > proxies else cadena[0]
    return _valida(candidata) or remota
