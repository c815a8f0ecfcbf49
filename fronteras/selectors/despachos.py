"""Reads the border-zone pages need beyond fronteras.selectors: eligibility in words (F-03),
purchase history as a month × station table, a station's months (F-04, F-05) and the
transparency rows grouped by department and municipality. Each runs a fixed number of queries."""

import calendar
import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Sum
from django.db.models.functions import TruncMonth
from django.utils.text import slugify

from core.fechas import fecha_larga
from core.galones import CERO
from fronteras import calculo
from fronteras.models import (
    Asignacion,
    AsignacionEstacion,
    Combustible,
    CompraHistorica,
    Despacho,
    EstacionServicio,
)
from fronteras.views.comun import mes_largo


@dataclass(frozen=True)
class Elegibilidad:
    elegible: bool
    motivo: str


def elegibilidad(estacion: EstacionServicio, anio: int) -> Elegibilidad:
    """F-03 in words: why a station does or does not take part in the assignment starting in `anio`."""
    entrega, certificado = estacion.fecha_entrega_certificado, estacion.fecha_certificado
    if not estacion.activa:
        return Elegibilidad(False, "La estación está inactiva.")
    if entrega > dt.date(anio, 1, 31):
        return Elegibilidad(False, f"Entregó el certificado de conformidad al MinMinas el {fecha_larga(entrega)}, "
                                   f"después del 31 de enero de {anio}.")
    if certificado > entrega:
        return Elegibilidad(False, "La fecha del certificado es posterior a la de su entrega.")
    if not calculo.certificado_a_tiempo(fecha_certificado=certificado, fecha_entrega=entrega, anio_inicio=anio):
        return Elegibilidad(False, f"El certificado se expidió el {fecha_larga(certificado)}, más de "
                                   f"{calculo.MESES_CERTIFICADO} meses antes de entregarlo ({fecha_larga(entrega)}).")
    return Elegibilidad(True, f"Entregó el {fecha_larga(entrega)}, a más tardar el 31 de enero de {anio}, un "
                              f"certificado expedido el {fecha_larga(certificado)} (a lo sumo "
                              f"{calculo.MESES_CERTIFICADO} meses antes).")


def excluidas(asignacion: Asignacion, incluidas: set[int]) -> list[dict]:
    """The municipality's stations left out of an assignment, and why (F-03)."""
    filas = []
    for estacion in asignacion.municipio.estaciones.order_by("nombre"):
        if estacion.id in incluidas:
            continue
        estado = elegibilidad(estacion, asignacion.anio_inicio)
        motivo = estado.motivo if not estado.elegible else (
            "Cumple hoy las condiciones, pero no las cumplía o no estaba registrada cuando se expidió la asignación.")
        filas.append({"estacion": estacion, "motivo": motivo})
    return filas


def compras_por_mes(*, estaciones: list[EstacionServicio], combustible: str, anio: int) -> dict:
    """Purchase history of one fuel and year: a row per month, a column per station, totals."""
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
        filas.append({"mes": mes, "nombre": mes_largo(mes).capitalize(), "celdas": celdas,
                      "total": sum((c for c in celdas if c is not None), CERO)})
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


def _fin_mes(periodo: dt.date) -> dt.date:
    return periodo.replace(day=calendar.monthrange(periodo.year, periodo.month)[1])


def _extra_vigente(certificados, periodo: dt.date) -> bool:
    """Same rule as selectors.extra_vigente, over certificates already loaded (F-04)."""
    if not certificados:
        return True
    fin = _fin_mes(periodo)
    return any(c.vigente_desde <= periodo and c.vigente_hasta >= fin for c in certificados)


