"""Keys out of the web tier (issue 39): in production only the signing worker holds the offices' keys and PINs.

The web process signs nothing itself: it sends the unsigned PDF to the queue `firma` and waits for the signing
worker's answer (core.firma.servicio). These tests start real processes with production settings: gunicorn under
an audit hook that records every file it opens, the signing worker with the keys, a private Redis."""

import json
import os
import sys

import pytest
from django.db import connection

from core import registro
from core.firma import claves, servicio
from core.firma.validacion import validar_pdf
from core.identidad.roles import Rol
from core.models import DocumentoFirmado
from tests import ca_prueba
from tests.servidores import RAIZ, Proceso, esperar, pedir, puerto_libre, worker_celery
from tests.test_despliegue import _environment_without_project_settings

pytestmark = [pytest.mark.fallos]


@pytest.fixture
def ca(tmp_path, settings, db):
    """A production-like CA with a key for every office the portal signs as, and the settings that trust it."""
    from core.tests.factories import CapitaniaFactory

    CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    autoridad = ca_prueba.crear(tmp_path / "claves", registro.oficinas_firmantes())
    settings.FIRMA_DEMO = False
    settings.FIRMA_CADENA = str(autoridad.cadena)
    claves.olvidar()
    yield autoridad
    claves.olvidar()


@pytest.fixture
def con_claves(ca, monkeypatch):
    for nombre, valor in ca.entorno().items():
        monkeypatch.setenv(nombre, valor)
    return ca


# --- The signing worker's start-up check ---


@pytest.mark.django_db
def test_every_office_has_its_key_chained_to_the_published_chain(con_claves):
    oficinas = registro.oficinas_firmantes()
    claves_ = {o.clave for o in oficinas}
    assert {"upme", "minminas", "dimar_director_general"} <= claves_
    assert any(c.startswith("capitania_") for c in claves_)  # every active Capitanía signs at its counter

    assert servicio.problemas_de_las_claves() == []


@pytest.mark.django_db
def test_an_office_without_a_key_is_named(con_claves, monkeypatch):
    monkeypatch.delenv("FIRMA_CLAVE_MINMINAS")
    problemas = servicio.problemas_de_las_claves()
    assert problemas == ["La oficina «Dirección de Hidrocarburos» no tiene clave de firma: falta FIRMA_CLAVE_MINMINAS."]


@pytest.mark.django_db
def test_a_key_file_readable_by_others_is_refused(con_claves):
    os.chmod(con_claves.claves["upme"], 0o644)
    (problema,) = servicio.problemas_de_las_claves()
    assert "-rw-r--r--" in problema and "chmod 600" in problema and "Unidad de Planeación" in problema


@pytest.mark.django_db
def test_a_wrong_pin_is_refused(con_claves, monkeypatch):
    monkeypatch.setenv("FIRMA_PIN_UPME", "no-es-el-pin")
    (problema,) = servicio.problemas_de_las_claves()
    assert "no se pudo abrir" in problema or "contraseña errada" in problema, problema


@pytest.mark.django_db
def test_a_certificate_from_another_ca_is_refused(con_claves, tmp_path, monkeypatch):
    from core.firma import oficinas

    ajena = ca_prueba.crear(tmp_path / "ajena", [oficinas.UPME], raiz_nombre="AC ajena")
    monkeypatch.setenv("FIRMA_CLAVE_UPME", f"pkcs12:{ajena.claves['upme']}")
    monkeypatch.setenv("FIRMA_PIN_UPME", ajena.pines["upme"])
    (problema,) = servicio.problemas_de_las_claves()
    assert problema.startswith("El certificado de «Unidad de Planeación Minero Energética» no encadena a FIRMA_CADENA")


# --- Real processes under production settings ---


def _url_bd() -> str:
    d = connection.settings_dict
    return f"postgres://{d['USER']}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


def _produccion(ca, redis_url: str, media: str, **extra) -> dict:
    import secrets

    return _environment_without_project_settings() | {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(45),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": _url_bd(),
        "REDIS_URL": redis_url,
        "PORTAL_URL_PUBLICA": "https://cupos.upme.gov.co",
        "FIRMA_CADENA": str(ca.cadena),
        "DJANGO_MEDIA_ROOT": media,
        "PORTAL_PRECALENTAR": "false",
        "PYTHONUNBUFFERED": "1",
        **extra,
    }


def _certificado(cliente) -> str:
    from zarpes.tests.factories import nave_con_cupo
    from zarpes.tests.test_zarpes_apis import zarpe

    nave, _ = nave_con_cupo()
    numero = zarpe(cliente, nave).json()["certificado"]["numero"]
    DocumentoFirmado.objects.filter(tipo="certificado").delete()  # signed by the request below, not before
    return numero


