"""Running a script the way `make run` runs the portal (SQLite, config.settings.local, Celery in-process),
in a fresh `manage.py shell` so that nothing of the test's PostgreSQL setup leaks in."""

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

from config.regimenes import REGIMENES

RAIZ = Path(__file__).resolve().parents[1]


def entorno_make_run(tmp_path, *, con_demo: bool = False) -> dict:
    """The environment `make run` gives manage.py (no DATABASE_URL/REDIS_URL: SQLite and eager tasks), on a
    database under `tmp_path` that starts migrated (`base_migrada`), or also with the demo loaded as
    `make run` loads it (`base_con_demo`, its media files included)."""
    entorno = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")}
    entorno.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'portal.sqlite3'}",
            "DJANGO_MEDIA_ROOT": str(tmp_path / "media"),
        }
    )
    if con_demo:
        copiar_base_con_demo(tmp_path)
    else:
        shutil.copyfile(base_migrada(), tmp_path / "portal.sqlite3")
    return entorno


def base_migrada() -> Path:
    """A SQLite database as `manage.py migrate` leaves it, made once per set of migrations and shared by the
    tests (and xdist workers) that start from it: each copies it, and its own `migrate` then finds nothing to
    do. Keyed by every migration file and the pinned dependencies, so a new migration makes a new one."""
    huella = hashlib.sha256((RAIZ / "pyproject.toml").read_bytes())
    for archivo in sorted(RAIZ.glob("*/migrations/*.py")):
        huella.update(str(archivo.relative_to(RAIZ)).encode() + archivo.read_bytes())
    destino = Path(tempfile.gettempdir()) / f"portal-cupos-migrada-{huella.hexdigest()[:16]}.sqlite3"
    with open(f"{destino}.lock", "w") as cerrojo:
        fcntl.flock(cerrojo, fcntl.LOCK_EX)  # the other worker waits for the one making it
        if not destino.exists():
            with tempfile.TemporaryDirectory() as tmp:
                entorno = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
                entorno.update(
                    {
                        "DJANGO_SETTINGS_MODULE": "config.settings.local",
                        "DATABASE_URL": f"sqlite:///{tmp}/p.sqlite3",
                        "DJANGO_MEDIA_ROOT": f"{tmp}/media",
                    }
                )
                subprocess.run(
                    [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                    cwd=RAIZ,
                    env=entorno,
                    check=True,
                    capture_output=True,
                    timeout=600,
                )
                shutil.copyfile(f"{tmp}/p.sqlite3", f"{destino}.parcial")
                os.replace(f"{destino}.parcial", destino)
    return destino


# The sources the demo is made from: a change to any of them makes a new `base_con_demo`.


FUENTES_DE_LA_DEMO = ("core", *REGIMENES, "config", "templates")  # config/regimenes.py


def puerto_de_la_demo() -> int:
    """The port `base_con_demo` says the portal is served on: fixed per checkout, so that the make run
    journeys' server (tests/e2e/make_run) can serve that very copy of the demo there when it is free."""
    return 20_000 + int(hashlib.sha256(str(RAIZ).encode()).hexdigest(), 16) % 20_000


def base_con_demo() -> Path:
    """A folder with a SQLite database and its media files as `make run` leaves them before serving:
    `migrate`, then `cargar_demo --url http://127.0.0.1:<puerto_de_la_demo()>` (its output, the logins, in
    salida.txt). Made once (per day, set of sources and demo CA) and copied by the tests that start from the
    loaded demo, like `base_migrada`: loading the demo takes about half a minute on SQLite."""
    huella = hashlib.sha256((RAIZ / "pyproject.toml").read_bytes())
    for carpeta in FUENTES_DE_LA_DEMO:
        for archivo in sorted((RAIZ / carpeta).rglob("*")):
            if archivo.is_file() and "__pycache__" not in archivo.parts:
                huella.update(str(archivo.relative_to(RAIZ)).encode() + archivo.read_bytes())
    huella.update(f"{date.today()}|{os.environ.get('FIRMA_DIR', '')}|{puerto_de_la_demo()}".encode())
    destino = Path(tempfile.gettempdir()) / f"portal-cupos-demo-{huella.hexdigest()[:16]}"
    with open(f"{destino}.lock", "w") as cerrojo:
        fcntl.flock(cerrojo, fcntl.LOCK_EX)  # the other worker waits for the one making it
        if not destino.exists():
            parcial = Path(f"{destino}.parcial")
            shutil.rmtree(parcial, ignore_errors=True)
            parcial.mkdir()
            entorno = entorno_make_run(parcial)
            proceso = subprocess.run(
                [sys.executable, "manage.py", "cargar_demo", "--url", f"http://127.0.0.1:{puerto_de_la_demo()}"],
                cwd=RAIZ,
                env=entorno,
                capture_output=True,
                text=True,
                timeout=900,
            )
            assert proceso.returncode == 0, f"cargar_demo falló:\n{proceso.stderr[-4000:]}"
            (parcial / "salida.txt").write_text(proceso.stdout)
            os.replace(parcial, destino)
    return destino


def copiar_base_con_demo(carpeta: Path) -> str:
    """Copy `base_con_demo` (database and media) into `carpeta`; what its `cargar_demo` printed."""
    base = base_con_demo()
    shutil.copyfile(base / "portal.sqlite3", carpeta / "portal.sqlite3")
    shutil.copytree(base / "media", carpeta / "media", dirs_exist_ok=True)
    return (base / "salida.txt").read_text()


def en_make_run(
    guion: str, tmp_path, *, timeout: int = 300, entorno_extra: dict | None = None, con_demo: bool = False
) -> dict:
    """Run `guion` on a fresh SQLite database under `tmp_path` (`entorno_extra` added to `make run`'s
    environment), migrated, or with the demo loaded (`con_demo`); it prints one line "RESULTADO <json>",
    returned as a dict. The process must end well (its stderr's tail otherwise)."""
    entorno = {**entorno_make_run(tmp_path, con_demo=con_demo), **(entorno_extra or {})}
    proceso = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", guion],
        cwd=RAIZ,
        env=entorno,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert proceso.returncode == 0, proceso.stderr[-3000:]
    linea = next(x for x in proceso.stdout.splitlines() if x.startswith("RESULTADO "))
    return json.loads(linea.removeprefix("RESULTADO "))
