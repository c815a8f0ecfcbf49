"""The signing worker keeps its PostgreSQL connection between tasks (issue 44: Celery's Django fixup closed it after
each certificate) and treats it as Django treats a request's: closed when unusable or old, health-checked again."""

import importlib
from types import SimpleNamespace

celery_app = importlib.import_module("config.celery_app")  # the module (config.celery_app is also the app's name)


def _tarea(en_proceso: bool):
    return SimpleNamespace(request=SimpleNamespace(is_eager=en_proceso))


def test_connections_kept_between_tasks_are_checked_around_each_one_as_around_a_request(monkeypatch, settings):
    cerradas = []
    monkeypatch.setattr("django.db.close_old_connections", lambda: cerradas.append(True))

    settings.CELERY_DB_REUSE_MAX = None  # every worker but the signing one: Celery closes them itself
    celery_app._conexiones_como_en_una_peticion(sender=_tarea(False))
    assert cerradas == []

    settings.CELERY_DB_REUSE_MAX = 1_000_000  # the signing worker (FIRMA_TRABAJADOR)
    celery_app._conexiones_como_en_una_peticion(sender=_tarea(False))
    assert cerradas == [True]

    celery_app._conexiones_como_en_una_peticion(sender=_tarea(True))  # in-process: the caller's connection
    assert cerradas == [True]


def test_celery_reads_the_reuse_setting_from_django(settings):
    settings.CELERY_DB_REUSE_MAX = 7
    assert celery_app.app.conf.get("CELERY_DB_REUSE_MAX") == 7
