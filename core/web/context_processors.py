from django.conf import settings

from core.web.menu import menu_agrupado, menu_for


def portal(request):
    user = getattr(request, "user", None)
    menu = []
    if user is not None and user.is_authenticated:
        from core.identidad.access import alertas_visibles
        from core.vencimientos.alertas import alertas_sin_ver

        sin_ver = alertas_sin_ver(alertas_visibles(user).filter(resuelta__isnull=True), user).count()
        menu = menu_agrupado(menu_for(user, insignias={"alertas": sin_ver}))
    return {
        "PORTAL_NOMBRE": settings.PORTAL_NOMBRE,
        "PORTAL_ENTIDAD": settings.PORTAL_ENTIDAD,
        "menu": menu,
    }


def frescura(request):
    """Replica-routed pages say how current their data are (core.plataforma.db, issue 27)."""
    from core.plataforma.db import frescura_texto

    return {"frescura_datos": frescura_texto()}
