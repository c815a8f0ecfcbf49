"""The production shape holds: Django's deploy checks pass and docker-compose.yml is valid."""

import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

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
        "PROXIES_",
        "API_",
        "VERIFICACION_",
    )
    return {k: v for k, v in os.environ.items() if not k.startswith(prefixes)}


def _production_env(**cambios: str | None) -> dict[str, str]:
    env = _environment_without_project_settings() | {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(45),  # 60 characters
        "DJANGO_ALLOWED_HOSTS": "cupos.upme.gov.co",
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/portal_cupos",
        "REDIS_URL": "redis://127.0.0.1:6379/0",
        "PORTAL_URL_PUBLICA": "https://cupos.upme.gov.co",
    }
    for clave, valor in cambios.items():
        if valor is None:
            env.pop(clave, None)
        else:
            env[clave] = valor
    return env


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=120)


def _check_deploy(env: dict[str, str]) -> subprocess.CompletedProcess:
    return _run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], env)


def test_check_deploy_passes_with_production_settings():
    env = _production_env()
    assert len(env["DJANGO_SECRET_KEY"]) == 60

    result = _check_deploy(env)

    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARNINGS" not in output, output


@pytest.mark.parametrize(
    ("cambios", "codigo"),
    [
        ({"DJANGO_SECRET_KEY": "cambie-esta-clave"}, "portal.E001"),  # docker-compose.yml's fallback
        ({"DJANGO_SECRET_KEY": "solo-para-desarrollo-local-no-usar-en-produccion"}, "portal.E001"),
        ({"DJANGO_SECRET_KEY": secrets.token_urlsafe(30)}, "portal.E001"),  # 40 characters
        ({"DJANGO_SECRET_KEY": "a" * 60}, "portal.E001"),
        ({"PORTAL_URL_PUBLICA": None}, "portal.E002"),
        ({"PORTAL_URL_PUBLICA": ""}, "portal.E002"),
        ({"PORTAL_URL_PUBLICA": "http://cupos.upme.gov.co"}, "portal.E003"),
        ({"PORTAL_URL_PUBLICA": "https://localhost:8000"}, "portal.E004"),
        ({"PORTAL_URL_PUBLICA": "https://127.0.0.1"}, "portal.E004"),
        ({"PORTAL_URL_PUBLICA": "https://[::1]:8443"}, "portal.E004"),
    ],
)
def test_check_deploy_refuses_a_guessable_key_or_a_wrong_public_address(cambios, codigo):
    result = _check_deploy(_production_env(**cambios))

    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert codigo in output, output
    assert "ERRORS" in output, output


def test_production_web_process_refuses_to_start_with_docker_compose_fallbacks():
    """gunicorn imports config.wsgi: with the compose file's fallback key and no public address, it stops."""
    env = _production_env(DJANGO_SECRET_KEY="cambie-esta-clave", PORTAL_URL_PUBLICA=None)
    result = _run([sys.executable, "-c", "import config.wsgi"], env)
    assert result.returncode != 0
    assert "portal.E001" in result.stderr and "portal.E002" in result.stderr, result.stderr

    assert _run([sys.executable, "-c", "import config.wsgi"], _production_env()).returncode == 0


def test_docker_compose_trusts_one_proxy_and_has_no_public_address_fallback():
    compose = yaml.safe_load((BASE_DIR / "docker-compose.yml").read_text(encoding="utf-8"))
    entorno = compose["x-app-env"]
    assert entorno["PROXIES_CONFIABLES"] == "${PROXIES_CONFIABLES:-1}"
    assert entorno["PORTAL_URL_PUBLICA"] == "${PORTAL_URL_PUBLICA:-}"
    assert entorno["DJANGO_SECRET_KEY"] == "${DJANGO_SECRET_KEY:-cambie-esta-clave}"  # refused, see above


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
