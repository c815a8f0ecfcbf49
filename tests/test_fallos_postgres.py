"""PostgreSQL unavailable: 503 with Retry-After (JSON on the API, a Spanish page elsewhere), never a
500; when it is back, the same server answers again without a restart (CONN_HEALTH_CHECKS).

A private PostgreSQL cluster, migrated, behind gunicorn with the production settings (persistent
connections, as docker-compose runs it); the test stops and restarts that cluster, never the
machine's.
"""

import json
import secrets
import subprocess
import sys
import threading
import time

import pytest

from tests.servidores import RAIZ, entorno, gunicorn, pedir, puerto_libre
from tests.test_despliegue import _cadena_no_demo as cadena_no_demo  # production refuses the demo CA

pytestmark = pytest.mark.fallos

USUARIO = """
from core.models import Usuario
from core.api.auth import token_emitir
u = Usuario.objects.create_user("analista", password="clave-de-prueba-larga", rol="upme_analista")
print(token_emitir(u)[1])
"""


def _manage(env, *args) -> str:
    r = subprocess.run([sys.executable, "manage.py", *args], cwd=RAIZ, env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    return r.stdout


def test_postgresql_stopped_mid_run_answers_503_with_retry_after_and_recovers_by_itself(postgres_privado, tmp_path):
    url_bd = postgres_privado.crear_base("portal")
    puerto = puerto_libre()
    # No Redis for the cache (its counters are not under test); the signing worker's answers would come back
    # through one (production refuses to start without a result backend, portal.E006), never used here.
    env = entorno(DATABASE_URL=url_bd, REDIS_URL="", DJANGO_SETTINGS_MODULE="config.settings.production",
                  CELERY_RESULT_BACKEND="redis://127.0.0.1:6379/14",
                  DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS="127.0.0.1",
                  PORTAL_URL_PUBLICA="https://cupos.upme.gov.co", FIRMA_CADENA=cadena_no_demo(),
                  DJANGO_SECURE_SSL_REDIRECT="false", DB_CONN_MAX_AGE="600", DB_CONNECT_TIMEOUT="2",
                  DJANGO_MEDIA_ROOT=str(tmp_path / "media"), DJANGO_STATIC_ROOT=str(tmp_path / "static"))
    _manage(env, "migrate", "--noinput")
    token = _manage(env, "shell", "-c", USUARIO).strip().splitlines()[-1]
    servidor = gunicorn(env, tmp_path / "gunicorn.log", puerto)
    base = f"http://127.0.0.1:{puerto}"
    api = {"Authorization": f"Token {token}", "Accept": "application/json"}

    def api_cupos():
        return pedir(f"{base}/api/v1/cupos/", cabeceras=api)

    def pagina():
        return pedir(f"{base}/verificar/NO-EXISTE-1/")

    # Clients keep asking all along: whatever happens to the database, none gets a 500.
    vistos, parar = [], threading.Event()

    def cliente():
        limite = time.monotonic() + 60
        while not parar.is_set() and time.monotonic() < limite:
            for pedido in (api_cupos, pagina):
                vistos.append(pedido()[0])
            time.sleep(0.05)

    hilo = threading.Thread(target=cliente, daemon=True)
    try:
        assert api_cupos()[0] == 200
        assert pagina()[0] == 404  # the page queries the database: an unknown code
        hilo.start()
        time.sleep(0.5)
        postgres_privado.detener()

        estado, cabeceras, cuerpo = api_cupos()
        assert estado == 503, cuerpo[:500]
        assert int(cabeceras["Retry-After"]) > 0
        assert cabeceras["Content-Type"].startswith("application/json")
        datos = json.loads(cuerpo)
        assert datos["codigo"] == "servicio_no_disponible" and "base de datos" in datos["detalle"]

        estado, cabeceras, cuerpo = pagina()
        assert estado == 503 and int(cabeceras["Retry-After"]) > 0
        assert cabeceras["Content-Type"].startswith("text/html")
        assert "no está disponible" in cuerpo.decode()

        estado, _, cuerpo = pedir(f"{base}/salud/")
        assert estado == 503 and json.loads(cuerpo)["base_de_datos"] == "caida"

        postgres_privado.iniciar()
        assert api_cupos()[0] == 200  # the same gunicorn process, reconnected by itself
        assert pagina()[0] == 404
        assert pedir(f"{base}/salud/")[0] == 200
        time.sleep(0.5)
    finally:
        parar.set()
        if hilo.is_alive():
            hilo.join(timeout=20)
        servidor.terminar()
    assert 503 in vistos and 500 not in vistos, sorted(set(vistos))
    assert set(vistos) <= {200, 404, 503}, (sorted(set(vistos)), servidor.texto()[-3000:])
