"""Celery tasks of the quota regime: take ids, call a service, retry. No business logic here."""

from celery import shared_task
from django.db import OperationalError

from cupos.services.asignacion import resolucion_expedicion_mark_failed, resolucion_expedicion_process

REINTENTOS = 3


@shared_task(bind=True, acks_late=True, max_retries=REINTENTOS)
def expedir_resolucion_task(self, resolucion_id: int) -> str | None:
    """R-05: turn every line of a resolution into a cupo. Only a database outage is retried (with backoff)."""
    try:
        resolucion = resolucion_expedicion_process(resolucion_id=resolucion_id)
    except OperationalError as exc:
        if not self.request.is_eager and self.request.retries < self.max_retries:
            raise self.retry(exc=exc, countdown=30 * 2**self.request.retries) from exc
        resolucion = resolucion_expedicion_mark_failed(resolucion_id=resolucion_id)
    return resolucion.estado if resolucion is not None else None
