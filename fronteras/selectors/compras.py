"""Reads of the stations' purchase history (F-03): the 24-month average, a month × station table."""

import datetime as dt
from decimal import Decimal

from django.db.models import Sum

from core.comun.galones import CERO
from core.comun.numeros import entero
from fronteras import calculo
from fronteras.models import CompraHistorica, EstacionServicio


def promedio_compras(*, estacion_ids: list[int], combustible: str, anio_inicio: int) -> dict[int, Decimal]:
    """F-03: Σ purchases of the 24 months before the first year / 24 (a month with no record counts 0)."""
    desde, hasta = calculo.meses_historia(anio_inicio)
    sumas = dict(
        CompraHistorica.objects.filter(estacion_id__in=estacion_ids, combustible=combustible,
                                       periodo__gte=desde, periodo__lte=hasta)
        .values_list("estacion_id").annotate(t=Sum("galones")).values_list("estacion_id", "t")
    )
    return {i: (sumas.get(i) or CERO) for i in estacion_ids}


def compra_list_api(*, estacion: str = ""):
    qs = CompraHistorica.objects.order_by("estacion_id", "periodo")
    estacion_id = entero(estacion)
    if estacion_id is not None and estacion_id >= 0:
        qs = qs.filter(estacion_id=estacion_id)
    return qs


def codigos_estaciones() -> dict[str, tuple[int, str]]:
    """Every station's code, upper-cased → (id, code as registered): what an uploaded file names."""
    return {c.upper(): (pk, c) for pk, c in EstacionServicio.objects.values_list("id", "codigo")}


def primer_codigo_estacion() -> str | None:
    return EstacionServicio.objects.order_by("codigo").values_list("codigo", flat=True).first()


def compras_por_mes(*, estaciones: list[EstacionServicio], combustible: str, anio: int) -> dict:
    """Purchase history of one fuel and year: a row per month, a column per station, totals (the page
    names each month)."""
    meses = [dt.date(anio, m, 1) for m in range(1, 13)]
    valores = {
        (estacion_id, periodo): galones
        for estacion_id, periodo, galones in CompraHistorica.objects.filter(
            estacion__in=estaciones, combustible=combustible, periodo__year=anio
        ).values_list("estacion_id", "periodo", "galones")
    }
    filas = []
    for mes in meses:
        celdas = [valores.get((e.id, mes)) for e in estaciones]
        filas.append({"mes": mes, "celdas": celdas, "total": sum((c for c in celdas if c is not None), CERO)})
    totales = [sum((valores.get((e.id, m), CERO) for m in meses), CERO) for e in estaciones]
    return {
        "filas": filas,
        "totales": totales,
        "total": sum(totales, CERO),
        "promedios": [(t / 12).quantize(Decimal("0.01")) for t in totales],
        "hay_datos": bool(valores),
    }


def anios_con_compras(estacion_ids) -> list[int]:
    return sorted({p.year for p in CompraHistorica.objects.filter(estacion_id__in=estacion_ids)
                  .order_by().values_list("periodo", flat=True).distinct()}, reverse=True)
