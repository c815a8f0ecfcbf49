import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
application = get_wsgi_application()

from django.conf import settings  # noqa: E402

if getattr(settings, "PORTAL_VERIFICAR_AL_INICIAR", False):
    # Production: a guessable secret key or a wrong public address stops gunicorn here.
    from core.plataforma.checks import exigir_despliegue_seguro

    exigir_despliegue_seguro()

if getattr(settings, "PORTAL_PRECALENTAR", not settings.DEBUG):
    # Every view imported and every template compiled before gunicorn forks (core.plataforma.arranque).
    from core.plataforma.arranque import precalentar

    precalentar()
