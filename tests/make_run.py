"""Running a script the way `make run` runs the portal (SQLite, config.settings.local, Celery in-process),
in a fresh `manage.py shell` so that nothing of the test's PostgreSQL setup leaks in."""

import json
import os
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]


def en_make_run(guion: str, tmp_path, *, timeout: int = 300) -> dict:
    """Run `guion` on a fresh SQLite database under `tmp_path`; it prints one line "RESULTADO <json>",
    returned as a dict. The process must end well (its stderr's tail otherwise)."""
    entorno = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")}
    entorno.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'portal.sqlite3'}",
            "DJANGO_MEDIA_ROOT": str(tmp_path / "media"),
        }
    )
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
