"""What /salud/ reports: each dependency of the portal, checked in about a second at most.

- base_de_datos: PostgreSQL (or SQLite under `make run`). Down: nothing works → HTTP 503, so the
  load balancer and docker-compose's HEALTHCHECK take this process out of service.
- redis (cache) and broker (Celery's queue, Redis in production): down, the portal still serves
  pages and the API, uploads are accepted and messages kept in the outbox; jobs wait in the database
  until the broker is back (core.segundo_plano.trabajos) → HTTP 200 with "estado": "degradado", for monitoring.
"""

from urllib.parse import urlparse

from django.conf import settings
from django.db import connection

from core.web.middleware import ERRORES_BD

OK, CAIDO, CAIDA = "ok", "caido", "caida"
TIEMPO = 1.0  # seconds per check


def _base_de_datos() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except ERRORES_BD:
        connection.close()  # a broken connection is not kept for the next request
        return CAIDA
    return OK


def _redis(url: str) -> str:
    import redis

    try:
        cliente = redis.Redis.from_url(url, socket_connect_timeout=TIEMPO, socket_timeout=TIEMPO)
        try:
            cliente.ping()
        finally:
            cliente.close()
    except (redis.RedisError, OSError):
        return CAIDO
    return OK


def _broker() -> str:
    from config.celery_app import app

    if app.conf.task_always_eager:
        return "en_proceso"  # no broker: tasks run inside the request (make run)
    url = app.conf.broker_url or ""
    if urlparse(url).scheme in ("redis", "rediss"):
        return _redis(url)
    try:
        with app.connection_for_write() as conexion:
            conexion.ensure_connection(max_retries=1, timeout=TIEMPO)
    except Exception:  # kombu's errors depend on the transport
        return CAIDO
    return OK


def comprobar() -> tuple[dict, int]:
    """(body, HTTP status) of /salud/."""
    cuerpo = {
        "base_de_datos": _base_de_datos(),
        "redis": _redis(settings.REDIS_URL) if settings.REDIS_URL else "no_configurado",
        "broker": _broker(),
    }
    if cuerpo["base_de_datos"] != OK:
        cuerpo["estado"], status = CAIDO, 503
    elif CAIDO in (cuerpo["redis"], cuerpo["broker"]):
        cuerpo["estado"], status = "degradado", 200
    else:
        cuerpo["estado"], status = OK, 200
    return cuerpo, status
