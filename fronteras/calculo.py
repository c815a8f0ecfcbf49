"""Pure arithmetic of the border regime (F-02 to F-05). Shares are exact fractions, rounded at the end."""

import datetime as dt
import itertools
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from core.comun.galones import round2
from core.vencimientos.calendario import last_day_of_month

PESO_COMPRAS = Fraction(7, 10)  # F-03: 70 % purchases
PESO_CAPACIDAD = Fraction(3, 10)  # 30 % certified capacity
EXTRA = Fraction(1, 2)  # F-04: +50 %
POBLACION_MAXIMA_EXTRA = 200_000  # F-04: municipalities under 200,000 inhabitants
MESES_HISTORIA = 24  # F-03: average of the 24 calendar months before the first year
MESES_CERTIFICADO = 4  # F-03: certificate issued at most 4 months before delivery


def volumen_municipal(*, indicador: Decimal, poblacion: int, factor_gnv: Decimal, factor_flujo: Decimal) -> Decimal:
    """F-02 (decision): V_mun = round2(indicador × población × factor_gnv × factor_flujo)."""
    return round2(Decimal(indicador) * poblacion * Decimal(factor_gnv) * Decimal(factor_flujo))


@dataclass(frozen=True)
class Insumo:
    estacion_id: int
    promedio_compras: Fraction  # P_i
    capacidad: Fraction  # C_i
    empresa_transporte: bool


@dataclass(frozen=True)
class Reparto:
    estacion_id: int
    participacion: Fraction
    volumen_mensual: Decimal
    adicional: Decimal


def _a_decimal(valor: Fraction) -> Decimal:
    return Decimal(valor.numerator) / Decimal(valor.denominator)


def repartir(*, volumen: Decimal, insumos: list[Insumo], poblacion: int) -> list[Reparto]:
    """F-03/F-04: share_i = 0.7 P_i/ΣP + 0.3 C_i/ΣC (capacity alone when ΣP = 0), V_i = round2(share × V)."""
    suma_p = sum((i.promedio_compras for i in insumos), Fraction(0))
    suma_c = sum((i.capacidad for i in insumos), Fraction(0))
    repartos = []
    for insumo in insumos:
        if suma_c == 0:
            share = Fraction(1, len(insumos))
        elif suma_p == 0:
            share = insumo.capacidad / suma_c  # (decision) capacity alone decides
        else:
            share = PESO_COMPRAS * insumo.promedio_compras / suma_p + PESO_CAPACIDAD * insumo.capacidad / suma_c
        v = round2(_a_decimal(share * Fraction(volumen)))
        extra = (
            round2(_a_decimal(EXTRA * Fraction(v)))
            if insumo.empresa_transporte and poblacion < POBLACION_MAXIMA_EXTRA
            else Decimal("0.00")
        )
        repartos.append(Reparto(insumo.estacion_id, share, v, extra))
    return repartos


def participacion_texto(share: Fraction) -> str:
    """The share as a decimal string, exact when it terminates, else 15 decimals: "0.675"."""
    texto = f"{_a_decimal(share).quantize(Decimal('1e-15')).normalize():f}"
    return texto


def prorrateo(valor: Decimal, desde: dt.date) -> Decimal:
    """F-05: in the month a station starts on day d: round2(V × (D − d + 1) / D)."""
    dias = last_day_of_month(desde.year, desde.month).day
    return parte_del_mes(valor, dias - desde.day + 1, dias)


def parte_del_mes(valor: Decimal, dias: int, dias_mes: int) -> Decimal:
    """A monthly volume for `dias` of the month's `dias_mes` days: round2(V × dias / D), V itself for all."""
    if dias == dias_mes:
        return valor
    return round2(Decimal(valor) * dias / dias_mes)


@dataclass(frozen=True)
class Vigencia:
    """A final act that fixes a monthly volume: in force from its ejecutoria, within [inicio, fin]."""

    clave: object
    ejecutoria: dt.date
    inicio: dt.date
    fin: dt.date


