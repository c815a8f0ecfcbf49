"""Celery tasks: take ids, call a service, retry. No business logic here."""

from celery import shared_task
from django.conf import settings

from core.mensajes.outbox import backoff_seconds, outbox_deliver, outbox_due_ids
from core.models import MensajeSaliente


class EntregaPendiente(Exception):
    """The destination did not acknowledge; Celery retries the task."""


@shared_task(bind=True, acks_late=True, max_retries=None)
def outbox_deliver_task(self, mensaje_id: int) -> str:
    mensaje = outbox_deliver(mensaje_id=mensaje_id)
    pendiente = mensaje.estado == MensajeSaliente.Estado.PENDIENTE
    # In-process (eager) runs never block a request on retries: outbox_flush_task picks them up.
    if pendiente and not self.request.is_eager and mensaje.intentos < settings.OUTBOX_MAX_ATTEMPTS:
        raise self.retry(exc=EntregaPendiente(mensaje.ultimo_error), countdown=backoff_seconds(mensaje.intentos))
    return mensaje.estado


@shared_task(bind=True, acks_late=True)
def outbox_deliver_lote_task(self, mensaje_ids: list[int]) -> dict:
    """Deliver several messages in one task (an act's notices). A message its destination did not
    acknowledge goes on with its own task and backoff, as if it had been queued alone; a worker that
    dies mid-batch gets the batch again (acks_late), and the messages already delivered are skipped."""
    estados: dict[str, int] = {}
    for mensaje_id in mensaje_ids:
        mensaje = outbox_deliver(mensaje_id=mensaje_id)
        pendiente = mensaje.estado == MensajeSaliente.Estado.PENDIENTE
        if pendiente and not self.request.is_eager and mensaje.intentos < settings.OUTBOX_MAX_ATTEMPTS:
            outbox_deliver_task.apply_async((mensaje_id,), countdown=backoff_seconds(mensaje.intentos))
        estados[mensaje.estado] = estados.get(mensaje.estado, 0) + 1
    return estados


@shared_task(acks_late=True)
def outbox_flush_task() -> int:
    """Run by Celery beat every minute: re-sends what is due (a lost task never loses a message)."""
    ids = outbox_due_ids()
    for mensaje_id in ids:
        outbox_deliver(mensaje_id=mensaje_id)
    return len(ids)


@shared_task(acks_late=True)
def alertas_resumen_task() -> int:
    """Daily (Celery beat): one e-mail per responsible user with the alerts raised since the last."""
    from core.mensajes.notificaciones import alertas_resumen_enviar

    return alertas_resumen_enviar()


@shared_task(acks_late=True)
def revisar_plazos_task(fecha: str | None = None) -> dict:
    """Daily (Celery beat): every deadline check of R-25 as of today (or `fecha`)."""
    import datetime as dt

    from core.vencimientos.calendario import today
    from core.vencimientos.plazos import revisar_plazos

    dia = dt.date.fromisoformat(fecha) if fecha else today()
    return {r.tipo: {"levantadas": r.levantadas, "resueltas": r.resueltas} for r in revisar_plazos(fecha=dia)}


@shared_task(acks_late=True)
def recuperar_trabajos_task(vencido: float | None = None) -> dict:
    """Run by Celery beat every minute: re-queues long jobs left by a dead worker or never queued
    because the broker was down (core.segundo_plano.trabajos)."""
    from core.segundo_plano.trabajos import recuperar_trabajos

    return {
        r.nombre: {"reencolados": len(r.reencolados), "abandonados": len(r.abandonados), "sin_broker": r.sin_broker}
        for r in recuperar_trabajos(vencido=vencido)
    }


@shared_task(acks_late=True)
def verificar_respaldo_task() -> dict:
    """Daily (beat): the last good pgBackRest backup is at most RESPALDO_EDAD_MAXIMA_HORAS old and the WAL
    archive whole since it; otherwise an alert for the administrators (core.plataforma.respaldo_continuo)."""
    import logging

    from core.plataforma.respaldo_continuo import alertar, revisar

    revision = revisar()
    if not revision.correcta:
        logging.getLogger(__name__).error("Respaldo continuo con problemas: %s", " ".join(revision.problemas))
    return {"correcta": revision.correcta, "alerta": alertar(revision), "problemas": revision.problemas}


@shared_task(acks_late=True)
def actos_firmeza_task() -> dict:
    """Each business day: the effects of every act that became firm (core.actos, DOMAIN P-04)."""
    from core.actos.services import firmezas_aplicar
    from core.vencimientos.calendario import is_business_day, today

    if not is_business_day(today()):
        return {"actos": 0, "interesados": 0, "fallidos": 0, "dia_habil": False}
    return firmezas_aplicar()


@shared_task(acks_late=True)
def resellar_archivo_task() -> dict:
    """Daily: a new document timestamp on every B-LTA act whose last one expires soon (core.firma.archivo)."""
    from core.firma.archivo import resellar_por_vencer

    return resellar_por_vencer()


@shared_task(acks_late=True, ignore_result=False)
def firmar_documento_task(**pedido) -> dict:
    """The signing worker signs one PDF (core.firma.servicio): the only task whose answer is awaited."""
    from core.firma.servicio import firmar_en_el_trabajador

    return firmar_en_el_trabajador(**pedido)
