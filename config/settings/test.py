"""Test settings: real PostgreSQL and Redis on 127.0.0.1 (DATABASE_URL / REDIS_URL override)."""

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/portal_cupos")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/15")

from .base import *  # noqa: F403
from .base import env

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Tasks run in-process unless a test starts a real worker (see tests/test_celery_worker.py).
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=True)
CELERY_TASK_EAGER_PROPAGATES = False
# Issue 44: certificates are signed ahead of their print only by a real signing worker; here the print signs.
FIRMA_ANTICIPADA = env.bool("FIRMA_ANTICIPADA", default=False)
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
MEDIA_ROOT = env("DJANGO_MEDIA_ROOT", default="/tmp/portal-cupos-test-media")
FIRMA_DIR = env("FIRMA_DIR", default="/tmp/portal-cupos-test-firma")  # the demo CA, made once
# Revocation data are fetched only by the tests that serve a CRL (core/tests/test_firma.py): elsewhere the
# demo certificates' CRL address (fixed, so a test that changes PORTAL_URL_PUBLICA does not remake them)
# is never asked.
FIRMA_REVOCACION = env.bool("FIRMA_REVOCACION", default=False)
FIRMA_DEMO_CRL_URL = env("FIRMA_DEMO_CRL_URL", default="http://127.0.0.1:8000/firma/demo.crl")
# Open data (core.datos): one folder per pytest-xdist worker, as each has its own database.
DATOS_ROOT = env("DJANGO_DATOS_ROOT", default=f"{MEDIA_ROOT}/datos{os.environ.get('PYTEST_XDIST_WORKER', '')}")
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
# A second alias on the same test database, as a replica would be (core.plataforma.db): off unless a test turns
# LECTURA_REPLICA on (tests/test_replica.py), so no other test reads through it.
DATABASES["replica"] = {**DATABASES["default"], "TEST": {"MIRROR": "default"}}  # noqa: F405
LECTURA_REPLICA = False

WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# pytest-xdist: each worker gets its own Redis database for the cache, since every test clears the
# cache (rate-limit counters) and Redis clears a whole database at once.
_trabajador = os.environ.get("PYTEST_XDIST_WORKER", "")
if _trabajador.startswith("gw") and _trabajador[2:].isdecimal() and "LOCATION" in CACHES["default"]:  # noqa: F405
    _base, _, _db = CACHES["default"]["LOCATION"].rpartition("/")  # noqa: F405
    if _db.isdecimal():
        CACHES["default"]["LOCATION"] = f"{_base}/{(int(_db) - 1 - int(_trabajador[2:])) % 16}"  # noqa: F405
