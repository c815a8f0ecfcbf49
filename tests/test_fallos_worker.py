"""A worker killed (kill -9) in the middle of a monthly report never leaves it stuck (core.segundo_plano.trabajos).

The report is large enough to be killable mid-way; a new worker and the sweeper finish it, and the
rerun replaces the dead attempt's rows: the count is exact, never doubled.
"""

import pytest
from django.db import connection

from core.identidad.roles import Rol
from core.segundo_plano.trabajos import recuperar_trabajos
from distribuidores.models import FilaReporte, ReporteMensual
from distribuidores.services.reportes.ingesta import reporte_upload
from distribuidores.tests.archivos import csv_bytes
from distribuidores.tests.archivos.escenario import NIT, PERIODO, construir_mundo
from tests.servidores import celery_hacia, entorno, esperar, worker_celery

pytestmark = [pytest.mark.fallos, pytest.mark.django_db(transaction=True)]

FILAS = 99_000  # seconds of work even on a quiet machine (40,000 ended before the kill); distinct up to 100,000


def _url_bd() -> str:
    d = connection.settings_dict
    return f"postgres://{d['USER']}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


def test_r20_a_report_whose_worker_is_killed_mid_way_is_finished_by_another_without_double_rows(
    redis_privado, crear_usuario, settings, tmp_path
):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    mayorista = crear_usuario(Rol.DISTRIBUIDOR)
    mundo = construir_mundo(mayorista)
    # Distinct rows (no duplicates), all valid: an acuicultora needs no certificate.
    filas = [mundo.fila_acuicultora(fecha=f"2026-04-{1 + i % 28:02d}", galones=f"{1 + i % 1000}.{i // 1000:02d}")
             for i in range(FILAS)]
    from django.core.files.uploadedfile import SimpleUploadedFile

    with celery_hacia(redis_privado.url):
        reporte = reporte_upload(actor=mayorista, distribuidor_nit=NIT, periodo=PERIODO,
                                 archivo=SimpleUploadedFile("grande.csv", csv_bytes(filas)))
    env = entorno(DATABASE_URL=_url_bd(), CELERY_BROKER_URL=redis_privado.url, REDIS_URL=redis_privado.url,
                  CELERY_TASK_ALWAYS_EAGER="false", DJANGO_MEDIA_ROOT=settings.MEDIA_ROOT,
                  TRABAJOS_LATIDO_SEGUNDOS="0.5")
    estado = lambda: ReporteMensual.objects.values("estado", "progreso", "intentos", "latido").get(pk=reporte.pk)  # noqa: E731
    primero = worker_celery(env, tmp_path / "worker1.log", "--pool", "prefork", "--concurrency", "1")
    segundo = None
    try:
        esperar(lambda: estado()["estado"] == "procesando" and estado()["progreso"] >= 20,
                segundos=60, que="el primer worker procesando el reporte", cada=0.05)
        primero.matar()  # kill -9 of the worker and its pool: a lost container
        antes = estado()
        assert antes["estado"] == "procesando" and antes["progreso"] < 90, antes
        assert antes["intentos"] == 1
        assert FilaReporte.objects.filter(reporte=reporte).count() == 0  # the dead attempt's load rolled back

        # Right after the death its heartbeat is fresh: nothing to recover yet.
        assert not any(r.reencolados for r in recuperar_trabajos(vencido=60))
        segundo = worker_celery(env, tmp_path / "worker2.log", "--pool", "prefork", "--concurrency", "1")
        with celery_hacia(redis_privado.url):  # what beat runs every minute, with a short threshold
            esperar(lambda: any(reporte.pk in r.reencolados for r in recuperar_trabajos(vencido=2)),
                    segundos=20, que="el barrido re-encola el reporte sin latido", cada=0.5)
        esperar(lambda: estado()["estado"] in ("procesado", "rechazado"), segundos=90,
                que="el segundo worker termina el reporte", cada=0.5)
    finally:
        if primero.vivo():
            primero.matar()
        if segundo is not None:
            segundo.terminar()
    reporte.refresh_from_db()
    assert reporte.estado == "procesado", (reporte.mensaje, segundo.texto()[-3000:])
    assert reporte.intentos == 2
    assert reporte.filas_validas == FILAS and reporte.filas_con_error == 0
    assert FilaReporte.objects.filter(reporte=reporte).count() == FILAS  # no doubles
    assert "procesar_reporte_task" in segundo.texto()
