"""Rate limits hold across gunicorn workers (issue 27): an outside probe's 800 parallel requests from
one address got 187 answers against 120/min, since DRF's throttle reads and writes its history in
separate steps and each worker process let its own requests through. Here several worker processes
answer many parallel clients, and no more than the limit is served (core.api.throttling)."""

import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from tests.servidores import Proceso, _escucha, entorno, esperar, pedir, puerto_libre, redis_privado  # noqa: F401

pytestmark = [pytest.mark.fallos, pytest.mark.django_db(transaction=True)]

LIMITE = 25
PETICIONES = 300
CLIENTES = 30
WORKERS = 3


@pytest.fixture
def servidor(redis_privado, tmp_path, settings):  # noqa: F811
    d = connection.settings_dict
    env = entorno(
        DATABASE_URL=f"postgres://{d['USER']}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}",
        REDIS_URL=redis_privado.url,
        CELERY_TASK_ALWAYS_EAGER="true",
        VERIFICACION_RATE=f"{LIMITE}/hour",  # per hour: no window boundary in the middle of the run
        DJANGO_MEDIA_ROOT=settings.MEDIA_ROOT,
    )
    puerto = puerto_libre()
    proceso = Proceso(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{puerto}",
         "--workers", str(WORKERS), "--timeout", "30"],
        env, tmp_path / "gunicorn.log",
    )  # fmt: skip
    try:
        esperar(lambda: _escucha(puerto) or not proceso.vivo(), segundos=60, que="gunicorn escuchando")
        assert proceso.vivo(), proceso.texto()[-3000:]
        yield f"http://127.0.0.1:{puerto}", proceso
    finally:
        proceso.terminar()


@pytest.mark.parametrize("ruta", ["/api/v1/verificar/NOEXISTE/", "/verificar/NOEXISTE/"])
def test_peticiones_paralelas_de_una_direccion_no_pasan_del_limite(servidor, ruta):
    url, proceso = servidor
    with ThreadPoolExecutor(max_workers=CLIENTES) as hilos:
        estados = list(hilos.map(lambda _: pedir(url + ruta, timeout=30)[0], range(PETICIONES)))
    atendidas = [e for e in estados if e != 429]
    assert len(atendidas) <= LIMITE, (len(atendidas), proceso.texto()[-2000:])
    assert len(atendidas) == LIMITE and set(atendidas) == {404}, (estados, proceso.texto()[-2000:])
    assert estados.count(429) == PETICIONES - LIMITE
