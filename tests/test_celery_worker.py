"""The real thing: Celery beat (database scheduler) and a worker on Redis run one scheduled check."""

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from core.models import Alerta, Distribuidor

RAIZ = Path(__file__).resolve().parent.parent


def _celery(*args, env):
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", *args],
        cwd=RAIZ,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


@pytest.mark.django_db(transaction=True)
def test_beat_schedules_revisar_plazos_and_a_worker_raises_the_alert(tmp_path):
    Distribuidor.objects.all().delete()
    PeriodicTask.objects.all().delete()
    cada_segundo, _ = IntervalSchedule.objects.get_or_create(every=1, period=IntervalSchedule.SECONDS)
    PeriodicTask.objects.create(
        name="revisar plazos (prueba)",
        task="core.tasks.revisar_plazos_task",
        interval=cada_segundo,
        kwargs='{"fecha": "2026-03-02"}',
    )
    cola = f"prueba-{uuid.uuid4().hex[:8]}"  # other test runs may share this Redis
    db = settings.DATABASES["default"]
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": (
            f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
            f"/{connection.settings_dict['NAME']}"
        ),
        "REDIS_URL": settings.REDIS_URL,
        "CELERY_BROKER_URL": settings.REDIS_URL,
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CELERY_TASK_DEFAULT_QUEUE": cola,
    }
    worker = _celery("worker", "--pool", "solo", "-Q", cola, "--loglevel", "INFO", env=env)
    beat = _celery(
        "beat", "--loglevel", "INFO", "--schedule", str(tmp_path / "beat.db"), "--max-interval", "1", env=env
    )
    try:
        limite = time.monotonic() + 60
        while time.monotonic() < limite and not Alerta.objects.filter(tipo="resolucion_anual_vencida").exists():
            time.sleep(0.5)
        assert Alerta.objects.filter(tipo="resolucion_anual_vencida", referencia="2026").exists(), "no alert in 60 s"
        time.sleep(2.5)  # more beats, more runs: still one alert per subject
        assert Alerta.objects.filter(tipo="resolucion_anual_vencida").count() == 1
    finally:
        for proceso in (beat, worker):
            proceso.send_signal(signal.SIGQUIT)  # cold shutdown: the test is done
        salidas = []
        for proceso in (beat, worker):
            try:
                salidas.append(proceso.communicate(timeout=10)[0])
            except subprocess.TimeoutExpired:
                proceso.kill()
                salidas.append(proceso.communicate()[0])
    assert "revisar_plazos_task" in salidas[1], salidas[1][-2000:]
