"""core.plataforma.arranque: a web process imports every view and compiles every template before it serves."""

import datetime as dt
from pathlib import Path

from django.conf import settings
from django.template import engines
from django.template.loaders.cached import Loader
from django.urls import get_resolver

from core.plataforma.arranque import precalentar
from core.vencimientos.calendario import _festivos, is_holiday, today


def test_every_template_is_compiled_and_every_view_imported_before_the_first_request(monkeypatch):
    motor = engines["django"]
    cargador = motor.engine.template_loaders[0]
    assert isinstance(cargador, Loader)  # the cached loader keeps what is compiled here, for every request
    cargador.reset()
    resolver = get_resolver()
    monkeypatch.setattr(resolver, "_populated", False)
    plantillas = sorted(
        p.relative_to(settings.BASE_DIR / "templates").as_posix()
        for p in Path(settings.BASE_DIR / "templates").rglob("*.html")
    )
    assert precalentar() == len(plantillas) > 200
    assert resolver._populated
    assert set(plantillas) <= set(cargador.get_template_cache)
    assert _festivos.cache_info().currsize >= 3  # this year's holidays, and the years around it


def test_the_holidays_are_loaded_before_the_first_request():
    _festivos.cache_clear()
    precalentar()
    anio = today().year
    antes = _festivos.cache_info()
    assert is_holiday(dt.date(anio, 7, 20))  # Independence Day, from the calendar already loaded
    assert _festivos.cache_info().hits == antes.hits + 1 and _festivos.cache_info().misses == antes.misses


def test_every_namespace_can_be_reversed_into_without_building_its_tables_in_the_request(monkeypatch):
    """A page's menu reverses into every app's namespace: each builds its own reverse table on first use
    (get_ns_resolver), 80 ms of a worker's first page unless the warm-up built them."""
    from django.urls import clear_url_caches, reverse
    from django.urls.resolvers import URLResolver

    clear_url_caches()
    precalentar()
    poblados = []
    original = URLResolver._populate

    def contar(self):
        poblados.append(self)
        return original(self)

    monkeypatch.setattr(URLResolver, "_populate", contar)
    for nombre in ("cupos:tablero", "distribuidores:conciliacion", "fronteras:transparencia", "reserva:nacional"):
        reverse(nombre)
    assert poblados == []
