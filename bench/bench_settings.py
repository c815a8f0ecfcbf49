"""Settings of the "Zarpes" benchmark (bench/zarpes.py): production settings on a bench database.

The production module as deployed (DEBUG False, persistent connections with health checks,
Redis cache, whitenoise, the same middleware), with what a loopback benchmark needs:

- its own database, ``portal_bench_zarpes`` (BENCH_ZARPES_DATABASE_URL overrides it); the value is
  *forced*, not defaulted, so an exported DATABASE_URL (dev or test data) is never used: the
  benchmark empties its database before loading it;
- plain HTTP on 127.0.0.1 (no SSL redirect), a fast password hasher, warnings-only logging;
- Celery tasks in-process: the measured requests enqueue none, but building the data does
  (the Dimar notice of a firm cupo) and must not leave messages in Redis for a worker;
- ROOT_URLCONF = bench.bench_urls (the portal's URLs plus /bench/piso/, the floor endpoint);
- bench.piso.TiemposMiddleware first: server-side time, SQL count/time and row-lock wait/hold
  in response headers (see bench/piso.py).
"""

import os
import warnings

URL_BASE = "postgres://postgres@127.0.0.1:5432/portal_bench_zarpes"

os.environ["DATABASE_URL"] = os.environ.get("BENCH_ZARPES_DATABASE_URL", URL_BASE)
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/14")
# Production's start-up checks (core.plataforma.checks) ask for a long, unpredictable key (no "0123456789" run) and a
# public https address.
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-zarpes-SOLO-para-medir-no-es-secreto-7h3Kq9Zx2Lw5Mv8Rt1Pn4Yb6")
os.environ.setdefault("PORTAL_URL_PUBLICA", "https://cupos.bench.example.org")
os.environ["DJANGO_ALLOWED_HOSTS"] = "127.0.0.1"
os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "False"
os.environ["DB_CONN_MAX_AGE"] = "60"
# Production signs with the offices' own keys and refuses the demo CA: the bench's capitanía gets a
# PKCS#12 from a bench CA (bench/claves.py), configured as a deployment would.
from bench import claves  # noqa: E402

claves.preparar(
    (
        "capitania_cp05",
        "Capitanía de Puerto de Cartagena",
        "Sello electrónico de la capitanía",
        "Dirección General Marítima (Dimar)",
    )
)

from config.settings.production import *  # noqa: E402, F403
from config.settings.production import MIDDLEWARE  # noqa: E402

# whitenoise warns once per process that STATIC_ROOT was never collected: irrelevant to an API benchmark.
warnings.filterwarnings("ignore", message="No directory at")
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1"]
SECURE_SSL_REDIRECT = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = False
ROOT_URLCONF = "bench.bench_urls"
MIDDLEWARE = ["bench.piso.TiemposMiddleware", *MIDDLEWARE]
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    # 4xx are counted by the benchmark; one log line each would only cost CPU.
    "loggers": {"django.request": {"level": "ERROR"}},
}
