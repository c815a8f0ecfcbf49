"""Per-address rate limits that hold behind the documented proxy (core.red.ip_cliente)."""

from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle

from core.red import ip_cliente


class PorDireccion(ScopedRateThrottle):
    """DRF's scoped throttle (`throttle_scope` on the view), keyed by the client's real address."""

    def get_ident(self, request):
        return ip_cliente(request)


class _PorDireccionFija(SimpleRateThrottle):
    def __init__(self, scope: str):
        self.scope = scope
        super().__init__()

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": ip_cliente(request)}


def limite_por_direccion(request, scope: str) -> float | None:
    """For Django views: None when the request may go on; otherwise the seconds to wait."""
    limite = _PorDireccionFija(scope)
    if limite.allow_request(request, None):
        return None
    return limite.wait() or 1