@pytest.mark.django_db(transaction=True)
def test_the_web_process_signs_through_the_worker_and_never_opens_a_key(
    ca, cliente, redis_privado, tmp_path, settings
):
    settings.MEDIA_ROOT = media = str(tmp_path / "media")
    oficial = cliente(Rol.CAPITANIA_OFICIAL)
    token = oficial._credentials["HTTP_AUTHORIZATION"]
    primero, segundo = _certificado(oficial), _certificado(oficial)

    firma = worker_celery(
        _produccion(ca, redis_privado.url, media, FIRMA_TRABAJADOR="1", **ca.entorno()),
        tmp_path / "firma.log", "-Q", "firma", "--pool", "solo",
    )
    registro_aperturas = tmp_path / "aperturas.jsonl"
    puerto = puerto_libre()
    # The web process is given where the keys are (as a shared environment would), never their PINs.
    web_env = _produccion(ca, redis_privado.url, media, FIRMA_ESPERA_SEGUNDOS="5", **ca.entorno(con_pines=False),
                          AUDITAR_CARPETA=str(ca.privadas), AUDITAR_REGISTRO=str(registro_aperturas))
    web = Proceso([sys.executable, "tests/con_auditoria.py", "-m", "gunicorn", "config.wsgi:application",
                   "--bind", f"127.0.0.1:{puerto}", "--workers", "1", "--timeout", "30"], web_env, tmp_path / "web.log")
    try:
        esperar(lambda: "ready." in firma.texto() or not firma.vivo(), segundos=60, que="el trabajador de firma listo")
        assert firma.vivo(), firma.texto()[-3000:]
        esperar(lambda: "Booting worker" in web.texto() or not web.vivo(), segundos=60, que="gunicorn listo")
        cabeceras = {"Authorization": token, "X-Forwarded-Proto": "https"}
        url = f"http://127.0.0.1:{puerto}/api/v1/certificados/{primero}/pdf/"
        estado, _, cuerpo = esperar(lambda: _respuesta(url, cabeceras), segundos=30, que="gunicorn responde")

        assert estado == 200, cuerpo[:500]
        v = validar_pdf(cuerpo)
        assert v.valida, v.problemas
        assert v.firmante == "Capitanía de Puerto de Cartagena"  # the test CA's certificate, not the demo's
        documento = DocumentoFirmado.objects.get(tipo="certificado", referencia=primero)
        assert (documento.firmante, documento.entidad) == ("Capitanía de Puerto de Cartagena",
                                                           "Dirección General Marítima (Dimar)")
        assert "firmar_documento_task" in firma.texto() and "succeeded" in firma.texto()

        # The signing worker stops: the web process answers 503 with Retry-After, and signs nothing itself.
        firma.terminar()
        estado, cabeceras_respuesta, cuerpo = pedir(
            f"http://127.0.0.1:{puerto}/api/v1/certificados/{segundo}/pdf/", cabeceras=cabeceras, timeout=30)
        assert estado == 503, cuerpo[:500]
        assert json.loads(cuerpo)["codigo"] == "servicio_no_disponible"
        assert "Retry-After" in cabeceras_respuesta
        assert not DocumentoFirmado.objects.filter(referencia=segundo).exists()
    finally:
        web.terminar()
        firma.terminar()
    aperturas = registro_aperturas.read_text().splitlines() if registro_aperturas.exists() else []
    assert aperturas == [], aperturas  # not one key file opened by the web process
    assert "FIRMA_PIN_" not in web.texto()
    assert not os.listdir(os.path.join(media, "firma", "en-curso"))  # nothing left behind in shared storage


def _respuesta(url, cabeceras):
    try:
        return pedir(url, cabeceras=cabeceras, timeout=30)
    except OSError:
        return None


@pytest.mark.django_db(transaction=True)
def test_production_refuses_a_pin_in_the_web_process_and_a_signing_worker_without_every_key(
    ca, redis_privado, tmp_path
):
    media = str(tmp_path / "media")
    web = _produccion(ca, redis_privado.url, media, FIRMA_PIN_UPME="1234")
    import subprocess

    resultado = subprocess.run([sys.executable, "-c", "import config.wsgi"], env=web, capture_output=True,
                               text=True, timeout=120, cwd=str(RAIZ))
    assert resultado.returncode != 0
    assert "portal.E006" in resultado.stderr and "FIRMA_PIN_UPME" in resultado.stderr, resultado.stderr[-2000:]

    local = _produccion(ca, redis_privado.url, media, FIRMA_SERVICIO="local")
    resultado = subprocess.run([sys.executable, "-c", "import config.wsgi"], env=local, capture_output=True,
                               text=True, timeout=120, cwd=str(RAIZ))
    assert resultado.returncode != 0 and "FIRMA_SERVICIO no es «cola»" in resultado.stderr, resultado.stderr[-2000:]

    sin_minminas = {k: v for k, v in ca.entorno().items() if "MINMINAS" not in k}
    firma = worker_celery(_produccion(ca, redis_privado.url, media, FIRMA_TRABAJADOR="1", **sin_minminas),
                          tmp_path / "firma.log", "-Q", "firma", "--pool", "solo")
    try:
        esperar(lambda: not firma.vivo(), segundos=60, que="el trabajador de firma se niega a arrancar")
    finally:
        firma.terminar()
    assert firma.popen.returncode != 0
    assert "falta FIRMA_CLAVE_MINMINAS" in firma.texto(), firma.texto()[-3000:]


def test_a_request_the_worker_found_past_its_deadline_is_a_503_not_a_500(settings, monkeypatch, tmp_path):
    """Clocks apart: the worker refuses a request it sees as expired while the caller still waits."""
    from core.firma import oficinas

    class Respuesta:
        def get(self, **kwargs):
            return {"error": "", "vencida": True}

        def forget(self):
            pass

    settings.FIRMA_SERVICIO = "cola"
    settings.MEDIA_ROOT = str(tmp_path)
    monkeypatch.setitem(registro._tareas, servicio.TAREA_FIRMAR, lambda pedido, **opciones: Respuesta())
    with pytest.raises(servicio.FirmaNoDisponible):
        servicio.firmar(b"%PDF-1.4", oficina=oficinas.UPME, url="https://x/", motivo="x")
    assert not any(tmp_path.rglob("*.pdf"))  # the scratch file is gone
