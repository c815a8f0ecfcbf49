"""gunicorn's configuration in production (Dockerfile, docker-compose*.yml) and in bench/zarpes.py --http.

    gunicorn -c config/gunicorn.py config.wsgi:application

On a 2-core web node (issue 44, bench/README.md «zarpes.py --http»): WEB_CONCURRENCY sync workers (3 by default):
the portal's requests are CPU-bound Python (a certificate spends ~1 ms of its ~10 ms waiting for PostgreSQL), so
one worker per core plus one to cover that wait and a worker being replaced keeps both cores busy; threads
(GUNICORN_THREADS > 1 selects gthread) only add GIL hand-offs and queue more requests inside a worker that cannot
run them. The proxy in front buffers slow clients, which is what sync workers need. GUNICORN_TIMEOUT cuts a
request a worker cannot answer (issue 39)."""

import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
worker_class = "gthread" if threads > 1 else "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30
keepalive = 5  # gthread only: the proxy's connection reused between requests
# Each worker imports the application (views, templates and calendars warmed by config.wsgi) after the fork: a
# worker replaced after a crash starts the same way, and no database connection is shared across a fork.
preload_app = False
