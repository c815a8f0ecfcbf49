"""Pure arithmetic of a cupo: monthly entitlements and accumulation windows. No database here.

R-07 cuota = round2(anual / 12); R-08 the first month is prorated by days in force;
R-09 a cupo succeeded by a newer one ends the day before, prorated the same way;
R-10 windows are consecutive blocks of N calendar months counted from the start month.
"""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from core.comun.galones import CERO, round2
from core.vencimientos.calendario import last_day_of_month


def cuota_mensual(galones_anuales: Decimal) -> Decimal:
    """R-07."""
    return round2(Decimal(galones_anuales) / 12)


def month_index(fecha: dt.date) -> int:
    return fecha.year * 12 + fecha.month - 1


def month_start(indice: int) -> dt.date:
    return dt.date(indice // 12, indice % 12 + 1, 1)


def month_end(indice: int) -> dt.date:
    anio, mes = indice // 12, indice % 12 + 1
    return last_day_of_month(anio, mes)


@dataclass(frozen=True)
class Terminos:
    """What a cupo's entitlements follow from."""

    cuota_mensual: Decimal
    fecha_inicio: dt.date
    meses_ventana: int
    fecha_fin: dt.date | None = None  # last day in force, if it has ended
    prorratear_fin: bool = False  # the month a successor starts is prorated

    def vigente(self, fecha: dt.date) -> bool:
        return self.fecha_inicio <= fecha and (self.fecha_fin is None or fecha <= self.fecha_fin)


@dataclass(frozen=True)
class Ventana:
    inicio: dt.date
    fin: dt.date
    meses: int
    primer_mes: int  # month index
    ultimo_mes: int

    def contiene(self, fecha: dt.date) -> bool:
        return self.inicio <= fecha <= self.fin


def entitlement(terminos: Terminos, indice_mes: int) -> Decimal:
    """The month's entitlement: the full cuota, or prorated by the days the cupo is in force.

    R-08: the start month (day d of D) gives round2(cuota × (D − d + 1) / D).
    R-09: a month where a successor starts on day d gives round2(cuota × (d − 1) / D).
    """
    primero, ultimo = month_start(indice_mes), month_end(indice_mes)
    desde = max(primero, terminos.fecha_inicio)
    hasta = ultimo
    if terminos.fecha_fin is not None and terminos.prorratear_fin:
        hasta = min(ultimo, terminos.fecha_fin)
    if hasta < desde:
        return CERO
    if desde == primero and hasta == ultimo:
        return terminos.cuota_mensual
    dias = (hasta - desde).days + 1
    return round2(terminos.cuota_mensual * dias / ultimo.day)


def window_for(terminos: Terminos, fecha: dt.date) -> Ventana:
    """R-10: the window that holds `fecha` (the first window starts on fecha_inicio)."""
    n = terminos.meses_ventana
    inicio_idx = month_index(terminos.fecha_inicio)
    bloque = (month_index(fecha) - inicio_idx) // n
    primer = inicio_idx + bloque * n
    ultimo = primer + n - 1
    inicio = max(month_start(primer), terminos.fecha_inicio)
    fin = month_end(ultimo)
    if terminos.fecha_fin is not None:
        fin = min(fin, terminos.fecha_fin)
    return Ventana(inicio=inicio, fin=fin, meses=n, primer_mes=primer, ultimo_mes=ultimo)


def asignado_hasta(terminos: Terminos, ventana: Ventana, fecha: dt.date) -> Decimal:
    """R-11: entitlements of the window's months up to month(fecha); never future months."""
    hasta = min(month_index(fecha), ventana.ultimo_mes)
    return sum((entitlement(terminos, i) for i in range(ventana.primer_mes, hasta + 1)), CERO)


def windows_between(terminos: Terminos, desde: dt.date, hasta: dt.date) -> list[Ventana]:
    """Every window of the cupo that overlaps [desde, hasta], in order (for timelines)."""
    ventanas = []
    fecha = max(desde, terminos.fecha_inicio)
    limite = hasta if terminos.fecha_fin is None else min(hasta, terminos.fecha_fin)
    while fecha <= limite:
        ventana = window_for(terminos, fecha)
        ventanas.append(ventana)
        fecha = month_end(ventana.ultimo_mes) + dt.timedelta(days=1)
    return ventanas
