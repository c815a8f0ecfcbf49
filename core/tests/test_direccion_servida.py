"""Issue 26, defect 1: on `make run` the QR codes and printed links of the PDFs follow the served address."""

import io
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest
from django.core.management import call_command

from core import registro
from core.web.direccion_servida import url_de_runserver
from tests.servidores import RAIZ


@pytest.mark.parametrize(
    ("argv", "esperada"),
    [
        (["manage.py", "runserver", "127.0.0.1:8123", "--noreload"], "http://127.0.0.1:8123"),
        (["manage.py", "runserver", "--noreload", "9001"], "http://127.0.0.1:9001"),
        (["manage.py", "runserver", "0.0.0.0:8080"], "http://127.0.0.1:8080"),
        (["manage.py", "runserver", "[::1]:8443"], "http://[::1]:8443"),
        (["manage.py", "runserver"], "http://127.0.0.1:8000"),
        (["manage.py", "migrate"], None),
        (["celery"], None),
    ],
)
def test_url_de_runserver(argv, esperada):
    assert url_de_runserver(argv) == esperada


def _url_publica_con_local(argv: list[str], **entorno) -> str:
    codigo = (
        f"import sys; sys.argv = {argv!r}; import django; django.setup(); "
        "from django.conf import settings; print(settings.PORTAL_URL_PUBLICA)"
    )
    env = {k: v for k, v in os.environ.items() if k != "PORTAL_URL_PUBLICA"}
    env.update(DJANGO_SETTINGS_MODULE="config.settings.local", **entorno)
    salida = subprocess.run(
        [sys.executable, "-c", codigo], cwd=RAIZ, env=env, capture_output=True, text=True, timeout=60, check=True
    )
    return salida.stdout.strip().splitlines()[-1]


def test_runserver_de_make_run_fija_la_url_publica_en_el_puerto_servido():
    assert _url_publica_con_local(["manage.py", "runserver", "127.0.0.1:8123", "--noreload"]) == "http://127.0.0.1:8123"


def test_una_url_publica_del_entorno_prevalece_sobre_runserver():
    url = _url_publica_con_local(["manage.py", "runserver", "127.0.0.1:8123"], PORTAL_URL_PUBLICA="https://x.example")
    assert url == "https://x.example"


def test_cargar_demo_con_url_emite_los_pdf_con_esa_direccion(monkeypatch, settings):
    monkeypatch.delenv("PORTAL_URL_PUBLICA", raising=False)
    settings.PORTAL_URL_PUBLICA = "http://127.0.0.1:8000"
    vistas = []

    def cargar():
        from django.conf import settings as vivas

        vistas.append(vivas.PORTAL_URL_PUBLICA)  # what a certificate's QR issued by the demo gets
        return [("analista1", "upme_analista", "clave")]

    monkeypatch.setattr(registro, "demos", lambda: [SimpleNamespace(nombre="prueba", cargar=cargar)])
    monkeypatch.setattr("core.vencimientos.plazos.revisar_plazos", lambda fecha: [])
    call_command("cargar_demo", "--url", "http://127.0.0.1:8123/", stdout=io.StringIO())
    assert vistas == ["http://127.0.0.1:8123"]
