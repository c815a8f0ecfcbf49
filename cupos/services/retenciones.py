"""Holds on a cupo (issue 43): two-phase, as TigerBeetle's pending transfers.

A counter that may lose its link takes, while online, a hold on each vessel it expects to clear: the
vessel's available balance of the current window up to its fuel capacity. The hold reserves those gallons:
every other authorization sees the balance less what active holds still reserve
(`libro.saldo_para_autorizar`, and the issuance's own read in zarpes), so the counter can issue offline
within its hold and nothing is ever overdrawn (R-15). Each certificate synced from the counter is a normal
discount that also adds to the hold's `dispuesto`; the rest stops reserving when the hold is released, has
expired, or is broken. Every write here runs under the cupo's row lock, as the discounts do.
"""

import datetime as dt
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError
from core.comun.galones import CERO, galones_texto, round2
from cupos.errors import ErrorCupos, SinCupoVigente
from cupos.models import Cupo, Movimiento, Retencion
from cupos.services import libro

HORAS_POR_DEFECTO = 24
HORAS_MAXIMAS = 72


def retencion_tomar(
    *,
    actor,
    beneficiario_id: int,
    capitania,
    titular: str,
    fecha: dt.date,
    capacidad: Decimal | None,
    horas: int = HORAS_POR_DEFECTO,
) -> Retencion | None:
    """Hold the vessel's available balance of the window holding `fecha`, up to `capacidad`, for `horas`.

    The caller checked who may (zarpes.services.mostradores). Returns the holder's active hold when it
    already has one on the cupo (taking it again changes nothing), or None when there is nothing to hold
    (no cupo in force, or no balance)."""
    ahora = timezone.now()
    with transaction.atomic():
        try:
            cupo = libro.cupo_lock_vigente(beneficiario_id=beneficiario_id, fecha=fecha)
        except SinCupoVigente:
            return None
        existente = Retencion.objects.activas(ahora).filter(cupo=cupo, titular=titular).first()
        if existente is not None:
            return existente
        try:
            saldo = libro.saldo_para_autorizar(cupo=cupo, fecha=fecha)
        except SinCupoVigente:
            return None
        disponible = saldo.disponible
        galones = round2(min(disponible, capacidad) if capacidad is not None else disponible)
        if galones <= CERO:
            return None
        retencion = Retencion.objects.create(
            cupo=cupo,
            capitania=capitania,
            titular=titular,
            galones=galones,
            expira=min(
                ahora + dt.timedelta(hours=horas), ahora + hasta_fin_de_ventana(saldo.ventana.fin, fecha, ahora)
            ),
            creado_por=actor,
        )
        audit_record(actor=actor, accion="retencion.tomar", obj=retencion)
    return retencion


def hasta_fin_de_ventana(fin: dt.date, fecha: dt.date, ahora: dt.datetime) -> dt.timedelta:
    """The hold is sized on its window's balance (R-15), so it never outlives that window: from `ahora` on the
    day `fecha`, the time left until the window's last midnight in Bogotá. A draw dated in the next window would
    otherwise be checked against gallons the new window may not have."""
    hora = timezone.localtime(ahora).time()
    return timezone.make_aware(dt.datetime.combine(fin + dt.timedelta(days=1), dt.time.min)) - timezone.make_aware(
        dt.datetime.combine(fecha, hora)
    )


def retencion_bloquear(*, retencion_id: int) -> Retencion:
    """Lock the hold's cupo, then the hold (the order every ledger writer takes: the cupo first)."""
    cupo_id = Retencion.objects.values_list("cupo_id", flat=True).get(pk=retencion_id)
    Cupo.objects.select_for_update(no_key=True).filter(pk=cupo_id).first()
    return Retencion.objects.select_for_update(of=("self",)).select_related("cupo").get(pk=retencion_id)


def retencion_disponer(
    *,
    actor,
    retencion: Retencion,
    fecha: dt.date,
    galones: Decimal,
    referencia: str,
    detalle: str,
) -> Movimiento:
    """A draw on a locked, active hold: the discount of `galones` (≤ what the hold has left), in the
    caller's transaction. The hold keeps reserving only what is left of it."""
    galones = round2(galones)
    if retencion.estado != Retencion.Estado.ACTIVA or retencion.expira <= timezone.now():
        raise ApplicationError(ErrorCupos.RETENCION_NO_ACTIVA, retencion_no_activa_texto(retencion))
    if galones > retencion.restante:
        raise ApplicationError(
            ErrorCupos.EXCEDE_CUPO,
            f"Se piden {galones_texto(galones)} galones y a la retención le quedan "
            f"{galones_texto(retencion.restante)}.",
            extra={"disponible": str(retencion.restante)},
        )
    movimiento = libro._movimiento(
        Movimiento.Tipo.DESCUENTO, actor, retencion.cupo, fecha, galones, referencia, detalle
    )
    movimiento.save(force_insert=True)
    retencion.dispuesto = retencion.dispuesto + galones
    retencion.save(update_fields=["dispuesto"])
    return movimiento


def retencion_no_activa_texto(retencion: Retencion) -> str:
    if retencion.estado == Retencion.Estado.ACTIVA:  # active but past its expiry (the beat has not run yet)
        return (
            "La retención del saldo de esta nave venció: no se expiden certificados contra ella. "
            "Con conexión, tome una nueva retención."
        )
    return (
        f"La retención del saldo de esta nave ya no está activa ({retencion.get_estado_display().lower()}): "
        "no se expiden certificados contra ella."
    )


def retencion_cerrar(*, actor, retencion: Retencion, estado: str) -> Retencion:
    """End a locked hold: what it has left stops reserving. Audited."""
    antes = {"estado": retencion.estado}
    retencion.estado, retencion.cerrada = estado, timezone.now()
    retencion.save(update_fields=["estado", "cerrada"])
    audit_record(
        actor=actor,
        accion=f"retencion.{estado}",
        obj=retencion,
        antes=antes,
        despues={"estado": estado, "dispuesto": str(retencion.dispuesto)},
    )
    return retencion


def retenciones_vencer(*, ahora: dt.datetime | None = None) -> int:
    """The beat's job: every active hold past its expiry ends «vencida». Returns how many."""
    ahora = ahora or timezone.now()
    vencidas = 0
    for retencion_id in Retencion.objects.filter(estado=Retencion.Estado.ACTIVA, expira__lte=ahora).values_list(
        "id", flat=True
    ):
        with transaction.atomic():
            retencion = retencion_bloquear(retencion_id=retencion_id)
            if retencion.estado == Retencion.Estado.ACTIVA and retencion.expira <= ahora:
                retencion_cerrar(actor=None, retencion=retencion, estado=Retencion.Estado.VENCIDA)
                vencidas += 1
    return vencidas
