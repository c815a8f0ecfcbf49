"""Settings of the benchmarks: the test settings on a database of their own.

- DATABASE_URL defaults to ``portal_bench`` so a benchmark never touches the test or dev data.
- Persistent connections (as in production, where base.py uses CONN_MAX_AGE=60): the test
  settings close the connection after every request, which would make each measured request
  pay a new PostgreSQL connection and say nothing about the saldo query itself.
- A local-memory cache, so the benchmark does not need Redis (the saldo path does not use it).
"""

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/portal_bench")

from config.settings.test import *  # noqa: F403
from config.settings.test import DATABASES

DATABASES["default"]["CONN_MAX_AGE"] = None  # one connection for the whole run
DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
