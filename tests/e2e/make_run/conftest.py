"""One server configured exactly as `make run` configures it, shared by the journeys of this folder.

`make run` runs `manage.py migrate`, `manage.py cargar_demo --url …` and `manage.py runserver` with the
local settings and no DATABASE_URL nor REDIS_URL: an embedded SQLite file, DEBUG on, Celery tasks in
the request. This fixture does the same in subprocesses, once per session (the demo takes most of the
time), on a free port and a temporary SQLite file and media folder, and logs in with the demo logins
that `cargar_demo` prints. Every journey also fails if the server logged a traceback meanwhile: under
`make run` an error in an eager task is a log line, not a failed request.

To rerun the journeys while writing them, against a `make run` already serving with a fresh demo:
E2E_MAKE_RUN_URL=http://127.0.0.1:8000 E2E_MAKE_RUN_DB=var/portal.sqlite3 E2E_MAKE_RUN_LOG=<its output file>.
"""

import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.make_run import base_migrada, copiar_base_con_demo, puerto_de_la_demo
from tests.servidores import RAIZ, Proceso, esperar, puerto_libre

# Variables of this test run that `make run` does not have (the suite's PostgreSQL and Redis, its
# settings, the e2e conftest's async switch): the server must not inherit them.
AJENAS = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "CELERY_TASK_ALWAYS_EAGER", "DJANGO_ALLOW_ASYNC_UNSAFE")
LOGIN = re.compile(r"^\s+(\S+)\s+(\S+)\s+\((.+)\)$")
SECRETO = re.compile(r"^\s+(\S+)\s+clave secreta ([A-Z2-7]+) · ")  # issue 24: the demo's second factor


@dataclass
class ServidorMakeRun:
    url: str
    base_de_datos: Path
    registro: Path
    logins: dict[str, str] = field(default_factory=dict)  # username → password, as cargar_demo prints them
    roles: dict[str, str] = field(default_factory=dict)  # username → role, as printed
    secretos: dict[str, str] = field(default_factory=dict)  # username → TOTP secret (base32), as printed

    def consultar(self, sql: str, *params) -> list[tuple]:
        """Read the server's SQLite file (read-only): what a person holds on paper, e.g. the certificate
        the captain presents to the wholesaler."""
        with sqlite3.connect(f"file:{self.base_de_datos}?mode=ro", uri=True, timeout=10) as conexion:
            return conexion.execute(sql, params).fetchall()

    def leer_logins(self, salida: str) -> None:
        for linea in salida.splitlines():
            if m := LOGIN.match(linea):
                self.logins[m[1]] = m[2]
                self.roles[m[1]] = m[3]
            elif m := SECRETO.match(linea):
                self.secretos[m[1]] = m[2]

    def codigo(self, username: str) -> str:
        """The code the user's authenticator app shows now (the printed secret, django_otp's totp), past the
        last one the server accepted (read from its database)."""
        from base64 import b32decode

        from core.identidad.segundo_factor import codigo_vigente

        [(ultimo, deriva)] = self.consultar(
            "SELECT d.last_t, d.drift FROM otp_totp_totpdevice d JOIN core_usuario u ON u.id = d.user_id "
            "WHERE u.username = ? AND d.confirmed", username,
        )
        return codigo_vigente(b32decode(self.secretos[username]), last_t=ultimo, drift=deriva)

    def texto_registro(self) -> str:
        return self.registro.read_text(errors="replace")

    def manage(self, *args: str, timeout: float = 300) -> str:
        """A `manage.py` command on this server's database, as `make run`'s environment runs it."""
        return _manage(entorno_make_run(self.base_de_datos.parent), *args, timeout=timeout)


def entorno_make_run(carpeta: Path) -> dict:
    entorno = {k: v for k, v in os.environ.items() if k not in AJENAS and not k.startswith("DJANGO_")}
    entorno.update(
        DJANGO_SETTINGS_MODULE="config.settings.local",  # manage.py's default, what `make run` uses
        DATABASE_URL=f"sqlite:///{carpeta / 'portal.sqlite3'}",
        DJANGO_MEDIA_ROOT=str(carpeta / "media"),  # make run: var/media; here, nothing left in the repo
        PYTHONUNBUFFERED="1",
    )
    return entorno


def _manage(entorno: dict, *args: str, timeout: float) -> str:
    proceso = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=RAIZ, env=entorno, capture_output=True, text=True, timeout=timeout
    )
    assert proceso.returncode == 0, f"manage.py {' '.join(args)} falló:\n{proceso.stderr[-4000:]}"
    return proceso.stdout


