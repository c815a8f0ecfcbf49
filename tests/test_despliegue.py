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
        "FIRMA_",
    )
    return {k: v for k, v in os.environ.items() if not k.startswith(prefixes)}


def _cadena_no_demo() -> str:
    """A CA chain as production would publish it (not the demo CA), made once per run."""
    import datetime as dt
    import tempfile

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    ruta = Path(tempfile.gettempdir()) / f"portal-cadena-produccion-{os.getpid()}.pem"
    if not ruta.exists():
        clave = ec.generate_private_key(ec.SECP256R1())
        nombre = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "AC Raíz de prueba")])
        ahora = dt.datetime.now(dt.UTC)
        certificado = (
            x509.CertificateBuilder()
            .subject_name(nombre)
            .issuer_name(nombre)
            .public_key(clave.public_key())
            .serial_number(1)
            .not_valid_before(ahora)
            .not_valid_after(ahora + dt.timedelta(days=30))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(clave, hashes.SHA256())
        )
        ruta.write_bytes(certificado.public_bytes(serialization.Encoding.PEM))
    return str(ruta)


def _production_env(**cambios: str | None) -> dict[str, str]:
    env = _environment_without_project_settings() | {
        "FIRMA_CADENA": _cadena_no_demo(),
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
        ({"DJANGO_SECRET_KEY": "abcde" * 10}, "portal.E001"),  # long enough, but 2.3 bits a character
        ({"PORTAL_URL_PUBLICA": None}, "portal.E002"),
        ({"PORTAL_URL_PUBLICA": ""}, "portal.E002"),
        ({"PORTAL_URL_PUBLICA": "http://cupos.upme.gov.co"}, "portal.E003"),
        ({"PORTAL_URL_PUBLICA": "https://localhost:8000"}, "portal.E004"),
        ({"PORTAL_URL_PUBLICA": "https://127.0.0.1"}, "portal.E004"),
        ({"PORTAL_URL_PUBLICA": "https://[::1]:8443"}, "portal.E004"),
        ({"FIRMA_DEMO": "true"}, "portal.E005"),  # acts signed by the demo CA
        ({"FIRMA_CADENA": None}, "portal.E005"),  # nobody could validate the signatures
        ({"FIRMA_CADENA": "/no/existe.pem"}, "portal.E005"),
    ],
)
def test_check_deploy_refuses_a_guessable_key_or_a_wrong_public_address(cambios, codigo):
    result = _check_deploy(_production_env(**cambios))

    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert codigo in output, output
    assert "ERRORS" in output, output


