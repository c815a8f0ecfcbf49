"""Reads of the deliveries to border stations (F-05): the list, and the month's volume, delivered
gallons and percent used per municipality and station (the public transparency report), grouped
by department and municipality. Each runs a fixed number of queries."""

import datetime as dt
from decimal import Decimal

from django.db.models import Sum
from django.utils.text import slugify

from core.calendario import last_day_of_month
from core.galones import CERO
from core.models import Distribuidor
from fronteras import calculo
from fronteras.models import Asignacion, AsignacionEstacion, CertificadoTransporte, Despacho
from fronteras.selectors.estaciones import extra_vigente


def despacho_list(*, periodo: dt.date | None = None):
    """Deliveries, newest first; only the month of `periodo` when given."""
    qs = Despacho.objects.select_related("distribuidor", "estacion__municipio").order_by("-fecha", "-id")
    if periodo:
        qs = qs.filter(fecha__year=periodo.year, fecha__month=periodo.month)
    return qs


def distribuidores_que_despachan():
    """(NIT, razón social) of the active wholesalers and third parties that may deliver at the border."""
    return Distribuidor.objects.filter(activo=True).exclude(
        tipo=Distribuidor.Tipo.ESTACION_MARITIMA).order_by("razon_social").values_list("nit", "razon_social")


def transparencia(*, periodo: dt.date, departamento: str = "") -> list[dict]:
    """Per municipality and station: the month's volume, delivered gallons and percent used."""
    fin = last_day_of_month(periodo.year, periodo.month)
    asignaciones = (
        Asignacion.objects.filter(estado=Asignacion.Estado.EJECUTORIADA, fecha_ejecutoria__lte=fin)
        .select_related("municipio").order_by("municipio_id", "combustible", "-fecha_ejecutoria", "-id")
    )
    if departamento:
        asignaciones = asignaciones.filter(municipio__departamento=departamento)
    vigentes = {}
    for a in asignaciones:
        vigentes.setdefault((a.municipio_id, a.combustible), a)
    despachos = {
        (d["estacion_id"], d["combustible"]): d["total"]
        for d in Despacho.objects.filter(fecha__gte=periodo, fecha__lte=fin)
        .values("estacion_id", "combustible").annotate(total=Sum("galones"))
    }
    filas = []
    partes = list(AsignacionEstacion.objects.filter(asignacion__in=vigentes.values()).select_related(
        "estacion", "asignacion__municipio"
    ).order_by("asignacion__municipio__departamento", "asignacion__municipio__nombre", "estacion__nombre"))
    certificados: dict[int, list] = {}
    for estacion_id, desde, hasta in CertificadoTransporte.objects.filter(
        estacion_id__in={ae.estacion_id for ae in partes}
    ).values_list("estacion_id", "vigente_desde", "vigente_hasta"):
        certificados.setdefault(estacion_id, []).append((desde, hasta))
    for ae in partes:
        a = ae.asignacion
        inicio = max(a.fecha_ejecutoria, ae.estacion.inicio_operacion or a.fecha_ejecutoria)
        if inicio > fin:
            continue
        adicional = ae.adicional if extra_vigente(ae.estacion, periodo, certificados.get(ae.estacion_id, [])) else CERO
        volumen = ae.volumen_mensual + adicional
        if inicio.replace(day=1) == periodo:
            volumen = calculo.prorrateo(ae.volumen_mensual, inicio) + calculo.prorrateo(adicional, inicio)
        entregado = despachos.get((ae.estacion_id, a.combustible), CERO)
        filas.append({
            "departamento": a.municipio.departamento, "municipio": a.municipio.nombre,
            "codigo_dane": a.municipio.codigo_dane, "estacion": ae.estacion.nombre,
            "estacion_codigo": ae.estacion.codigo,
            "combustible": a.combustible, "volumen": volumen, "entregado": entregado,
            "porcentaje": (entregado * 100 / volumen).quantize(Decimal("0.1")) if volumen else Decimal("0.0"),
        })
    return filas


def _porcentaje(entregado: Decimal, volumen: Decimal) -> Decimal:
    return (entregado * 100 / volumen).quantize(Decimal("0.1")) if volumen else Decimal("0.0")


def agrupar_transparencia(filas: list[dict]) -> list[dict]:
    """transparencia() rows → departments → municipalities → stations, with their totals."""
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
            "estaciones": len({f["estacion_codigo"] for d in departamentos for m in d["municipios"]
                               for f in m["filas"]}),
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


