"""The production shape holds: Django's deploy checks pass and docker-compose.yml is valid."""

import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parent.parent


def _environment_without_project_settings() -> dict[str, str]:
    """The caller's environment minus anything the settings read, so only the test decides."""
    prefixes = (
        "DJANGO_",
        "DATABASE_",
        "REDIS_",
        "CELERY_",
        "OUTBOX_",
        "DIMAR_",
        "AXES_",
        "DB_",
        "PORTAL_",
    )
    return {k: v for k, v in os.environ.items() if not k.startswith(prefixes)}


def test_check_deploy_passes_with_production_settings():
    env = _environment_without_project_settings() | {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(45),  # 60 characters
        "DJANGO_ALLOWED_HOSTS": "cupos.upme.gov.co",
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/portal_cupos",
        "REDIS_URL": "redis://127.0.0.1:6379/0",
    }
    assert len(env["DJANGO_SECRET_KEY"]) == 60

    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARNINGS" not in output, output


def test_docker_compose_config_is_valid_without_env_file(tmp_path):
    docker_compose = shutil.which("docker-compose")
    if docker_compose is None:
        pytest.skip("docker-compose is not installed (apt-get install docker-compose)")

    # No .env and none of the compose variables: the defaults alone must give a valid file.
    empty_env_file = tmp_path / "vacio.env"
    empty_env_file.touch()
    env = {"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/tmp")}
    result = subprocess.run(
        [docker_compose, "--env-file", empty_env_file, "-f", "docker-compose.yml", "config", "-q"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 0, result.stdout + result.stderr
