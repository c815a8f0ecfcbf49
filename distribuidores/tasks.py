"""Celery tasks of wholesalers: take ids, call a service, retry. No business logic here."""

import datetime as dt

from celery import shared_task

from core.segundo_plano.trabajos import tarea_de_trabajo
from distribuidores.services.conciliacion import conciliacion_anual_abandon, conciliacion_anual_build
from distribuidores.services.reportes.ingesta import reporte_mark_failed, reporte_process
from distribuidores.services.resumen_conciliacion import conciliacion_recalcular, conciliacion_recientes_refresh


@tarea_de_trabajo(lambda reporte_id: reporte_mark_failed(reporte_id=reporte_id))
def procesar_reporte_task(reporte_id: int):
    """R-20: process one uploaded monthly report. Only a database outage is retried (with backoff)."""
    return reporte_process(reporte_id=reporte_id)


@tarea_de_trabajo(conciliacion_anual_abandon)
def conciliacion_anual_task(exportacion_id: int):
    """R-22: build and store a year's reconciliation workbook. Only a database outage is retried."""
    return conciliacion_anual_build(exportacion_id=exportacion_id)


@shared_task(acks_late=True)
def conciliacion_recalcular_task(periodo: str, distribuidor_id: int | None) -> None:
    """R-22, issue 14: recompute and store a month's reconciliation for the page. Idempotent; a lost run
    is queued again by the next view of the page (its cache key expires) or by the beat refresh."""
    conciliacion_recalcular(periodo=dt.date.fromisoformat(periodo), distribuidor_id=distribuidor_id)


@shared_task(acks_late=True)
def conciliacion_recientes_task() -> list[str]:
    """Beat: the national reconciliation of the last two months, current before anyone asks."""
    return conciliacion_recientes_refresh()
