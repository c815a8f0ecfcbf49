"""Redis down (broker and cache): nothing is lost and nothing answers 500.

- A cupo made firm commits its outbox row (R-06 notice to Dimar) although the delivery task cannot be
  queued; the periodic flush delivers it once Redis is back.
- A report upload is accepted (202, `recibido`) and marked never-queued; the sweeper queues it when
  Redis is back and a worker processes it.
- /salud/ says which dependency is down (200 "degradado": the portal still serves).
- The cache (API rate limits) misses instead of failing.

A private redis-server is stopped and started again; the machine's Redis is never touched.
"""

import datetime as dt
import json
import time
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from rest_framework.test import APIClient

from core.api.auth import token_emitir
from core.identidad.roles import Rol
from core.models import MensajeSaliente
from core.segundo_plano.trabajos import recuperar_trabajos
from core.tasks import outbox_flush_task
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import AcuicultoraFactory, ResolucionFactory
from distribuidores.models import ReporteMensual
from distribuidores.services.reportes.ingesta import TRABAJO
from distribuidores.tests.archivos import csv_bytes
from distribuidores.tests.archivos.escenario import NIT, PERIODO, construir_mundo
from tests.servidores import celery_hacia, entorno, esperar, worker_celery

pytestmark = [pytest.mark.fallos, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def redis_caido(redis_privado, settings):
    """Tasks and cache go to the private Redis, which is then stopped."""
    settings.REDIS_URL = redis_privado.url
    settings.CACHES = {"default": {**settings.CACHES["default"], "LOCATION": redis_privado.url}}  # the project's
    with celery_hacia(redis_privado.url):
        redis_privado.detener()
        yield redis_privado


def test_r06_with_the_broker_down_the_outbox_row_commits_with_the_firmeza_and_is_delivered_later(
    redis_caido, crear_usuario, settings
):
    settings.OUTBOX_ENDPOINTS = {"cupo_en_firme": ""}  # no endpoint: delivered means logged and kept
    analista = crear_usuario(Rol.UPME_ANALISTA)
    cupo = cupo_grant(actor=analista, resolucion=ResolucionFactory(), beneficiario=AcuicultoraFactory(),
                      galones_anuales=Decimal("24000"))
    inicio = time.monotonic()
    cupo = cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=dt.date(2026, 3, 1))  # commits: no error
    assert time.monotonic() - inicio < 10  # queuing gives up quickly
    mensaje = MensajeSaliente.objects.get(clave=f"cupo_en_firme:{cupo.id}")
    assert mensaje.estado == MensajeSaliente.Estado.PENDIENTE and mensaje.intentos == 0

    redis_caido.iniciar()
    assert outbox_flush_task() == 1  # what beat runs every minute once the broker is back
    mensaje.refresh_from_db()
    assert mensaje.estado == MensajeSaliente.Estado.REGISTRADO


def test_r20_with_the_broker_down_an_upload_is_accepted_and_queued_when_it_is_back(
    redis_caido, crear_usuario, settings, tmp_path
):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    mayorista = crear_usuario(Rol.DISTRIBUIDOR)
    mundo = construir_mundo(mayorista)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token_emitir(mayorista)[1]}")

    salud = api.get("/salud/")
    assert salud.status_code == 200
    assert salud.json() == {"base_de_datos": "ok", "redis": "caido", "broker": "caido", "estado": "degradado"}

    respuesta = api.post("/api/v1/reportes-mensuales/", {
        "distribuidor_nit": NIT, "periodo": f"{PERIODO:%Y-%m}",
        "archivo": SimpleUploadedFile("r.csv", csv_bytes([mundo.fila_acuicultora()])),
    }, format="multipart")
    assert respuesta.status_code == 202, respuesta.content
    reporte = ReporteMensual.objects.get(pk=respuesta.json()["id"])
    assert reporte.estado == "recibido" and reporte.latido is None  # kept, marked never-queued

    assert api.get("/api/v1/verificar/NO-EXISTE-1/").status_code == 404  # rate limit's cache down: no 500

    # Still down: the sweeper leaves it for later.
    assert next(r for r in recuperar_trabajos() if r.nombre == TRABAJO).sin_broker

    redis_caido.iniciar()
    assert api.get("/salud/").json()["estado"] == "ok"
    # At once: it was never queued (the other registered jobs have nothing to re-queue).
    assert [r.reencolados for r in recuperar_trabajos() if r.reencolados] == [[reporte.pk]]
    d = connection.settings_dict
    env = entorno(DATABASE_URL=f"postgres://{d['USER']}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}",
                  CELERY_BROKER_URL=redis_caido.url, REDIS_URL=redis_caido.url, CELERY_TASK_ALWAYS_EAGER="false",
                  DJANGO_MEDIA_ROOT=settings.MEDIA_ROOT)
    worker = worker_celery(env, tmp_path / "worker.log", "--pool", "solo")
    try:
        esperar(lambda: ReporteMensual.objects.get(pk=reporte.pk).estado == "procesado", segundos=60,
                que="el worker procesa el reporte encolado por el barrido", cada=0.5)
    finally:
        worker.terminar()
    reporte.refresh_from_db()
    assert reporte.filas_validas == 1, (reporte.mensaje, json.dumps(worker.texto()[-2000:]))
