"""Reads of the border's service stations: eligibility (F-03), the transport company's extra (F-04),
the volume in force for a month (F-05) and a station's months."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q, Sum
from django.db.models.functions import TruncMonth

from core.calendario import last_day_of_month
from core.errors import ApplicationError
from core.fechas import fecha_larga
from core.galones import CERO
from core.numeros import entero
from fronteras import calculo
from fronteras.errors import ErrorFronteras
from fronteras.models import (
    Asignacion,
    AsignacionEstacion,
    CertificadoTransporte,
    Combustible,
    Despacho,
    EstacionServicio,
    Municipio,
)
from fronteras.selectors.asignaciones import asignacion_vigente


class SinVolumenVigente(ApplicationError):
    def __init__(self, detalle="La estación no tiene un volumen máximo vigente para ese combustible en esa fecha."):
        super().__init__(ErrorFronteras.SIN_VOLUMEN_VIGENTE, detalle)


def _fin_mes(fecha: dt.date) -> dt.date:
    return last_day_of_month(fecha.year, fecha.month)


def estacion_list(filtros: dict):
    """The stations page: searched by code or name, by department, municipality and transport company."""
    qs = EstacionServicio.objects.select_related("municipio")
    if filtros["q"]:
        qs = qs.filter(Q(codigo__icontains=filtros["q"]) | Q(nombre__icontains=filtros["q"]))
    if filtros["departamento"]:
        qs = qs.filter(municipio__departamento=filtros["departamento"])
    if filtros["municipio"]:
        qs = qs.filter(municipio__codigo_dane=filtros["municipio"])
    if filtros["transporte"] == "si":
        qs = qs.filter(empresa_transporte=True)
    return qs.order_by("municipio__departamento", "municipio__nombre", "nombre")


def estacion_list_api(*, municipio: str = ""):
    qs = EstacionServicio.objects.select_related("municipio")
    if municipio:
        qs = qs.filter(municipio__codigo_dane=municipio)
    return qs.order_by("municipio__nombre", "nombre")


def estacion_buscar(estacion_id) -> EstacionServicio | None:
    """The station with that id (as typed in a query string), or None."""
    pk = entero(estacion_id)
    pk = pk if pk is not None and pk >= 0 else None
    return EstacionServicio.objects.select_related("municipio").filter(pk=pk).first()


def estaciones_de_municipio(municipio: Municipio) -> list[EstacionServicio]:
    return list(municipio.estaciones.order_by("nombre"))


def estaciones_activas_opciones():
    """(id, código, nombre, municipio, departamento) of the active stations, by place."""
    return EstacionServicio.objects.filter(activa=True).order_by(
        "municipio__departamento", "municipio__nombre", "nombre").values_list(
        "id", "codigo", "nombre", "municipio__nombre", "municipio__departamento")


def estacion_certificados(estacion: EstacionServicio) -> list[CertificadoTransporte]:
    return list(estacion.certificados_transporte.select_related("registrado_por"))


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
    fin = _fin_mes(mes)
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
    fin = _fin_mes(periodo)
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


def estaciones_elegibles(*, municipio_id: int, anio_inicio: int) -> list[EstacionServicio]:
    """F-03: stations whose certificate reached MinMinas by 31 January, issued ≤ 4 months before."""
    return [
        e for e in EstacionServicio.objects.filter(municipio_id=municipio_id, activa=True).order_by("id")
        if calculo.certificado_a_tiempo(fecha_certificado=e.fecha_certificado,
                                        fecha_entrega=e.fecha_entrega_certificado, anio_inicio=anio_inicio)
    ]


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


def estaciones_excluidas(asignacion: Asignacion, incluidas: set[int]) -> list[dict]:
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
    certificados = [(c.vigente_desde, c.vigente_hasta) for c in estacion.certificados_transporte.all()]
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
                adicional = ae.adicional if extra_vigente(estacion, periodo, certificados) else CERO
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


