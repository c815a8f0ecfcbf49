"""R-06 for a whole resolution: the bulk firmeza as a Celery job with progress (core.trabajos).

The confirmation page only counts (`resolucion_expedidos_count`) and checks the dates;
`firmeza_masiva_request` records the act (a row, audited) and queues the job. The job firms the
still-issued cupos in batches of LOTE: each batch is one transaction, each cupo a savepoint in it,
and the batch's Dimar notices are written with one INSERT (outbox) and queued once it commits. The
first refusal stops the job, keeping the cupos already firm, and says how many went through.
"""

import datetime as dt
import logging

from django.db import OperationalError, transaction
from django.utils import timezone

from core.access import require_role
from core.audit import audit_record
from core.errors import ApplicationError, DatosInvalidos
from core.models import MensajeSaliente
from core.outbox import outbox_nuevo
from core.trabajos import encolar, encolar_trabajo_al_confirmar, fila_bloqueada, fila_guardar, latiendo, trabajo_tomar
from cupos.access import ESCRITORES
from cupos.models import Cupo, FirmezaMasiva, Resolucion
from cupos.pdf import fecha_larga
from cupos.selectors.resoluciones import FIRMEZA_EN_CURSO, resolucion_expedidos_count
from cupos.services.cupos import AVISO_DIMAR, aviso_dimar, declarar_firmeza, fecha_valida

logger = logging.getLogger(__name__)

TRABAJO = "cupos.firmeza_masiva"  # its name in core.registro (registered in apps.py)
LOTE = 500  # cupos per transaction and per INSERT of Dimar notices
MENSAJE_ERROR = "La firmeza se detuvo por un error interno del portal."
MENSAJE_INTERRUMPIDO = "La firmeza masiva se interrumpió varias veces sin terminar."
Estado = FirmezaMasiva.Estado


def firmeza_masiva_check(*, resolucion: Resolucion, fecha_firmeza: dt.date, fecha_comunicacion: dt.date | None) -> None:
    """What can be refused before the act, without touching a cupo (the confirmation page)."""
    fecha_valida("fecha_firmeza", fecha_firmeza)
    if fecha_comunicacion is not None:
        fecha_valida("fecha_comunicacion", fecha_comunicacion)
    if fecha_firmeza < resolucion.fecha_expedicion:
        raise DatosInvalidos({"fecha_firmeza": "La firmeza no puede ser anterior a la expedición de la resolución."})
    if fecha_comunicacion is not None and fecha_comunicacion < resolucion.fecha_expedicion:
        raise DatosInvalidos(
            {"fecha_comunicacion": "La comunicación no puede ser anterior a la expedición de la resolución."}
        )


def firmeza_masiva_efecto(*, resolucion: Resolucion, fecha_firmeza: dt.date, pendientes: int) -> str:
    """The sentence that says exactly what the act will do."""
    plural = pendientes != 1
    return (
        f"{pendientes} cupo{'s' if plural else ''} de la resolución {resolucion.numero} de {resolucion.anio} "
        f"quedará{'n' if plural else ''} en firme el {fecha_larga(fecha_firmeza)} y se comunicará a Dimar."
    )


def firmeza_masiva_request(
    *, actor, resolucion: Resolucion, fecha_firmeza: dt.date, fecha_comunicacion: dt.date | None = None
) -> FirmezaMasiva:
    """Record the bulk firmeza and queue it. While one runs for the resolution, it is returned."""
    require_role(actor, *ESCRITORES)
    firmeza_masiva_check(resolucion=resolucion, fecha_firmeza=fecha_firmeza, fecha_comunicacion=fecha_comunicacion)
    with transaction.atomic():
        Resolucion.objects.select_for_update().filter(pk=resolucion.pk).first()
        en_curso = resolucion.firmezas_masivas.filter(estado__in=FIRMEZA_EN_CURSO).first()
        if en_curso is not None:
            return en_curso
        trabajo = FirmezaMasiva.objects.create(
            resolucion=resolucion,
            fecha_firmeza=fecha_firmeza,
            fecha_comunicacion=fecha_comunicacion,
            total=resolucion_expedidos_count(resolucion=resolucion),
            solicitada_por=actor,
        )
        audit_record(actor=actor, accion="resolucion.firmeza_masiva", obj=trabajo)
        encolar_trabajo_al_confirmar(TRABAJO, trabajo.id)
    return trabajo


def firmeza_masiva_process(*, trabajo_id: int) -> FirmezaMasiva | None:
    """The job. Safe to re-run: it only ever takes the cupos still issued."""
    trabajo = _tomar(trabajo_id)
    if trabajo is None or trabajo.estado != Estado.EN_CURSO:
        return trabajo
    try:
        with latiendo(FirmezaMasiva, trabajo.id):
            error = _firmar_todo(trabajo)
    except OperationalError:
        raise
    except Exception:
        logger.exception("Falló la firmeza masiva %s", trabajo_id)
        error = MENSAJE_ERROR
    return _terminar(trabajo.id, error)


