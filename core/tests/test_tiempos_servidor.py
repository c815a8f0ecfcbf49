"""core.web.middleware.TiemposServidorMiddleware: the bench's Server-Timing says where a view's time went."""

import pytest
from django.conf import settings
from django.test import override_settings

from core.identidad.roles import Rol

pytestmark = pytest.mark.django_db

MIDDLEWARE = ["core.web.middleware.TiemposServidorMiddleware", *settings.MIDDLEWARE]


def _metricas(cabecera: str) -> dict[str, str]:
    return {m.split(";")[0].strip(): m.split(";", 1)[1] for m in cabecera.split(",")}


def test_off_unless_asked_for(client, crear_usuario):
    client.force_login(crear_usuario(Rol.UPME_ANALISTA))
    assert "Server-Timing" not in client.get("/cupos/tablero/")


@override_settings(MIDDLEWARE=MIDDLEWARE)
def test_a_page_says_its_cpu_run_queue_and_database_time(client, crear_usuario):
    client.force_login(crear_usuario(Rol.UPME_ANALISTA))
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as consultas:
        respuesta = client.get("/cupos/tablero/")
    assert respuesta.status_code == 200
    metricas = _metricas(respuesta["Server-Timing"])
    assert set(metricas) == {"total", "cpu", "cola", "bd"}
    total, cpu, bd = (float(metricas[k].split(";")[0].removeprefix("dur=")) for k in ("total", "cpu", "bd"))
    assert 0 < bd < total and 0 < cpu <= total + 1
    # Every query of the request is counted, on whichever connection it ran.
    assert metricas["bd"].split('desc="')[1].rstrip('"') == str(len(consultas.captured_queries))
