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
    ),
    # The signing worker starts only when every office that signs has its key (core.firma.servicio).
    ("upme", "Unidad de Planeación Minero Energética", "Sello electrónico de la UPME", "UPME"),
    ("minminas", "Dirección de Hidrocarburos", "Sello electrónico", "Ministerio de Minas y Energía"),
    ("dimar_director_general", "Director General Marítimo", "Director General Marítimo", "Dimar"),
)
# BENCH_PROCESO: "web" (gunicorn: no key and no PIN, it signs by the queue, as production refuses otherwise,
# portal.E006), "firma" (the signing worker: the keys, FIRMA_TRABAJADOR), or unset (the script itself, in-process).
BENCH_PROCESO = os.environ.get("BENCH_PROCESO", "")
if BENCH_PROCESO == "web":
    for _nombre in [n for n in os.environ if n.startswith(("FIRMA_CLAVE_", "FIRMA_PIN_"))]:
        del os.environ[_nombre]
elif BENCH_PROCESO == "firma":
    os.environ["FIRMA_TRABAJADOR"] = "1"

from config.settings.production import *  # noqa: E402, F403
from config.settings.production import MIDDLEWARE  # noqa: E402

# whitenoise warns once per process that STATIC_ROOT was never collected: irrelevant to an API benchmark.
warnings.filterwarnings("ignore", message="No directory at")
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1"]
SECURE_SSL_REDIRECT = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# In-process tasks, except with BENCH_CELERY=1 (bench/zarpes.py --http: gunicorn queues each certificate's signature
# on Redis and a real signing worker takes it, as in production).
CELERY_TASK_ALWAYS_EAGER = os.environ.get("BENCH_CELERY") != "1"
FIRMA_ANTICIPADA = os.environ.get("BENCH_FIRMA_ANTICIPADA") == "1"
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
