"""R-09: the previous cupo runs on "hasta tanto el nuevo cupo ... quede en firme", but only while
the new year's cupo is being decided. A decision ends it on its date: the application refused,
the right lost for the year (R-04 par. 2), or no cupo for the beneficiary in the new resolution.
"""

import datetime as dt

from django.db import transaction
from django.db.models import Max, Min

from core.actos.models import Recurso
from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from cupos.access import ESCRITORES
from cupos.errors import ErrorCupos
from cupos.models import Cupo, Movimiento, Resolucion, Solicitud
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


def cupo_continuation_settle(*, actor, solicitud: Solicitud, firmeza: dt.date | None = None) -> None:
    """R-09 with R-04: the previous cupo runs on only while the new year's cupo is being decided.
    A right lost for late information ends it on that day (today); a justified cause recorded afterwards gives
    the continuation back. A refusal is an act (DOMAIN §8, P-05): it ends the continuation only once it is firm
    for the beneficiary (`firmeza`), the day before that day, never before recorded consumption."""
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
            ultimo = today() if firmeza is None else firmeza - dt.timedelta(days=1)
            if firmeza is not None:  # the act rules from its firmeza; the ledger already written is never rewritten
                consumido = (
                    Movimiento.objects.filter(cupo=cupo, tipo__in=Movimiento.CONSUMO, fecha__gt=ultimo)
                    .aggregate(f=Max("fecha"))["f"]
                )
                ultimo = max(ultimo, consumido or ultimo)
            terminar_vigencia(
                actor=actor,
                cupo=cupo,
                ultimo_dia=_fin_de_continuidad(anio, ultimo),
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


# --- the next year's annual resolution ends the continuation of those it leaves out --------------------------


def _continuan(anio: int):
    """Firm cupos of an earlier year still running on (no end) for beneficiaries with no cupo of `anio`."""
    con_cupo = (
        Cupo.objects.filter(resolucion__anio=anio).exclude(estado=Cupo.Estado.CANCELADO).values("beneficiario_id")
    )
    return Cupo.objects.filter(
        estado=Cupo.Estado.EN_FIRME, fecha_inicio__isnull=False, fecha_fin__isnull=True, resolucion__anio__lt=anio
    ).exclude(beneficiario_id__in=con_cupo)


def omitidos(resolucion: Resolucion, lineas: set[int]) -> list[int]:
    """R-09 / P-01: the beneficiaries an annual resolution leaves out (a cupo of an earlier year running on in
    continuation, no line in it): they are persons concerned by its act, notified of the omission with its
    recursos."""
    if resolucion.tipo != Resolucion.Tipo.ANUAL:
        return []
    ids = set(_continuan(resolucion.anio).values_list("beneficiario_id", flat=True))
    return sorted(ids - set(lineas))


def _omision_revocada(resolucion: Resolucion) -> set[int]:
    """Beneficiaries whose omission was revoked on their recurso (P-03): their continuation is not ended."""
    if resolucion.acto_id is None:
        return set()
    return set(
        Recurso.objects.filter(interesado__acto_id=resolucion.acto_id, sentido=Recurso.Sentido.REVOCA)
        .values_list("interesado__beneficiario_id", flat=True)
    )


def omisiones_terminar(*, hoy: dt.date | None = None) -> int:
    """R-09, each day: once the first cupo of a year's annual resolution has started (day d), the cupo of every
    beneficiary that resolution left out stops running on: it ends on d − 1, with no record needed from anyone
    (the omission was notified with the resolution's act). Consumption already recorded after d − 1 is never
    rewritten: the end then falls on its last day. One transaction per beneficiary. How many ended."""
    hoy = hoy or today()
    terminados = 0
    anuales = (
        Resolucion.objects.filter(tipo=Resolucion.Tipo.ANUAL, estado=Resolucion.Estado.EXPEDIDA)
        .annotate(inicio=Min("cupos__fecha_inicio")).filter(inicio__lte=hoy).order_by("anio")
    )
    for resolucion in anuales:
        ultimo = resolucion.inicio - dt.timedelta(days=1)
        revocadas = _omision_revocada(resolucion)
        for cupo_id, beneficiario_id in _continuan(resolucion.anio).values_list("id", "beneficiario_id"):
            if beneficiario_id in revocadas:
                continue
            with transaction.atomic():
                cupos = bloquear_cupos_del_beneficiario(Cupo(beneficiario_id=beneficiario_id))
                cupo = next((c for c in cupos if c.id == cupo_id), None)
                if cupo is None or not _en_continuidad(cupo, resolucion.anio) or cupo.fecha_inicio > ultimo:
                    continue
                consumido = (
                    Movimiento.objects.filter(cupo=cupo, tipo__in=Movimiento.CONSUMO, fecha__gt=ultimo)
                    .aggregate(f=Max("fecha"))["f"]
                )
                terminar_vigencia(
                    actor=None, cupo=cupo, ultimo_dia=max(ultimo, consumido or ultimo),
                    motivo=Cupo.Fin.SIN_CUPO_EN_RESOLUCION,
                    detalle=(f"La resolución {resolucion.numero} de {resolucion.anio} no le otorgó cupo: la "
                             "continuidad terminó el día antes de que iniciara su primer cupo "
                             f"({fecha_larga(resolucion.inicio)})."),
                )
                terminados += 1
    return terminados


def omision_revocar(*, beneficiario_id: int, anio: int) -> None:
    """P-03: the omission revoked on the beneficiary's recurso: its continuation runs again, unless a newer cupo has
    started since (a modifying resolution then grants its cupo of the year)."""
    cupos = bloquear_cupos_del_beneficiario(Cupo(beneficiario_id=beneficiario_id))
    for cupo in cupos:
        if cupo.motivo_fin != Cupo.Fin.SIN_CUPO_EN_RESOLUCION or cupo.resolucion.anio >= anio:
            continue
        if any(c.fecha_inicio and c.fecha_inicio > cupo.fecha_inicio for c in cupos if c.id != cupo.id):
            continue
        antes = snapshot(cupo)
        cupo.fecha_fin, cupo.motivo_fin, cupo.detalle_fin = None, "", ""
        cupo.save(update_fields=["fecha_fin", "motivo_fin", "detalle_fin"])
        audit_record(actor=None, accion="cupo.continuidad_restablecida", obj=cupo, antes=antes)
