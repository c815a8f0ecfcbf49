"""Celery tasks of cupos: take ids, call a service, retry. No business logic here."""

from celery import shared_task

from core.trabajos import ejecutar_tarea
from cupos.services.asignacion import resolucion_expedicion_mark_failed, resolucion_expedicion_process
from cupos.services.documentos import resolucion_documento_abandon, resolucion_documento_build
from cupos.services.firmezas import firmeza_masiva_abandon, firmeza_masiva_process

REINTENTOS = 3


@shared_task(bind=True, acks_late=True, max_retries=REINTENTOS)
def generar_documento_resolucion_task(self, documento_id: int) -> str | None:
    """R-05: build and store the resolution's PDF. Only a database outage is retried."""
    return ejecutar_tarea(
        self,
        trabajar=lambda: resolucion_documento_build(documento_id=documento_id),
        abandonar=lambda: resolucion_documento_abandon(documento_id),
    )


@shared_task(bind=True, acks_late=True, max_retries=REINTENTOS)
def firmeza_masiva_task(self, trabajo_id: int) -> str | None:
    """R-06: the bulk firmeza of a resolution. Only a database outage is retried."""
    return ejecutar_tarea(
        self,
        trabajar=lambda: firmeza_masiva_process(trabajo_id=trabajo_id),
        abandonar=lambda: firmeza_masiva_abandon(trabajo_id),
    )


@shared_task(bind=True, acks_late=True, max_retries=REINTENTOS)
def expedir_resolucion_task(self, resolucion_id: int) -> str | None:
    """R-05: turn every line of a resolution into a cupo. Only a database outage is retried (with backoff)."""
    return ejecutar_tarea(
        self,
        trabajar=lambda: resolucion_expedicion_process(resolucion_id=resolucion_id),
        abandonar=lambda: resolucion_expedicion_mark_failed(resolucion_id=resolucion_id),
    )