def firmeza_masiva_abandon(trabajo_id: int) -> FirmezaMasiva | None:
    return _terminar(trabajo_id, MENSAJE_INTERRUMPIDO)


def _firmar_todo(trabajo: FirmezaMasiva) -> str:
    """Firm the issued cupos batch by batch; '' when all went through, else the refusal."""
    actor, resolucion = trabajo.solicitada_por, trabajo.resolucion
    total = max(trabajo.total, trabajo.hechos + resolucion_expedidos_count(resolucion=resolucion))
    ultimo_id = 0
    while True:
        lote = list(
            Cupo.objects.filter(resolucion=resolucion, estado=Cupo.Estado.EXPEDIDO, id__gt=ultimo_id)
            .order_by("id")
            .only("id", "beneficiario_id")[:LOTE]
        )
        if not lote:
            return ""
        ultimo_id = lote[-1].id
        error, avisos, sin_inicio = "", [], 0
        with transaction.atomic():
            for cupo in lote:
                try:
                    with transaction.atomic():
                        firme = declarar_firmeza(
                            actor=actor,
                            cupo=cupo,
                            fecha_firmeza=trabajo.fecha_firmeza,
                            fecha_comunicacion=trabajo.fecha_comunicacion,
                        )
                except ApplicationError as exc:
                    motivo = exc.detalle
                    if isinstance(exc, DatosInvalidos):
                        motivo = " ".join(m for mensajes in exc.errores.values() for m in mensajes)
                    error = f"el cupo de {cupo.beneficiario.nombre} no quedó en firme: {motivo}"
                    break
                clave = f"{AVISO_DIMAR}:{firme.id}"
                avisos.append(outbox_nuevo(tipo=AVISO_DIMAR, clave=clave, payload=aviso_dimar(firme)))
                sin_inicio += firme.fecha_inicio is None
            _avisar(avisos)
            hechos = trabajo.hechos + len(avisos)
            FirmezaMasiva.objects.filter(pk=trabajo.id).update(
                hechos=hechos,
                avisos=trabajo.avisos + len(avisos),
                sin_inicio=trabajo.sin_inicio + sin_inicio,
                progreso=min(99, int(hechos * 100 / total)) if total else 99,
                total=total,
            )
            trabajo.hechos, trabajo.avisos = hechos, trabajo.avisos + len(avisos)
            trabajo.sin_inicio += sin_inicio
        if error:
            return error


def _avisar(avisos: list[MensajeSaliente]) -> None:
    """R-06: the batch's notices to Dimar in one INSERT, each queued for delivery once the batch commits."""
    if not avisos:
        return
    creados = MensajeSaliente.objects.bulk_create(avisos)
    ids = [m.id for m in creados]

    def enviar():
        from core.tasks import outbox_deliver_task

        for mensaje_id in ids:  # a broker that is down: outbox_flush_task (beat) delivers them later
            if not encolar(outbox_deliver_task.delay, mensaje_id):
                break

    transaction.on_commit(enviar)


def _tomar(trabajo_id: int) -> FirmezaMasiva | None:
    """Its progress is kept on a retake: it counts the cupos already firm, which stay firm."""
    return trabajo_tomar(
        FirmezaMasiva.objects.select_related("resolucion", "solicitada_por"),
        trabajo_id,
        nombre=TRABAJO,
        agotado=lambda trabajo: fila_guardar(trabajo, estado=Estado.FALLIDA, mensaje=MENSAJE_INTERRUMPIDO),
    )


def _terminar(trabajo_id: int, error: str) -> FirmezaMasiva | None:
    with transaction.atomic():
        trabajo = fila_bloqueada(FirmezaMasiva.objects.select_related("resolucion"), trabajo_id)
        if trabajo is None or trabajo.estado not in FIRMEZA_EN_CURSO:
            return trabajo
        fecha = fecha_larga(trabajo.fecha_firmeza)
        if error:
            avance = (
                f" Se declararon en firme {trabajo.hechos} de {trabajo.total} cupos antes del error."
                if trabajo.hechos
                else " Ningún cupo cambió."
            )
            trabajo.estado, trabajo.mensaje = Estado.FALLIDA, f"No se pudo declarar la firmeza: {error}{avance}"
        elif trabajo.hechos:
            n = trabajo.hechos
            espera = (
                f" {trabajo.sin_inicio} esperan el acuse de Dimar para iniciar (R-06)." if trabajo.sin_inicio else ""
            )
            trabajo.estado = Estado.TERMINADA
            trabajo.mensaje = (
                f"Se declaró la firmeza de {n} cupo{'s' if n != 1 else ''} desde el {fecha}. "
                f"Dimar recibirá la comunicación de cada uno.{espera}"
            )
        else:
            trabajo.estado = Estado.TERMINADA
            trabajo.mensaje = "No había cupos expedidos pendientes de firmeza en esta resolución."
        trabajo.progreso, trabajo.terminada = 100, timezone.now()
        trabajo.save()
        audit_record(actor=None, accion="resolucion.firmeza_masiva_terminar", obj=trabajo)
    return trabajo
