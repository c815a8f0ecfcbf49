"""gunicorn's configuration in production (Dockerfile, docker-compose*.yml) and in bench/zarpes.py --http.

    gunicorn -c config/gunicorn.py config.wsgi:application

For a 2-core web node (issue 44, bench/README.md «--http»): WEB_CONCURRENCY = 3 worker processes, each with
GUNICORN_THREADS = 8 threads (gthread).
- Processes, not threads, give CPU parallelism under the GIL: one per core, plus one so that a worker being replaced
  or stalled in a long page does not leave a core idle. More processes only add memory and context switches.
- Threads cover the waits of a request that is not computing: PostgreSQL round trips, the row lock on the
  capitanía's counter, the publish of the signing task to Redis, an officer's print page polling. With sync
  workers each wait idled a whole process (3 requests in flight for 16 officers); with 3 × 4 there are 12. In
  two runs of bench/zarpes.py --http on the same loaded machine, gthread 3×4 issued 1.2–3.0× what sync ×3 did.
- 8 threads, not 4: «Imprimir» holds its ask while the signing worker signs (zarpes.views.certificados, all threads
  but two may hold), so 16 officers printing at once wait in held threads that cost no CPU instead of polling with
  full requests. On a quiet 2-core machine (bench/README.md «Holding «Imprimir»»), 3×8 brought the signed PDF's
  p95 from 1.06 s to 0.81 s, with 75 % of prints signed at the first click instead of 39 %.
- gthread keeps the proxy's connection alive between requests (keepalive); sync closes it after each answer.
GUNICORN_THREADS=1 selects sync workers. GUNICORN_TIMEOUT cuts a request a worker cannot answer (issue 39)."""

import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
worker_class = "gthread" if threads > 1 else "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30
keepalive = 5
# Each worker imports the application (views, templates and calendars warmed by config.wsgi) after the fork: a
# worker replaced after a crash starts the same way, and no database connection is shared across a fork.
preload_app = False
