"""What the pages of cupos share beyond core.views.comun: a refusal shown as flash messages."""

from django.contrib import messages


def errores_a_mensajes(request, exc) -> None:
    """A service's refusal (field → messages, or one detail) as error messages above the page."""
    errores = getattr(exc, "errores", None) or {"": [getattr(exc, "detalle", str(exc))]}
    for campo, mensajes in errores.items():
        for mensaje in mensajes:
            messages.error(request, f"{campo}: {mensaje}" if campo else mensaje)
