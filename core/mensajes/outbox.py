"""Outbox: messages to other agencies, stored with their cause and delivered by a Celery task.

R-06: when a cupo becomes firm UPME informs Dimar immediately; the portal writes the message in
the same transaction as the firmeza and a task delivers it, retrying until Dimar acknowledges
(HTTP 2xx). With no endpoint configured the message is logged and kept as `registrado`.
Whoever must know of the acknowledgement registers a hook (core.registro.registrar_acuse): it runs
in the transaction that records the delivery.
"""

import datetime as dt
import logging

import requests
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core import registro
from core.models import MensajeSaliente

logger = logging.getLogger(__name__)

BACKOFF_MAX_SECONDS = 3600
TAREA_ENTREGAR = "core.outbox_entregar"  # core.tasks.outbox_deliver_task (core.registro.registrar_tarea)
# core.tasks.outbox_deliver_lote_task: many messages of one act (a bulk firmeza's 10,000 notices) in a few
# tasks rather than one task each (the broker round trip and the worker's bookkeeping cost as much as a
# message without an endpoint). Each message is still delivered, and retried, on its own.
TAREA_ENTREGAR_LOTE = "core.outbox_entregar_lote"
LOTE_ENTREGA = 100


def backoff_seconds(intentos: int) -> int:
    """Exponential: 30 s, 60 s, 120 s, … capped at one hour."""
    return min(BACKOFF_MAX_SECONDS, 30 * 2 ** max(0, intentos - 1))


def outbox_destino(tipo: str) -> str:
    """The endpoint messages of `tipo` go to; empty when none is configured."""
    return settings.OUTBOX_ENDPOINTS.get(tipo, "") or ""


def _avisar_acuse(mensaje: MensajeSaliente) -> None:
    for funcion in registro.acuses(mensaje.tipo):
        funcion(mensaje)


def outbox_nuevo(*, tipo: str, clave: str, payload: dict) -> MensajeSaliente:
    """The message, unsaved: for callers that write it in their own statement (zarpes_sql)."""
    return MensajeSaliente(tipo=tipo, clave=clave, payload=payload, proximo_intento=timezone.now())


def outbox_enviar_al_confirmar(mensaje_id: int) -> None:
    """Deliver the stored message once the caller's transaction commits."""
    from core.segundo_plano.trabajos import encolar_al_confirmar

    # The task is queued by name (registered in CoreConfig.ready): core.tasks imports this module.
    # A broker that is down never fails the caller: the row is committed and outbox_flush_task
    # (beat, every minute) delivers it once the broker is back.
    encolar_al_confirmar(registro.tarea(TAREA_ENTREGAR), mensaje_id)


def outbox_enqueue(*, tipo: str, clave: str, payload: dict) -> MensajeSaliente:
    """Store a message inside the caller's transaction and send it once that commits.

    The same `clave` (the fact being communicated) is stored once: enqueuing again returns it.
    """
    mensaje, creado = MensajeSaliente.objects.get_or_create(
        clave=clave, defaults={"tipo": tipo, "payload": payload, "proximo_intento": timezone.now()}
    )
    if creado:
        outbox_enviar_al_confirmar(mensaje.id)
    return mensaje


def outbox_deliver(*, mensaje_id: int) -> MensajeSaliente:
    """Try to deliver one message now. Returns it with its new state; never raises on HTTP errors."""
    with transaction.atomic():
        mensaje = MensajeSaliente.objects.select_for_update().get(id=mensaje_id)
        if mensaje.estado != MensajeSaliente.Estado.PENDIENTE:
            return mensaje
        destino = outbox_destino(mensaje.tipo)
        mensaje.intentos += 1
        mensaje.destino = destino
        entregar = registro.entrega(mensaje.tipo)
        if entregar is not None:
            return _entregar_propio(mensaje, entregar)
        if not destino:
            logger.info("outbox %s %s sin destino configurado: %s", mensaje.tipo, mensaje.clave, mensaje.payload)
            mensaje.estado = MensajeSaliente.Estado.REGISTRADO
            mensaje.entregado_en = timezone.now()
            mensaje.save()
            _avisar_acuse(mensaje)
            return mensaje
        headers = {"Idempotency-Key": str(mensaje.uuid), "Content-Type": "application/json"}
        if settings.OUTBOX_TOKEN:
            headers["Authorization"] = f"Token {settings.OUTBOX_TOKEN}"
        cuerpo = {"id": str(mensaje.uuid), "tipo": mensaje.tipo, "datos": mensaje.payload}
        try:
            respuesta = requests.post(destino, json=cuerpo, headers=headers, timeout=settings.OUTBOX_TIMEOUT_SECONDS)
            ok = 200 <= respuesta.status_code < 300
            detalle = f"HTTP {respuesta.status_code}: {respuesta.text[:500]}"
        except requests.RequestException as exc:
            ok = False
            detalle = f"{type(exc).__name__}: {exc}"[:1000]
        _anotar_intento(mensaje, ok, detalle, "outbox")
        if ok:
            _avisar_acuse(mensaje)
        return mensaje


def _entregar_propio(mensaje: MensajeSaliente, entregar) -> MensajeSaliente:
    """A message delivered by its own means (a beneficiary's notice by e-mail and SMS, core.mensajes.avisos,
    registered with core.registro.registrar_entrega), with the same retries."""
    try:
        detalle = entregar(mensaje)
        ok = True
    except Exception as exc:  # any mail or gateway failure is retried, never lost
        ok, detalle = False, f"{type(exc).__name__}: {exc}"[:1000]
    _anotar_intento(mensaje, ok, detalle, "aviso")
    return mensaje


def _anotar_intento(mensaje: MensajeSaliente, ok: bool, detalle: str, que: str) -> None:
    """Delivered, or failed with a retry after the backoff, or failed for good after the last attempt."""
    if ok:
        mensaje.estado = MensajeSaliente.Estado.ENTREGADO
        mensaje.entregado_en = timezone.now()
        mensaje.respuesta_destino = detalle
        mensaje.ultimo_error = ""
        mensaje.proximo_intento = None
    else:
        logger.warning("%s %s intento %s falló: %s", que, mensaje.clave, mensaje.intentos, detalle)
        mensaje.ultimo_error = detalle
        if mensaje.intentos >= settings.OUTBOX_MAX_ATTEMPTS:
            mensaje.estado = MensajeSaliente.Estado.FALLIDO
            mensaje.proximo_intento = None
        else:
            mensaje.proximo_intento = timezone.now() + dt.timedelta(seconds=backoff_seconds(mensaje.intentos))
    mensaje.save()


def outbox_due_ids(*, ahora: dt.datetime | None = None, limite: int = 200) -> list[int]:
    """Pending messages whose next attempt is due: the safety net if a task was lost."""
    ahora = ahora or timezone.now()
    return list(
        MensajeSaliente.objects.filter(estado=MensajeSaliente.Estado.PENDIENTE, proximo_intento__lte=ahora)
        .order_by("proximo_intento")
        .values_list("id", flat=True)[:limite]
    )
