"""Django's Redis cache, tolerant of a Redis that is down: reads miss and writes are dropped (logged)
instead of failing the request. The cache only holds counters (API rate limits): while Redis is down
they do not count, and the portal keeps serving."""

import logging

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

CAIDO = (RedisConnectionError, RedisTimeoutError, OSError)


def _tolerante(nombre: str, sin_redis):
    def metodo(self, *args, **kwargs):
        try:
            return getattr(RedisCache, nombre)(self, *args, **kwargs)
        except CAIDO as exc:
            logger.warning("Caché Redis no disponible (%s): %s", nombre, exc)
            return sin_redis(*args, **kwargs)

    metodo.__name__ = nombre
    return metodo


def _por_defecto(key, default=None, *args, **kwargs):
    return default


class RedisTolerante(RedisCache):
    get = _tolerante("get", _por_defecto)
    set = _tolerante("set", lambda *a, **k: None)
    add = _tolerante("add", lambda *a, **k: False)
    touch = _tolerante("touch", lambda *a, **k: False)
    delete = _tolerante("delete", lambda *a, **k: False)
    get_many = _tolerante("get_many", lambda *a, **k: {})
    set_many = _tolerante("set_many", lambda *a, **k: [])
    delete_many = _tolerante("delete_many", lambda *a, **k: None)
    has_key = _tolerante("has_key", lambda *a, **k: False)
    clear = _tolerante("clear", lambda *a, **k: False)
