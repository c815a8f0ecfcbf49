"""Reads of the border regime: the volume in force for a station on a date (F-05), transparency."""

import calendar
import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q, Sum

from core.errors import ApplicationError
from core.galones import CERO
from fronteras import calculo
from fronteras.models import (
    Asignacion,
    AsignacionEstacion,
    CertificadoTransporte,
    Despacho,
    EstacionServicio,
)


class SinVolumenVigente(ApplicationError):
    def __init__(self, detalle="La estación no tiene un volumen máximo vigente para ese combustible en esa fecha."):
        super().__init__("sin_volumen_vigente", detalle)


def asignacion_vigente(*, municipio_id: int, combustible: str, fecha: dt.date) -> Asignacion | None:
    """F-05: the latest final assignment; the previous one stays in force until the new one is final."""
    return (
        Asignacion.objects.filter(
            municipio_id=municipio_id, combustible=combustible, estado=Asignacion.Estado.EJECUTORIADA,
            fecha_ejecutoria__lte=fecha,
        )
        .order_by("-fecha_ejecutoria", "-id")
        .first()
    )


def extra_vigente(estacion: EstacionServicio, fecha: dt.date, certificados: list | None = None) -> bool:
    """F-04: the extra is lost from the first month without a valid yearly certificate.
    (decision) A station with no certificate registered yet keeps the extra its registration declared.
    `certificados`: the station's (vigente_desde, vigente_hasta) pairs, when already fetched."""
    if certificados is None:
        certificados = list(
            CertificadoTransporte.objects.filter(estacion=estacion).values_list("vigente_desde", "vigente_hasta")
        )
    if not certificados:
        return True
    mes = fecha.replace(day=1)
    fin = mes.replace(day=calendar.monthrange(mes.year, mes.month)[1])
    return any(desde <= mes and hasta >= fin for desde, hasta in certificados)


@dataclass(frozen=True)
class VolumenMes:
    periodo: dt.date
    asignacion_estacion: AsignacionEstacion
    volumen_mes: Decimal
    adicional_mes: Decimal
    despachado_mes: Decimal

    @property
    def disponible(self) -> Decimal:
        return max(CERO, self.volumen_mes + self.adicional_mes - self.despachado_mes)


def despachado_en_mes(*, estacion_id: int, combustible: str, periodo: dt.date) -> Decimal:
    fin = periodo.replace(day=calendar.monthrange(periodo.year, periodo.month)[1])
    total = Despacho.objects.filter(
        estacion_id=estacion_id, combustible=combustible, fecha__gte=periodo, fecha__lte=fin
    ).aggregate(t=Sum("galones"))["t"]
    return total or CERO


def estacion_volumen(*, estacion: EstacionServicio, combustible: str, fecha: dt.date) -> VolumenMes:
    """F-05: the month's volume and extra (prorated in the month the station starts), what was
    delivered, and what remains. Monthly volumes do not accumulate."""
    asignacion = asignacion_vigente(municipio_id=estacion.municipio_id, combustible=combustible, fecha=fecha)
    if asignacion is None:
        raise SinVolumenVigente()
    ae = AsignacionEstacion.objects.filter(asignacion=asignacion, estacion=estacion).first()
    if ae is None:
        raise SinVolumenVigente("La estación no participa en la asignación vigente de su municipio.")
    if estacion.inicio_operacion and fecha < estacion.inicio_operacion:
        raise SinVolumenVigente("La estación aún no ha iniciado operación.")
    periodo = fecha.replace(day=1)
    inicio = max(asignacion.fecha_ejecutoria, estacion.inicio_operacion or asignacion.fecha_ejecutoria)
    volumen, adicional = ae.volumen_mensual, ae.adicional if extra_vigente(estacion, fecha) else CERO
    if inicio.replace(day=1) == periodo:
        volumen, adicional = calculo.prorrateo(volumen, inicio), calculo.prorrateo(adicional, inicio)
    despachado = despachado_en_mes(estacion_id=estacion.id, combustible=combustible, periodo=periodo)
    return VolumenMes(periodo, ae, volumen, adicional, despachado)


def transparencia(*, periodo: dt.date, departamento: str = "") -> list[dict]:
    """Per municipality and station: the month's volume, delivered gallons and percent used."""
    fin = periodo.replace(day=calendar.monthrange(periodo.year, periodo.month)[1])
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
            "codigo_dane": a.municipio.codigo_dane, "estacion": ae.estacion.nombre, "estacion_codigo": ae.estacion.codigo,
            "combustible": a.combustible, "volumen": volumen, "entregado": entregado,
            "porcentaje": (entregado * 100 / volumen).quantize(Decimal("0.1")) if volumen else Decimal("0.0"),
        })
    return filas


def estaciones_elegibles(*, municipio_id: int, anio_inicio: int) -> list[EstacionServicio]:
    """F-03: stations whose certificate reached MinMinas by 31 January, issued ≤ 4 months before."""
    return [
        e for e in EstacionServicio.objects.filter(municipio_id=municipio_id, activa=True).order_by("id")
        if calculo.certificado_a_tiempo(fecha_certificado=e.fecha_certificado, fecha_entrega=e.fecha_entrega_certificado,
                                        anio_inicio=anio_inicio)
    ]


def promedio_compras(*, estacion_ids: list[int], combustible: str, anio_inicio: int) -> dict[int, Decimal]:
    """F-03: Σ purchases of the 24 months before the first year / 24 (a month with no record counts 0)."""
    from fronteras.models import CompraHistorica

    desde, hasta = calculo.meses_historia(anio_inicio)
    sumas = dict(
        CompraHistorica.objects.filter(estacion_id__in=estacion_ids, combustible=combustible,
                                       periodo__gte=desde, periodo__lte=hasta)
        .values_list("estacion_id").annotate(t=Sum("galones")).values_list("estacion_id", "t")
    )
    return {i: (sumas.get(i) or CERO) for i in estacion_ids}


def q_municipio_sin_asignacion(anio: int):
    return ~Q(asignaciones__anio_inicio__in=[anio, anio - 1])