@dataclass(frozen=True)
class Tramo:
    """The run of days of a month during which one act is in force."""

    clave: object
    desde: dt.date
    dias: int


def en_vigor(vigencias: list[Vigencia], dia: dt.date) -> Vigencia | None:
    """F-05: the act in force on `dia`: the latest final one (by ejecutoria, then creation) whose two
    years cover the day. After its end, with no newer final act, there is none (no volume)."""
    vigentes = [v for v in vigencias if v.ejecutoria <= dia and v.inicio <= dia <= v.fin]
    return vigentes[-1] if vigentes else None


def tramos_del_mes(periodo: dt.date, vigencias: list[Vigencia], *, desde: dt.date | None = None) -> list[Tramo]:
    """F-05, the handover month: the month's days grouped by the act in force on each (days before
    `desde`, the station's own start, count for none). `vigencias` ordered by (ejecutoria, id).

    The act in force can only change on an ejecutoria, a start, the day after an end, or `desde`:
    each run between two such days is read once (the national transparency page reads 600 a month)."""
    primero = periodo.replace(day=1)
    despues = last_day_of_month(periodo.year, periodo.month) + dt.timedelta(days=1)
    cortes = {primero}
    for v in vigencias:
        fin = v.fin + dt.timedelta(days=1) if v.fin < dt.date.max else v.fin  # an open-ended act never ends
        cortes.update(d for d in (v.ejecutoria, v.inicio, fin) if primero < d < despues)
    if desde is not None and primero < desde < despues:
        cortes.add(desde)
    dias = [*sorted(cortes), despues]
    tramos: list[Tramo] = []
    for dia, siguiente in itertools.pairwise(dias):
        vigente = en_vigor(vigencias, dia) if desde is None or dia >= desde else None
        if vigente is None:
            continue
        largo = (siguiente - dia).days
        previo = tramos[-1] if tramos else None
        if previo and previo.clave == vigente.clave and previo.desde + dt.timedelta(days=previo.dias) == dia:
            tramos[-1] = Tramo(previo.clave, previo.desde, previo.dias + largo)
        else:
            tramos.append(Tramo(vigente.clave, dia, largo))
    return tramos


def meses_historia(anio_inicio: int) -> tuple[dt.date, dt.date]:
    """The 24 calendar months before 1 January of the first year: [Jan y−2, Dec y−1]."""
    return dt.date(anio_inicio - 2, 1, 1), dt.date(anio_inicio - 1, 12, 1)


def ventana_entrega(anio_inicio: int) -> tuple[dt.date, dt.date]:
    """F-03 (decision): the deliveries that serve the period starting in `anio_inicio`: from 1 February
    of the year before to 31 January of the first year ("a más tardar el 31 de enero del año respectivo").
    An earlier delivery served an earlier year's allocation and does not count again."""
    return dt.date(anio_inicio - 1, 2, 1), dt.date(anio_inicio, 1, 31)


def certificado_a_tiempo(*, fecha_certificado: dt.date, fecha_entrega: dt.date, anio_inicio: int) -> bool:
    """F-03: delivered to MinMinas within the period's window (by 31 January of the first year), issued
    at most 4 months before its delivery."""
    desde, hasta = ventana_entrega(anio_inicio)
    if not desde <= fecha_entrega <= hasta or fecha_certificado > fecha_entrega:
        return False
    return fecha_certificado >= limite_expedicion(fecha_entrega)


def limite_expedicion(fecha_entrega: dt.date) -> dt.date:
    """The earliest issue date of a certificate delivered on `fecha_entrega`: 4 months before it."""
    mes = fecha_entrega.month - MESES_CERTIFICADO
    anio = fecha_entrega.year + (mes - 1) // 12
    mes = (mes - 1) % 12 + 1
    return dt.date(anio, mes, min(fecha_entrega.day, last_day_of_month(anio, mes).day))
