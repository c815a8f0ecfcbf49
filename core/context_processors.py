from django.conf import settings

from core.menu import menu_for


def portal(request):
    user = getattr(request, "user", None)
    return {
        "PORTAL_NOMBRE": settings.PORTAL_NOMBRE,
        "PORTAL_ENTIDAD": settings.PORTAL_ENTIDAD,
        "menu": menu_for(user) if user is not None and user.is_authenticated else [],
    }