def _libre(puerto: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", puerto))
        except OSError:
            return False
    return True


def _responde(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as respuesta:
            return respuesta.status == 200
    except OSError:
        return False


@pytest.fixture(scope="session")
def make_run(tmp_path_factory):
    if url := os.environ.get("E2E_MAKE_RUN_URL"):
        servidor = ServidorMakeRun(
            url=url.rstrip("/"),
            base_de_datos=Path(os.environ["E2E_MAKE_RUN_DB"]),
            registro=Path(os.environ["E2E_MAKE_RUN_LOG"]),
        )
        servidor.leer_logins(servidor.texto_registro())
        yield servidor
        return
    carpeta = tmp_path_factory.mktemp("make_run")
    entorno = entorno_make_run(carpeta)
    inicio = time.monotonic()
    if _libre(puerto := puerto_de_la_demo()):
        # The demo `make run` loads, loaded once for the suite (tests.make_run.base_con_demo) with this
        # address: its copy, then `migrate` as `make run` runs it (nothing left to apply).
        salida = copiar_base_con_demo(carpeta)
        url = f"http://127.0.0.1:{puerto}"
        _manage(entorno, "migrate", "--noinput", timeout=300)
    else:  # taken (a portal served there?): the demo loaded here, for an address that is free
        puerto = puerto_libre()
        url = f"http://127.0.0.1:{puerto}"
        shutil.copyfile(base_migrada(), carpeta / "portal.sqlite3")  # what `migrate` makes, made once
        _manage(entorno, "migrate", "--noinput", timeout=300)
        salida = _manage(entorno, "cargar_demo", "--url", url, timeout=600)
    assert f"({url}/ingresar/)" in salida, salida  # the logins are printed with the address served
    servidor = ServidorMakeRun(url=url, base_de_datos=carpeta / "portal.sqlite3", registro=carpeta / "runserver.log")
    servidor.leer_logins(salida)
    proceso = Proceso(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{puerto}", "--noreload"], entorno, servidor.registro
    )
    try:
        esperar(lambda: _responde(url + "/ingresar/") or not proceso.vivo(), segundos=60, que="runserver respondiendo")
        assert proceso.vivo(), servidor.texto_registro()[-4000:]
        print(f"\nmake run listo en {time.monotonic() - inicio:.1f} s: {url}")
        yield servidor
    finally:
        proceso.terminar()


@pytest.fixture(autouse=True)
def _sin_errores_en_el_servidor(make_run):
    """A traceback in the server's log (an eager task that failed, a 500) fails the journey."""
    antes = len(make_run.texto_registro())
    yield
    nuevo = make_run.texto_registro()[antes:]
    assert "Traceback" not in nuevo, f"El servidor registró un error:\n{nuevo[-6000:]}"
    # Issue 45: nor a library's warning a person starting `make run` would wonder about (kombu's missing host).
    assert "WARNING kombu" not in nuevo, f"El servidor registró un aviso de kombu:\n{nuevo[-3000:]}"
    assert "Trabajo en proceso fallido" not in nuevo, f"Falló un trabajo en el hilo del servidor:\n{nuevo[-6000:]}"


@pytest.fixture
def ingresar(make_run, registro_axe):
    """Log in through the form with the demo login cargar_demo printed, and wait for the home page."""
    from playwright.sync_api import expect

    from tests.e2e.pasos import CODIGO_INGRESO, escribir_codigo

    def ingresar_(page, username: str) -> None:
        assert make_run.logins.get(username), f"cargar_demo no imprimió el usuario {username}: {make_run.logins}"
        page.goto(make_run.url + "/ingresar/")
        registro_axe.ingreso(page, make_run.roles[username])  # the pages from here on are this role's
        page.get_by_label("Usuario", exact=True).fill(username)
        page.get_by_label("Contraseña", exact=True).fill(make_run.logins[username])
        page.get_by_role("button", name="Ingresar").click()
        if username in make_run.secretos:  # signs or decides acts: the code of the app (issue 24)
            page.wait_for_url("**/ingresar/codigo/**")
            escribir_codigo(page, make_run.codigo(username), etiqueta=CODIGO_INGRESO)
            page.get_by_role("button", name="Verificar").click()
        from core.demo import NOMBRES_DEMO

        nombre = " ".join(NOMBRES_DEMO[username]) if username in NOMBRES_DEMO else username  # a person, by name
        expect(page.get_by_role("heading", level=1)).to_contain_text(f"Bienvenido, {nombre}")
        page.wait_for_load_state("load")  # htmx is a deferred script: act once it listens

    return ingresar_


def menu(page, nombre: str):
    """A link of the main menu, by its name (the alert counter may follow it), its group opened first."""
    from tests.e2e.pasos import enlace_del_menu

    return enlace_del_menu(page, nombre)
