"""The ledger (R-11, STYLE habit 5): write-once movements, written under a row lock of the cupo.

Callers (zarpes, sales) hold a transaction; `cupo_lock_vigente` takes the lock so concurrent
discounts on one cupo serialize and the sum authorized never exceeds what was available.
"""

import dataclasses
import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.comun.errors import ApplicationError, DatosInvalidos
from core.comun.galones import galones_texto, round2
from core.vencimientos.calendario import today
from cupos.errors import ErrorCupos, SinCupoVigente
from cupos.models import Cupo, Movimiento
from cupos.selectors.saldos import Saldo, cupo_saldo, retenido_en


def cupo_lock_vigente(*, beneficiario_id: int, fecha: dt.date) -> Cupo:
    """Lock and return the cupo in force on `fecha`, or raise sin_cupo_vigente.

    FOR NO KEY UPDATE: it serializes every discount on the cupo as FOR UPDATE would, and does not wait
    on the KEY SHARE locks a bulk firmeza holds on the cupos it only reads (issue 27)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("cupo_lock_vigente needs a transaction")
    cupo = (
        Cupo.objects.select_for_update(of=("self",), no_key=True)
        .vigentes_en(fecha)
        .filter(beneficiario_id=beneficiario_id)
        .order_by("-fecha_inicio")
        .first()
    )
    if cupo is None:
        raise SinCupoVigente()
    return cupo


def saldo_para_autorizar(*, cupo: Cupo, fecha: dt.date) -> Saldo:
    """The balance used to authorize: counts every movement of the window and leaves out what the active
    holds reserve (issue 43), so it never overdraws."""
    saldo = cupo_saldo(cupo=cupo, fecha=fecha, toda_la_ventana=True)
    return dataclasses.replace(saldo, retenido=retenido_en(cupo_id=cupo.id))


def movimiento_descuento(**datos) -> Movimiento:
    """Discount gallons from a locked cupo; refused with excede_cupo above the balance (R-15, R-19).

    Takes the arguments of `descuento_nuevo` and writes the movement it checked.
    """
    movimiento = descuento_nuevo(**datos)
    movimiento.save(force_insert=True)
    return movimiento


def descuento_nuevo(
    *,
    actor,
    cupo: Cupo,
    fecha: dt.date,
    galones: Decimal,
    referencia: str = "",
    detalle: str = "",
    disponible: Decimal | None = None,
) -> Movimiento:
    """The checked discount, unsaved: for callers that write it in their own statement (zarpes.sql)."""
    galones = round2(galones)
    if galones <= 0:
        raise DatosInvalidos({"galones": "Los galones deben ser mayores que cero."})
    if disponible is None:
        disponible = saldo_para_autorizar(cupo=cupo, fecha=fecha).disponible
    if galones > disponible:
        raise ApplicationError(
            ErrorCupos.EXCEDE_CUPO,
            f"Se piden {galones_texto(galones)} galones y el saldo disponible de la ventana es "
            f"{galones_texto(disponible)}.",
            extra={"disponible": str(disponible)},
        )
    return _movimiento(Movimiento.Tipo.DESCUENTO, actor, cupo, fecha, galones, referencia, detalle)


def movimiento_reintegro(
    *, actor, cupo: Cupo, fecha: dt.date, galones: Decimal, referencia: str = "", detalle: str = ""
) -> Movimiento:
    """Give gallons back to a locked cupo (R-17), dated in the window it counts in."""
    galones = round2(galones)
    if galones <= 0:
        raise DatosInvalidos({"galones": "Los galones del reintegro deben ser mayores que cero."})
    movimiento = _movimiento(Movimiento.Tipo.REINTEGRO, actor, cupo, fecha, galones, referencia, detalle)
    movimiento.save(force_insert=True)
    return movimiento


def _movimiento(tipo, actor, cupo, fecha, galones, referencia, detalle) -> Movimiento:
    return Movimiento(
        cupo=cupo,
        tipo=tipo,
        fecha=fecha,
        galones=galones,
        referencia=referencia[:80],
        detalle=detalle[:300],
        creado_por=actor,
        atrasado=fecha < today(),
    )
