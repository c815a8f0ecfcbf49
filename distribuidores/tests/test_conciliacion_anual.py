"""R-22 for a whole year (issue 14): the workbook is a job, stored, streamed month by month."""

import datetime as dt
from io import BytesIO

import pytest
from openpyxl import load_workbook

from core.identidad.roles import Rol
from distribuidores.models import ExportacionConciliacion
from distribuidores.selectors.conciliacion.mes import conciliacion_mes
from distribuidores.tests.test_conciliacion_views import CONCILIACION, mes_con_discrepancias
from distribuidores.tests.test_ventas_views import texto

ANUAL = "/distribuidores/conciliacion/anual/"


@pytest.mark.django_db
def test_the_year_workbook_is_a_job_with_every_month(
    entrar, crear_usuario, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    mes_con_discrepancias()
    esperadas = conciliacion_mes(periodo=dt.date(2026, 3, 1)).hallazgos
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))
    assert "Generar el libro del año en Excel" in texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))
    with django_capture_on_commit_callbacks(execute=False) as colas:
        r = cliente.post(ANUAL, {"anio": "2026"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and len(colas) == 1  # queued, not built in the request
    assert "Avance del libro de 2026" in r.content.decode() and "every 1s" in r.content.decode()
    exportacion = ExportacionConciliacion.objects.get()
    assert exportacion.estado == ExportacionConciliacion.Estado.EN_ESPERA
    colas[0]()  # the job (eager Celery runs it here)
    exportacion.refresh_from_db()
    assert exportacion.estado == ExportacionConciliacion.Estado.LISTA and exportacion.progreso == 100
    html = texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))
    assert "Descargar la conciliación de 2026 (Excel)" in html
    r = cliente.get(f"{ANUAL}{exportacion.id}/xlsx/")
    assert r.status_code == 200 and r.streaming
    libro = load_workbook(BytesIO(b"".join(r.streaming_content)))
    filas = list(libro["Discrepancias"].iter_rows(values_only=True))[1:]
    assert len(filas) == exportacion.filas >= len(esperadas) > 0
    marzo = [f for f in filas if f[0] == "2026-03"]
    assert sorted(f[1] for f in marzo) == sorted(h.codigo for h in esperadas)
    totales = list(libro["Totales por mes"].iter_rows(values_only=True))
    assert totales[0][0] == "Periodo" and ("2026-03" in [t[0] for t in totales])
    # Only whoever asked for it downloads it.
    assert entrar(crear_usuario(Rol.AUDITOR)).get(f"{ANUAL}{exportacion.id}/xlsx/").status_code == 404


@pytest.mark.django_db
def test_a_year_without_finished_months_is_refused_in_spanish(entrar, crear_usuario):
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))
    r = cliente.post(ANUAL, {"anio": "2999"}, follow=True)
    assert "no tiene meses terminados" in r.content.decode()
    assert not ExportacionConciliacion.objects.exists()
    assert entrar(crear_usuario(Rol.CAPITANIA_OFICIAL)).post(ANUAL, {"anio": "2026"}).status_code == 403
