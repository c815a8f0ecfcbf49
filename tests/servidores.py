"""Private servers for the fault tests: a throwaway PostgreSQL cluster, a redis-server, Celery workers
and gunicorn, each on a free port of 127.0.0.1, stopped (or killed) by the test and always cleaned up.

The machine's own PostgreSQL and Redis (5432, 6379) are shared with other runs: a fault test never
stops them; it stops its private servers.
"""

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parent.parent


def puerto_libre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def esperar(condicion, *, segundos: float, que: str, cada: float = 0.1):
    limite = time.monotonic() + segundos
    while time.monotonic() < limite:
        valor = condicion()
        if valor:
            return valor
        time.sleep(cada)
    raise AssertionError(f"{que}: no ocurrió en {segundos} s")


def _escucha(puerto: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", puerto)) == 0


def _binario_pg(nombre: str) -> str:
    candidatos = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{nombre}"))
    if not candidatos:
        pytest.fail(f"No se encontró {nombre} de PostgreSQL (paquete postgresql): las pruebas de fallos lo necesitan.")
    return candidatos[-1]


class RedisPrivado:
    """`redis-server` with no persistence on a free port; `detener()` kills it, `iniciar()` brings it back."""

    def __init__(self):
        self.puerto = puerto_libre()
        self.proceso = None
        self.url = f"redis://127.0.0.1:{self.puerto}/0"

    def iniciar(self) -> None:
        binario = shutil.which("redis-server") or pytest.fail("No se encontró redis-server (paquete redis-server).")
        self.proceso = subprocess.Popen(
            [binario, "--port", str(self.puerto), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        esperar(lambda: _escucha(self.puerto), segundos=10, que="redis-server privado escuchando")

    def detener(self) -> None:
        if self.proceso is not None and self.proceso.poll() is None:
            self.proceso.kill()
            self.proceso.wait(timeout=10)
        self.proceso = None
        esperar(lambda: not _escucha(self.puerto), segundos=5, que="redis-server privado detenido")


class PostgresPrivado:
    """A throwaway cluster (initdb) in a temporary folder owned by `postgres` (initdb refuses root),
    with trust authentication on 127.0.0.1 and a free port. `detener()` / `iniciar()` stop and start it."""

    def __init__(self):
        self.puerto = puerto_libre()
        self.dir = Path(tempfile.mkdtemp(prefix="pg-privado-"))
        self.datos = self.dir / "datos"
        self.como_postgres = os.geteuid() == 0
        if self.como_postgres:
            shutil.chown(self.dir, "postgres", "postgres")

    def _correr(self, *args, **kwargs):
        comando = [*(["runuser", "-u", "postgres", "--"] if self.como_postgres else []), *args]
        return subprocess.run(comando, check=True, capture_output=True, text=True, timeout=60, **kwargs)

    def url(self, base: str = "postgres") -> str:
        return f"postgres://postgres@127.0.0.1:{self.puerto}/{base}"

    def crear(self) -> None:
        self._correr(_binario_pg("initdb"), "-D", str(self.datos), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                     "--no-sync", "--locale", "C.UTF-8")

    def iniciar(self) -> None:
        opciones = (f"-p {self.puerto} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.dir} "
                    "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self._correr(_binario_pg("pg_ctl"), "-D", str(self.datos), "-o", opciones, "-l", str(self.dir / "log"),
                     "-w", "-t", "30", "start")

    def detener(self) -> None:
        self._correr(_binario_pg("pg_ctl"), "-D", str(self.datos), "-m", "fast", "-w", "-t", "30", "stop")

    def borrar(self) -> None:
        with contextlib.suppress(Exception):
            if (self.datos / "postmaster.pid").exists():
                self._correr(_binario_pg("pg_ctl"), "-D", str(self.datos), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)

    def crear_base(self, nombre: str) -> str:
        self._correr("psql", "-h", "127.0.0.1", "-p", str(self.puerto), "-U", "postgres", "-c",
                     f'CREATE DATABASE "{nombre}"')
        return self.url(nombre)


@pytest.fixture
def redis_privado():
    servidor = RedisPrivado()
    servidor.iniciar()
    try:
        yield servidor
    finally:
        servidor.detener()


@pytest.fixture
def postgres_privado():
    servidor = PostgresPrivado()
    try:
        servidor.crear()
        servidor.iniciar()
        yield servidor
    finally:
        servidor.borrar()


def entorno(**extra) -> dict:
    """The environment of a child process of the portal (worker, server, manage.py)."""
    return {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "PYTHONUNBUFFERED": "1",
            **{k: str(v) for k, v in extra.items()}}


class Proceso:
    """A child process in its own process group: `matar()` is kill -9 of the group (a dead container)."""

    def __init__(self, comando: list[str], env: dict, salida: Path):
        self.salida = salida
        self._archivo = open(salida, "ab")  # noqa: SIM115 (closed in terminar/matar)
        self.popen = subprocess.Popen(comando, cwd=RAIZ, env=env, stdout=self._archivo, stderr=subprocess.STDOUT,
                                      start_new_session=True)

    def vivo(self) -> bool:
        return self.popen.poll() is None

    def matar(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGKILL)
        self.popen.wait(timeout=10)
        self._archivo.close()

    def terminar(self, senal=signal.SIGTERM, espera: float = 10) -> None:
        if self.vivo():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, senal)
            try:
                self.popen.wait(timeout=espera)
            except subprocess.TimeoutExpired:
                self.matar()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGKILL)  # children left behind
        self._archivo.close()

    def texto(self) -> str:
        return self.salida.read_text(errors="replace")


def worker_celery(env: dict, salida: Path, *args: str) -> Proceso:
    return Proceso([sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel", "INFO",
                    "--without-gossip", "--without-mingle", "--without-heartbeat", *args], env, salida)


def gunicorn(env: dict, salida: Path, puerto: int) -> Proceso:
    proceso = Proceso([sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{puerto}",
                       "--workers", "1", "--timeout", "30"], env, salida)
    esperar(lambda: _escucha(puerto) or not proceso.vivo(), segundos=30, que="gunicorn escuchando")
    assert proceso.vivo(), proceso.texto()[-3000:]
    return proceso


def pedir(url: str, *, metodo="GET", cabeceras=None, datos: bytes | None = None, timeout: float = 15):
    """(status, headers, body) of one HTTP request; HTTP errors are answers too."""
    peticion = urllib.request.Request(url, method=metodo, headers=cabeceras or {}, data=datos)
    try:
        with urllib.request.urlopen(peticion, timeout=timeout) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


@contextlib.contextmanager
def celery_hacia(url: str):
    """Send this process's tasks to a real broker (the test settings run them in-process)."""
    from config.celery_app import app

    anterior = {k: app.conf[k] for k in ("broker_url", "task_always_eager")}

    def _soltar():  # forget pooled connections and producers (kombu keeps a registry per connection)
        from kombu import pools

        with contextlib.suppress(Exception):
            pools.reset()
        app._pool = None
        app.amqp._producer_pool = None

    _soltar()
    app.conf.update(broker_url=url, task_always_eager=False)
    try:
        yield app
    finally:
        _soltar()
        app.conf.update(**anterior)
