"""What a web process does once, before it serves (config.wsgi).

gunicorn --preload imports the portal in its master and forks the workers from it: anything done here
is inherited by every worker, copy-on-write. Without it each worker paid, on its first request after a
deploy or a restart, the import of every view module (Django resolves the URLconf lazily: 0.6 s) and the
compilation of each template it renders (0.5 s for the portal's 212), and the loading of the holiday calendars
(the `holidays` package, 278 modules, on the first deadline computed), and the reverse tables of each
app's URL namespace (built on the first reverse() into it: every page's menu): on the peak day those first
requests were the slowest pages of bench/pico.py. Without --preload each worker does it as it boots,
before it accepts a request.
"""

import contextlib
import datetime as dt
import logging
from pathlib import Path

from django.conf import settings
from django.template import TemplateSyntaxError, engines
from django.urls import NoReverseMatch, get_resolver, reverse

from core.vencimientos.calendario import is_holiday, today

logger = logging.getLogger(__name__)


def _poblar(resolver, prefijo: str = "") -> int:
    """The URLconf's reverse tables, of every namespace: reverse() into a namespace mounted under a prefix
    builds a resolver of its own for it (django.urls.resolvers.get_ns_resolver, cached) and populates it on
    first use, and every page's menu reverses into all of them: 80 ms of a worker's first page (1,892 patterns
    normalized). A reverse of a name no namespace has builds and caches it. Returns the namespaces seen."""
    resolver._populate()
    vistos = 0
    for espacio, (_, hijo) in resolver.namespace_dict.items():
        with contextlib.suppress(NoReverseMatch):
            reverse(f"{prefijo}{espacio}:_arranque_")
        vistos += 1 + _poblar(hijo, f"{prefijo}{espacio}:")
    return vistos


def precalentar() -> int:
    """Import every view and compile every template of the portal's own folders (kept by Django's
    cached template loader). Returns how many templates were compiled."""
    _poblar(get_resolver())
    # The Colombian holidays (core.vencimientos.calendario: every deadline, R-25): the `holidays` package loads its
    # calendars on first use, 278 modules, the largest part of a worker's first reconciliation view.
    anio = today().year
    for cada in (anio - 1, anio, anio + 1):
        is_holiday(dt.date(cada, 1, 1))
    motor = engines["django"]
    compiladas = 0
    for carpeta in map(Path, motor.engine.dirs):
        for ruta in sorted(p for p in carpeta.rglob("*") if p.suffix in (".html", ".txt", ".xml")):
            nombre = ruta.relative_to(carpeta).as_posix()
            try:
                motor.get_template(nombre)
            except TemplateSyntaxError:  # rendered only with its own tags loaded elsewhere: it compiles on use
                logger.warning("No se precompiló la plantilla %s", nombre, exc_info=True)
                continue
            compiladas += 1
    logger.info("Arranque: %s plantillas compiladas y vistas importadas (DEBUG=%s)", compiladas, settings.DEBUG)
    return compiladas
