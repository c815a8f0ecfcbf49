"""Issue 45, #17: under `make run`'s server (no Redis, tasks in-process) a long job runs on one thread of the
server after the request that queued it, so its page shows progress instead of a POST held for seconds."""

import threading

import pytest

from core.segundo_plano import trabajos


def test_lo_encolado_corre_en_el_hilo_en_orden_y_un_fallo_no_detiene_los_siguientes(settings, caplog):
    settings.TRABAJOS_EN_HILO = True
    corrieron, liberar = [], threading.Event()

    def trabajo(n):
        liberar.wait(10)
        corrieron.append((n, threading.current_thread().name))

    def falla():
        raise RuntimeError("se cayó")

    assert trabajos.encolar(trabajo, 1) and trabajos.encolar(falla) and trabajos.encolar(trabajo, 2)
    assert corrieron == []  # the caller (the request) goes on before the job runs
    liberar.set()
    trabajos.trabajos_en_hilo_esperar()
    assert corrieron == [(1, "trabajos-en-proceso"), (2, "trabajos-en-proceso")]
    assert "Trabajo en proceso fallido" in caplog.text and "se cayó" in caplog.text


def test_sin_hilo_se_corre_en_la_misma_llamada(settings):
    settings.TRABAJOS_EN_HILO = False
    corrieron = []
    trabajos.encolar(lambda: corrieron.append(threading.current_thread().name))
    assert corrieron == [threading.current_thread().name]


@pytest.mark.parametrize(
    ("argv", "esperado"),
    [(["manage.py", "runserver", "127.0.0.1:8123"], True), (["manage.py", "cargar_demo"], False)],
)
def test_solo_el_servidor_de_make_run_usa_el_hilo(argv, esperado, monkeypatch):
    """config.settings.local decides it from the command line: the demo's loading keeps its jobs inline."""
    import importlib
    import sys

    monkeypatch.setattr(sys, "argv", argv)
    monkeypatch.delenv("TRABAJOS_EN_HILO", raising=False)
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("CELERY_TASK_ALWAYS_EAGER", raising=False)
    monkeypatch.setenv("DATABASE_URL", "sqlite:////tmp/no-se-abre.sqlite3")
    import config.settings.base as base
    import config.settings.local as local

    try:
        importlib.reload(base)
        importlib.reload(local)
        assert local.TRABAJOS_EN_HILO is esperado
        opciones = local.DATABASES["default"].get("OPTIONS", {})
        assert (opciones.get("transaction_mode") == "IMMEDIATE") is esperado
    finally:
        monkeypatch.undo()
        importlib.reload(base)
        importlib.reload(local)