def meses_estacion(estacion: EstacionServicio, *, meses: list[dt.date]) -> list[dict]:
    """A station's volume, extra and delivered gallons per month and fuel (F-04, F-05), oldest first.

    The assignment in force in a month is the municipality's latest final one by the month's last
    day, as in the public transparency report; the month it starts in is prorated.
    """
    if not meses:
        return []
    desde, hasta = min(meses), _fin_mes(max(meses))
    asignaciones = list(
        Asignacion.objects.filter(municipio_id=estacion.municipio_id, estado=Asignacion.Estado.EJECUTORIADA,
                                  fecha_ejecutoria__lte=hasta).order_by("fecha_ejecutoria", "id")
    )
    partes = {ae.asignacion_id: ae for ae in AsignacionEstacion.objects.filter(
        estacion=estacion, asignacion__in=asignaciones)}
    certificados = list(estacion.certificados_transporte.all())
    despachado = {
        (fila["mes"], fila["combustible"]): fila["total"]
        for fila in Despacho.objects.filter(estacion=estacion, fecha__gte=desde, fecha__lte=hasta)
        .annotate(mes=TruncMonth("fecha")).values("mes", "combustible").annotate(total=Sum("galones")).order_by()
    }
    filas = []
    for periodo in sorted(meses):
        fin = _fin_mes(periodo)
        for combustible, nombre in Combustible.choices:
            vigentes = [a for a in asignaciones if a.combustible == combustible and a.fecha_ejecutoria <= fin]
            entregado = despachado.get((periodo, combustible), CERO)
            if not vigentes:
                if entregado:
                    filas.append({"periodo": periodo, "combustible": nombre, "volumen": None, "adicional": None,
                                  "entregado": entregado, "disponible": None, "porcentaje": None})
                continue
            asignacion = vigentes[-1]
            ae = partes.get(asignacion.id)
            inicio = max(asignacion.fecha_ejecutoria, estacion.inicio_operacion or asignacion.fecha_ejecutoria)
            if ae is None or inicio > fin:
                volumen = adicional = None
            else:
                volumen = ae.volumen_mensual
                adicional = ae.adicional if _extra_vigente(certificados, periodo) else CERO
                if inicio.replace(day=1) == periodo:
                    volumen, adicional = calculo.prorrateo(volumen, inicio), calculo.prorrateo(adicional, inicio)
            if volumen is None and not entregado:
                continue
            total = (volumen or CERO) + (adicional or CERO)
            filas.append({
                "periodo": periodo, "combustible": nombre, "volumen": volumen, "adicional": adicional,
                "entregado": entregado, "disponible": max(CERO, total - entregado) if volumen is not None else None,
                "porcentaje": (entregado * 100 / total).quantize(Decimal("0.1")) if total else None,
            })
    return filas


def _porcentaje(entregado: Decimal, volumen: Decimal) -> Decimal:
    return (entregado * 100 / volumen).quantize(Decimal("0.1")) if volumen else Decimal("0.0")


def agrupar_transparencia(filas: list[dict]) -> list[dict]:
    """selectors.transparencia rows → departments → municipalities → stations, with their totals."""
    departamentos: dict[str, dict] = {}
    for fila in filas:
        dep = departamentos.setdefault(fila["departamento"], {
            "nombre": fila["departamento"], "slug": slugify(fila["departamento"]) or "departamento",
            "municipios": {}, "volumen": CERO, "entregado": CERO,
        })
        mun = dep["municipios"].setdefault(fila["codigo_dane"], {
            "nombre": fila["municipio"], "codigo_dane": fila["codigo_dane"], "filas": [], "volumen": CERO,
            "entregado": CERO,
        })
        fila = {**fila, "disponible": max(CERO, fila["volumen"] - fila["entregado"])}
        mun["filas"].append(fila)
        for grupo in (mun, dep):
            grupo["volumen"] += fila["volumen"]
            grupo["entregado"] += fila["entregado"]
    resultado = []
    for dep in departamentos.values():
        municipios = list(dep["municipios"].values())
        for mun in municipios:
            mun["porcentaje"] = _porcentaje(mun["entregado"], mun["volumen"])
            mun["disponible"] = max(CERO, mun["volumen"] - mun["entregado"])
        dep.update(municipios=municipios, porcentaje=_porcentaje(dep["entregado"], dep["volumen"]),
                   disponible=max(CERO, dep["volumen"] - dep["entregado"]))
        resultado.append(dep)
    return resultado


def totales(departamentos: list[dict]) -> dict:
    volumen = sum((d["volumen"] for d in departamentos), CERO)
    entregado = sum((d["entregado"] for d in departamentos), CERO)
    return {"volumen": volumen, "entregado": entregado, "porcentaje": _porcentaje(entregado, volumen),
            "disponible": max(CERO, volumen - entregado),
            "estaciones": len({f["estacion_codigo"] for d in departamentos for m in d["municipios"] for f in m["filas"]}),
            "municipios": sum(len(d["municipios"]) for d in departamentos)}


def grafico_transparencia(departamentos: list[dict]) -> list[dict]:
    """Chart.js data per department: volume vs delivered by municipality (the tables repeat it)."""
    return [
        {
            "id": f"grafico-{d['slug']}",
            "municipios": [m["nombre"] for m in d["municipios"]],
            "volumen": [float(m["volumen"]) for m in d["municipios"]],
            "entregado": [float(m["entregado"]) for m in d["municipios"]],
        }
        for d in departamentos
    ]


def primer_periodo_con_volumen() -> dt.date | None:
    primera = (Asignacion.objects.filter(estado=Asignacion.Estado.EJECUTORIADA)
               .order_by("fecha_ejecutoria").values_list("fecha_ejecutoria", flat=True).first())
    return primera.replace(day=1) if primera else None
