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

# `make run`'s server with tasks in-process (no Redis): long jobs run on one thread of the server after the
# request answers, so their progress pages work as on a Celery worker (core.segundo_plano.trabajos,
# issue 45 #17). `cargar_demo` and other commands keep running them inline, in order.
TRABAJOS_EN_HILO = env.bool(
    "TRABAJOS_EN_HILO", default=CELERY_TASK_ALWAYS_EAGER and url_de_runserver(sys.argv) is not None  # noqa: F405
)
if TRABAJOS_EN_HILO and DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # The job thread and the requests write to one SQLite file: a writer waits its turn (up to 30 s) instead
    # of failing at once, and a transaction takes the write lock when it begins, so two never deadlock
    # upgrading a read lock.
    DATABASES["default"].setdefault("OPTIONS", {}).update({"timeout": 30, "transaction_mode": "IMMEDIATE"})  # noqa: F405
