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
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]


def entorno_make_run(tmp_path) -> dict:
    """The environment `make run` gives manage.py (no DATABASE_URL/REDIS_URL: SQLite and eager tasks), on a
    database under `tmp_path` that starts migrated (`base_migrada`)."""
    entorno = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")}
    entorno.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'portal.sqlite3'}",
            "DJANGO_MEDIA_ROOT": str(tmp_path / "media"),
        }
    )
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


def en_make_run(guion: str, tmp_path, *, timeout: int = 300, entorno_extra: dict | None = None) -> dict:
    """Run `guion` on a fresh SQLite database under `tmp_path` (`entorno_extra` added to `make run`'s
    environment); it prints one line "RESULTADO <json>", returned as a dict. The process must end well (its
    stderr's tail otherwise)."""
    entorno = {**entorno_make_run(tmp_path), **(entorno_extra or {})}
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
