"""Per-address rate limits that hold behind the documented proxy (core.plataforma.red.ip_cliente) and across
every web process.

DRF's own throttles keep a list of timestamps per client in the cache and read it, trim it and write
it back: two gunicorn workers answering the same address at once both read the old list and both let
the request through (an outside probe got 187 answers from 800 parallel requests against 120/min).
Here a limit is a fixed-window counter: the cache's `add` creates the window's key with its expiry
(Redis SET NX EX) and `incr` counts in one atomic step (Redis INCR), so at most `limit` requests of a
window are ever allowed, however many processes ask at once.
"""

import time

from django.core.cache import cache
from rest_framework.throttling import SimpleRateThrottle

from core.plataforma.cache import CAIDO
from core.plataforma.red import ip_cliente


def contar_en_ventana(clave: str, duracion: int, *, ahora: float | None = None) -> tuple[int, float]:
    """Count one request under `clave` in the current window of `duracion` seconds: (its ordinal in
    the window, seconds until the window ends). Atomic across processes sharing the cache."""
    ahora = time.time() if ahora is None else ahora
    ventana = int(ahora // duracion)
    clave_ventana = f"{clave}:{ventana}"
    restante = (ventana + 1) * duracion - ahora
    for _ in range(2):
        cache.add(clave_ventana, 0, timeout=duracion + 1)  # a no-op when the window already counts
        try:
            return cache.incr(clave_ventana), restante
        except ValueError:  # the key expired between add and incr: create it again
            continue
    return 1, restante


class LimiteAtomico(SimpleRateThrottle):
    """A fixed-window limit of `THROTTLE_RATES[scope]` requests per client address."""

    scope = None

    def __init__(self, scope: str | None = None):
        if scope is not None:
            self.scope = scope
        super().__init__()
        self.espera = None

    def get_cache_key(self, request, view):
        return f"limite:{self.scope}:{ip_cliente(request)}"

    def allow_request(self, request, view):
        if self.rate is None:
            return True
        try:
            cuenta, restante = contar_en_ventana(self.get_cache_key(request, view), self.duration)
        except CAIDO:
            return True  # Redis down: the counters stop counting and the portal keeps serving (core.plataforma.cache)
        if cuenta <= self.num_requests:
            return True
        self.espera = restante
        return False

    def wait(self):
        return self.espera


class PorDireccion(LimiteAtomico):
    """The scoped limit of an API view (`throttle_scope`), keyed by the client's real address."""

    def allow_request(self, request, view):
        self.scope = getattr(view, "throttle_scope", None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_rate(self):
        return self.THROTTLE_RATES.get(self.scope) if self.scope else None


def limite_por_direccion(request, scope: str) -> float | None:
    """For Django views: None when the request may go on; otherwise the seconds to wait."""
    limite = LimiteAtomico(scope)
    if limite.allow_request(request, None):
        return None
    return limite.wait() or 1
