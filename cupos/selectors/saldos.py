"""Balances (R-11): what a cupo allows on a date, in O(one window)."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q, Sum

from core.comun.fechas import fecha_larga
from core.comun.galones import CERO, round2
from core.plataforma.db import lectura_primaria
from cupos import calculo
from cupos.errors import SinCupoVigente
from cupos.models import ESTADOS_CON_VIGENCIA, Cupo, Movimiento, Retencion
from cupos.selectors.cupos import cupo_terminos, cupo_vigente


@dataclass(frozen=True)
class Saldo:
    fecha: dt.date
    cupo: Cupo
    ventana: calculo.Ventana
    asignado: Decimal
    consumido: Decimal
    # Issue 43: gallons that counters' active holds reserve (Retencion), left out of what may be authorized.
    retenido: Decimal = CERO

    @property
    def disponible(self) -> Decimal:
        return max(CERO, self.asignado - self.consumido - self.retenido)


@lectura_primaria()  # the balance never reads from a replica (core.plataforma.db)
def consumo_en(*, cupo_id: int, desde: dt.date, hasta: dt.date) -> Decimal:
    """Σ discounts − Σ refunds dated in [desde, hasta]: one range scan of (cupo, fecha)."""
    totales = Movimiento.objects.filter(cupo_id=cupo_id, fecha__gte=desde, fecha__lte=hasta).aggregate(
        descuentos=Sum("galones", filter=Q(tipo=Movimiento.Tipo.DESCUENTO)),
        reintegros=Sum("galones", filter=Q(tipo=Movimiento.Tipo.REINTEGRO)),
    )
    return round2((totales["descuentos"] or CERO) - (totales["reintegros"] or CERO))


@lectura_primaria()  # the balance never reads from a replica (core.plataforma.db)
def retenido_en(*, cupo_id: int, ahora=None) -> Decimal:
    """Issue 43: Σ (galones − dispuesto) of the cupo's holds active at `ahora` (now by default)."""
    from django.db.models import F
    from django.utils import timezone

    total = Retencion.objects.activas(ahora or timezone.now()).filter(cupo_id=cupo_id).aggregate(
        r=Sum(F("galones") - F("dispuesto"))
    )["r"]
    return round2(total or CERO)


@lectura_primaria()  # the balance never reads from a replica (core.plataforma.db)
def cupo_saldo(*, cupo: Cupo, fecha: dt.date, toda_la_ventana: bool = False) -> Saldo:
    """R-11: the balance of a cupo on a date, in O(one window).

    `toda_la_ventana` counts every movement of the window, also those dated after `fecha` (used
    when authorizing, so a late-entered paper record can never overdraw the window).
    """
    ventana, asignado = cupo_ventana(cupo=cupo, fecha=fecha)
    consumido = consumo_en(cupo_id=cupo.id, desde=ventana.inicio, hasta=ventana.fin if toda_la_ventana else fecha)
    return Saldo(fecha=fecha, cupo=cupo, ventana=ventana, asignado=asignado, consumido=consumido)


@lectura_primaria()  # the balance never reads from a replica (core.plataforma.db)
def cupo_ventana(*, cupo: Cupo, fecha: dt.date) -> tuple[calculo.Ventana, Decimal]:
    """The window holding `fecha` and its entitlements up to that month (no query: the cupo's terms)."""
    if cupo.estado not in ESTADOS_CON_VIGENCIA or cupo.fecha_inicio is None:
        raise SinCupoVigente("El cupo no está en firme.")
    terminos = cupo_terminos(cupo)
    if not terminos.vigente(fecha):
        raise SinCupoVigente(f"El cupo no está vigente el {fecha_larga(fecha)}.")
    ventana = calculo.window_for(terminos, fecha)
    return ventana, calculo.asignado_hasta(terminos, ventana, fecha)


@lectura_primaria()  # the balance never reads from a replica (core.plataforma.db)
def beneficiario_saldo(*, beneficiario_id: int, fecha: dt.date) -> Saldo:
    cupo = cupo_vigente(beneficiario_id=beneficiario_id, fecha=fecha)
    if cupo is None:
        raise SinCupoVigente()
    return cupo_saldo(cupo=cupo, fecha=fecha)
