from .base import *  # noqa: F403
from .base import LOGGING, env

DEBUG = env.bool("DJANGO_DEBUG", default=True)

WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# The demo firms ~400 cupos: their Dimar notices (no endpoint configured) need not flood the console.
LOGGING["loggers"].update({"core.outbox": {"level": "WARNING"}, "celery.app.trace": {"level": "WARNING"},
                          "core.plazos": {"level": "WARNING"}})
API_DOCS_PUBLICA = env.bool("API_DOCS_PUBLICA", default=True)