def test_check_deploy_warns_of_a_private_public_address_but_the_portal_starts():
    env = _production_env(PORTAL_URL_PUBLICA="https://192.168.1.20")
    result = _check_deploy(env)
    output = result.stdout + result.stderr
    assert result.returncode != 0 and "portal.W001" in output and "ERRORS" not in output, output
    assert _run([sys.executable, "-c", "import config.wsgi"], env).returncode == 0


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
    # No .env and none of the compose variables: the defaults alone must give a valid file.
    result = _compose_config("docker-compose.yml", tmp_path=tmp_path, silencioso=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _compose_config(*archivos: str, tmp_path, silencioso=False) -> subprocess.CompletedProcess:
    """`docker-compose config` of these files with an empty env file and no compose variables (`-q`: only
    validate, print nothing)."""
    docker_compose = shutil.which("docker-compose")
    if docker_compose is None:
        pytest.skip("docker-compose is not installed (apt-get install docker-compose)")
    vacio = tmp_path / "vacio.env"
    vacio.touch()
    env = {"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/tmp")}
    opciones = [x for archivo in archivos for x in ("-f", archivo)]
    return subprocess.run(
        [docker_compose, "--env-file", vacio, *opciones, "config", *(["-q"] if silencioso else [])],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_docker_compose_scale_override_runs_two_web_two_workers_one_beat_behind_pgbouncer(tmp_path):
    """docker-compose.scale.yml (issue 14 §5) is valid with the defaults alone, and says what it should."""
    result = _compose_config("docker-compose.yml", "docker-compose.scale.yml", tmp_path=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    servicios = yaml.safe_load(result.stdout)["services"]
    assert servicios["web"]["scale"] == 2 and servicios["worker"]["scale"] == 2
    assert servicios["beat"].get("scale", 1) == 1  # exactly one beat
    assert servicios["worker"]["cpu_shares"] < servicios["web"].get("cpu_shares", 1024)  # the web first
    pgbouncer = servicios["pgbouncer"]["environment"]
    assert pgbouncer["PGBOUNCER_POOL_MODE"] == "transaction"
    assert int(pgbouncer["PGBOUNCER_MAX_PREPARED_STATEMENTS"]) > 0  # psycopg's prepared statements pass
    version = servicios["pgbouncer"]["image"].rsplit(":", 1)[1]
    assert tuple(int(x) for x in version.split(".")[:2]) >= (1, 22)
    for nombre in ("web", "worker", "beat"):
        entorno = servicios[nombre]["environment"]
        assert "@pgbouncer:6432/" in entorno["DATABASE_URL"], nombre
        assert entorno["DB_PGBOUNCER"] == "true" and entorno["DB_PREPARE_THRESHOLD"] == "5"
        assert "pgbouncer" in servicios[nombre]["depends_on"]
    assert "@postgres:5432/" in servicios["migrate"]["environment"]["DATABASE_URL"]  # migrations go direct
    assert servicios["web"]["environment"]["PROXIES_CONFIABLES"] == "2"  # the load balancer and nginx
    assert servicios["proxy"]["volumes"][0].startswith(str(BASE_DIR / "deploy" / "nginx-escala.conf"))
    assert "server web:8000" in (BASE_DIR / "deploy" / "nginx-escala.conf").read_text(encoding="utf-8")


def test_docker_compose_scale_ha_profile_puts_haproxy_on_patroni_between_pgbouncer_and_the_database(tmp_path):
    """Issue 42: the `ha` profile's HAProxy routes by Patroni's REST API (/primary to write, /replica to read),
    cuts a demoted node's sessions, and PgBouncer can be pointed at it."""
    env_ha = tmp_path / "ha.env"
    env_ha.write_text("COMPOSE_PROFILES=ha\nPGBOUNCER_DESTINO=haproxy\nPGBOUNCER_DESTINO_PUERTO=5000\n")
    docker_compose = shutil.which("docker-compose") or pytest.skip("docker-compose is not installed")
    result = subprocess.run(
        [docker_compose, "--env-file", env_ha, "-f", "docker-compose.yml", "-f", "docker-compose.scale.yml", "config"],
        cwd=BASE_DIR,
        env={"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/tmp")},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    servicios = yaml.safe_load(result.stdout)["services"]
    assert servicios["pgbouncer"]["environment"]["POSTGRESQL_HOST"] == "haproxy"
    assert str(servicios["pgbouncer"]["environment"]["POSTGRESQL_PORT"]) == "5000"
    assert servicios["haproxy"]["volumes"][0].startswith(str(BASE_DIR / "deploy" / "haproxy-patroni.cfg"))
    texto = (BASE_DIR / "deploy" / "haproxy-patroni.cfg").read_text(encoding="utf-8")
    escritura, lectura = texto.split("listen escritura")[1].split("listen lectura")
    assert "OPTIONS /primary" in escritura and "OPTIONS /replica" in lectura
    for bloque in (escritura, lectura):
        assert "on-marked-down shutdown-sessions" in bloque
        assert [linea.split()[1] for linea in bloque.splitlines() if "check port 8008" in linea] == [
            "bd1",
            "bd2",
            "bd3",
        ]


def test_production_settings_for_pgbouncer_and_a_replica():
    """DB_PGBOUNCER, DB_PREPARE_THRESHOLD and DATABASE_REPLICA_URL reach Django's database settings."""
    guion = (
        "import json; from django.conf import settings as s; d = s.DATABASES;"
        "print(json.dumps({'alias': sorted(d), 'cursores': d['default'].get('DISABLE_SERVER_SIDE_CURSORS', False),"
        " 'umbral': d['default']['OPTIONS'].get('prepare_threshold'),"
        " 'replica': d.get('replica', {}).get('HOST'), 'lectura': s.LECTURA_REPLICA, 'routers': s.DATABASE_ROUTERS}))"
    )
    comando = [sys.executable, "-c", "import django; django.setup(); " + guion]
    sin = _run(comando, _production_env())
    assert sin.returncode == 0, sin.stderr
    assert yaml.safe_load(sin.stdout) == {
        "alias": ["default"],
        "cursores": False,
        "umbral": None,
        "replica": None,
        "lectura": False,
        "routers": ["core.plataforma.db.RouterReplica"],
    }
    con = _run(
        comando,
        _production_env(
            DB_PGBOUNCER="true",
            DB_PREPARE_THRESHOLD="5",
            DATABASE_REPLICA_URL="postgres://lector@replica.interna:5432/portal_cupos",
        ),
    )
    assert con.returncode == 0, con.stderr
    datos = yaml.safe_load(con.stdout)
    assert datos["alias"] == ["default", "replica"] and datos["replica"] == "replica.interna"
    assert datos["cursores"] is True and datos["umbral"] == 5 and datos["lectura"] is True


def test_cargar_demo_refuses_to_run_under_production_settings():
    """Issue 39: the demo creates the README's passwords and published TOTP secrets."""
    result = _run([sys.executable, "manage.py", "cargar_demo"], _production_env())
    assert result.returncode != 0 and "no corre con los ajustes de producción" in result.stderr, result.stderr


def test_docker_compose_gives_the_offices_keys_to_the_signing_worker_only():
    """Issue 39: web, worker and beat sign through the queue `firma`; only the `firma` service has keys and PINs."""
    compose = yaml.safe_load((BASE_DIR / "docker-compose.yml").read_text(encoding="utf-8"))
    servicios = compose["services"]
    assert not [k for k in compose["x-app-env"] if k.startswith(("FIRMA_PIN_", "FIRMA_CLAVE_"))]
    for nombre, servicio in servicios.items():
        entorno = servicio.get("environment") or {}
        tiene_claves = any(k.startswith(("FIRMA_PIN_", "FIRMA_CLAVE_")) for k in entorno)
        assert tiene_claves == (nombre == "firma"), nombre
    assert servicios["firma"]["environment"]["FIRMA_TRABAJADOR"] == "1"
    assert "-Q firma" in servicios["firma"]["command"] and "-Q celery" in servicios["worker"]["command"]
