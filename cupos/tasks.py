"""Celery tasks of cupos: take ids, call a service, retry. No business logic here."""

from celery import shared_task

from core.segundo_plano.trabajos import tarea_de_trabajo
from cupos.services.asignacion import resolucion_expedicion_mark_failed, resolucion_expedicion_process
from cupos.services.documentos import resolucion_documento_abandon, resolucion_documento_build
from cupos.services.firmezas import firmeza_masiva_abandon, firmeza_masiva_process


@tarea_de_trabajo(resolucion_documento_abandon)
def generar_documento_resolucion_task(documento_id: int):
    """R-05: build and store the resolution's PDF. Only a database outage is retried."""
    return resolucion_documento_build(documento_id=documento_id)


@tarea_de_trabajo(firmeza_masiva_abandon)
def firmeza_masiva_task(trabajo_id: int):
    """R-06: the bulk firmeza of a resolution. Only a database outage is retried."""
    return firmeza_masiva_process(trabajo_id=trabajo_id)


@tarea_de_trabajo(lambda resolucion_id: resolucion_expedicion_mark_failed(resolucion_id=resolucion_id))
def expedir_resolucion_task(resolucion_id: int):
    """R-05: turn every line of a resolution into a cupo. Only a database outage is retried (with backoff)."""
    return resolucion_expedicion_process(resolucion_id=resolucion_id)


@shared_task(acks_late=True)
def continuidades_task() -> dict:
    """Each day: R-09, the continuation of every beneficiary an annual resolution left out ends the day before that
    resolution's first cupo started."""
    from cupos.services.continuidad import omisiones_terminar

    return {"terminadas": omisiones_terminar()}


@shared_task(acks_late=True)
def solicitudes_desistir_task() -> dict:
    """Each day: P-06, every application asked to be completed and not completed in time ends withdrawn."""
    from cupos.services.solicitudes import solicitudes_desistir

    return {"desistidas": solicitudes_desistir()}


@shared_task(acks_late=True)
def retenciones_vencer_task() -> dict:
    """Every 10 minutes (issue 43): the counters' holds past their expiry end, what they had left is free."""
    from cupos.services.retenciones import retenciones_vencer

    return {"vencidas": retenciones_vencer()}
