"""Reads of the ledger (R-11): a cupo's movements and its month-by-month timeline."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, QuerySet, Sum

from core.comun.galones import CERO
from cupos import calculo
from cupos.models import ESTADOS_CON_VIGENCIA, Cupo, Movimiento
from cupos.selectors.cupos import cupo_terminos


def movimiento_list(*, cupo: Cupo) -> QuerySet[Movimiento]:
    """The ledger of a cupo, newest first."""
    return Movimiento.objects.filter(cupo=cupo).select_related("creado_por").order_by("-fecha", "-id")


@dataclass(frozen=True)
class MesLinea:
    mes: dt.date
    derecho: Decimal
    consumo: Decimal
    saldo: Decimal  # window balance at the end of the month
    inicio_ventana: bool
    vencido: Decimal  # leftovers lost when the window closes at this month's end


def cupo_linea_de_tiempo(*, cupo: Cupo, hasta: dt.date) -> list[MesLinea]:
    """Per month: entitlement, consumption and balance, with window boundaries and expiries."""
    if cupo.fecha_inicio is None or cupo.estado not in ESTADOS_CON_VIGENCIA:
        return []
    terminos = cupo_terminos(cupo)
    fin = hasta if terminos.fecha_fin is None else min(hasta, terminos.fecha_fin)
    if fin < terminos.fecha_inicio:
        return []
    por_mes: dict[int, Decimal] = {}
    for mov in Movimiento.objects.filter(
        cupo=cupo, tipo__in=Movimiento.CONSUMO, fecha__gte=terminos.fecha_inicio, fecha__lte=fin
    ).values("fecha", "tipo", "galones"):
        signo = 1 if mov["tipo"] == Movimiento.Tipo.DESCUENTO else -1
        idx = calculo.month_index(mov["fecha"])
        por_mes[idx] = por_mes.get(idx, CERO) + signo * mov["galones"]
    filas = []
    for ventana in calculo.windows_between(terminos, terminos.fecha_inicio, fin):
        acumulado = CERO
        ultimo = min(ventana.ultimo_mes, calculo.month_index(fin))
        for idx in range(ventana.primer_mes, ultimo + 1):
            derecho = calculo.entitlement(terminos, idx)
            consumo = por_mes.get(idx, CERO)
            acumulado += derecho - consumo
            cierra = idx == ventana.ultimo_mes and calculo.month_end(idx) <= hasta
            filas.append(
                MesLinea(
                    mes=calculo.month_start(idx),
                    derecho=derecho,
                    consumo=consumo,
                    saldo=max(CERO, acumulado),
                    inicio_ventana=idx == ventana.primer_mes,
                    vencido=max(CERO, acumulado) if cierra else CERO,
                )
            )
    return filas


def libro_totales() -> dict:
    """Control figures of the ledger for backups (core.registro.registrar_control): movements and
    gallons per movement type. A restored database must reproduce them exactly."""
    filas = Movimiento.objects.order_by("tipo").values("tipo").annotate(n=Count("id"), galones=Sum("galones"))
    return {f["tipo"]: {"movimientos": f["n"], "galones": str(f["galones"])} for f in filas}
