"""R-09: the previous cupo runs on "hasta tanto el nuevo cupo ... quede en firme", but only while
the new year's cupo is being decided. A decision ends it on its date: the application refused,
the right lost for the year (R-04 par. 2), or no cupo for the beneficiary in the new resolution.
"""

import datetime as dt

from django.db import transaction

from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from cupos.access import ESCRITORES
from cupos.errors import ErrorCupos
from cupos.models import Cupo, Solicitud
from cupos.services.cupos import bloquear_cupos_del_beneficiario, fecha_valida, terminar_vigencia


def cupo_end_continuation(*, actor, cupo: Cupo, anio: int, fecha: dt.date, motivo: str) -> Cupo:
    """R-09: UPME records that the beneficiary gets no cupo in the resolution of `anio`; the cupo it
    was consuming in continuation ends on that decision's date (`fecha`)."""
    require_role(actor, *ESCRITORES)
    fecha_valida("fecha", fecha)
    if not (motivo or "").strip():
        raise DatosInvalidos({"motivo": "Indique el motivo o la resolución que no le otorga cupo."})
    with transaction.atomic():
        cupos = bloquear_cupos_del_beneficiario(cupo)
        cupo = next(c for c in cupos if c.id == cupo.id)
        del_anio = [c for c in cupos if c.resolucion.anio == anio and c.estado != Cupo.Estado.CANCELADO]
        if del_anio:
            raise ApplicationError(
                ErrorCupos.CUPO_DEL_ANIO_OTORGADO,
                f"El beneficiario tiene el cupo de la resolución {del_anio[0].resolucion.numero} de {anio}.",
            )
        if not _en_continuidad(cupo, anio):
            raise ApplicationError(
                ErrorCupos.CUPO_SIN_CONTINUIDAD,
                f"El cupo de {cupo.resolucion.anio} no se está consumiendo en continuidad hacia {anio}: "
                "no está en firme, ya terminó o es de ese mismo año.",
            )
        terminar_vigencia(
            actor=actor,
            cupo=cupo,
            ultimo_dia=_fin_de_continuidad(anio, fecha),
            motivo=Cupo.Fin.SIN_CUPO_EN_RESOLUCION,
            detalle=f"Sin cupo en {anio}: {motivo.strip()}",
        )
    return cupo


def cupo_continuation_settle(*, actor, solicitud: Solicitud) -> None:
    """R-09 with R-04: the previous cupo runs on only while the new year's cupo is being decided.
    A refused application, or a right lost for late information, ends it on the decision's date
    (today); a justified cause recorded afterwards gives the continuation back."""
    anio = solicitud.anio
    if solicitud.estado == Solicitud.Estado.RECHAZADA:
        motivo = Cupo.Fin.SOLICITUD_RECHAZADA
    elif solicitud.pierde_derecho:
        motivo = Cupo.Fin.PERDIDA_DERECHO
    else:
        _reabrir_continuidad(actor=actor, beneficiario_id=solicitud.beneficiario_id, anio=anio)
        return
    cupos = bloquear_cupos_del_beneficiario(Cupo(beneficiario_id=solicitud.beneficiario_id))
    for cupo in cupos:
        if _en_continuidad(cupo, anio):
            terminar_vigencia(
                actor=actor,
                cupo=cupo,
                ultimo_dia=_fin_de_continuidad(anio, today()),
                motivo=motivo,
                detalle=f"Solicitud de {anio}: {Cupo.Fin(motivo).label.lower()}.",
            )


def _en_continuidad(cupo: Cupo, anio: int) -> bool:
    """A firm cupo of an earlier year with no end yet: it runs on until `anio`'s cupo is decided."""
    return (
        cupo.estado == Cupo.Estado.EN_FIRME
        and cupo.fecha_inicio is not None
        and cupo.fecha_fin is None
        and cupo.resolucion.anio < anio
    )


def _fin_de_continuidad(anio: int, fecha: dt.date) -> dt.date:
    """The decision's date, but never before the end of the cupo's own year (continuation starts then)."""
    return max(fecha, dt.date(anio - 1, 12, 31))


def _reabrir_continuidad(*, actor, beneficiario_id: int, anio: int) -> None:
    """A lost right restored (justified cause, new deadline): the continuation runs again, unless a
    newer cupo has started since."""
    cupos = bloquear_cupos_del_beneficiario(Cupo(beneficiario_id=beneficiario_id))
    for cupo in cupos:
        if cupo.motivo_fin != Cupo.Fin.PERDIDA_DERECHO or cupo.resolucion.anio >= anio:
            continue
        if any(c.fecha_inicio and c.fecha_inicio > cupo.fecha_inicio for c in cupos if c.id != cupo.id):
            continue
        antes = snapshot(cupo)
        cupo.fecha_fin, cupo.motivo_fin, cupo.detalle_fin = None, "", ""
        cupo.save(update_fields=["fecha_fin", "motivo_fin", "detalle_fin"])
        audit_record(actor=actor, accion="cupo.continuidad_restablecida", obj=cupo, antes=antes)
