import os
import sys

from core.web.direccion_servida import url_de_runserver

from .base import *  # noqa: F403
from .base import LOGGING, PORTAL_URL_PUBLICA, env

DEBUG = env.bool("DJANGO_DEBUG", default=True)

WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# The demo firms ~400 cupos: their Dimar notices (no endpoint configured) need not flood the console.
LOGGING["loggers"].update(
    {
        "core.mensajes.outbox": {"level": "WARNING"},
        "celery.app.trace": {"level": "WARNING"},
        "core.vencimientos.plazos": {"level": "WARNING"},
    }
)
API_DOCS_PUBLICA = env.bool("API_DOCS_PUBLICA", default=True)

# `make run` (runserver on HOST:PORT): the QR codes and links of the PDFs point where it serves, unless
# PORTAL_URL_PUBLICA is set in the environment (core.web.direccion_servida; cargar_demo --url does the same).
if "PORTAL_URL_PUBLICA" not in os.environ:
    PORTAL_URL_PUBLICA = url_de_runserver(sys.argv) or PORTAL_URL_PUBLICA
