"""Reads of the border's service stations: eligibility (F-03), the transport company's extra (F-04),
the volume in force for a month (F-05) and a station's months."""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q, Sum
from django.db.models.functions import TruncMonth

from core.comun.errors import ApplicationError
from core.comun.fechas import fecha_larga
from core.comun.galones import CERO
from core.comun.numeros import entero
from core.vencimientos.calendario import last_day_of_month
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


class SinVolumenVigente(ApplicationError):
    def __init__(self, detalle="La estación no tiene un volumen máximo vigente para ese combustible en esa fecha."):
        super().__init__(ErrorFronteras.SIN_VOLUMEN_VIGENTE, detalle)


def _fin_mes(fecha: dt.date) -> dt.date:
    return last_day_of_month(fecha.year, fecha.month)


def estacion_list(filtros: dict):
    """The stations page: searched by code or name, by department, municipality and transport company."""
    qs = EstacionServicio.objects.select_related("municipio").prefetch_related("certificados_conformidad")
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
    return list(municipio.estaciones.prefetch_related("certificados_conformidad").order_by("nombre"))


def estaciones_activas_opciones():
    """(id, código, nombre, municipio, departamento) of the active stations, by place."""
    return EstacionServicio.objects.filter(activa=True).order_by(
        "municipio__departamento", "municipio__nombre", "nombre").values_list(
        "id", "codigo", "nombre", "municipio__nombre", "municipio__departamento")


def estacion_certificados(estacion: EstacionServicio) -> list[CertificadoTransporte]:
    return list(estacion.certificados_transporte.select_related("registrado_por"))


def extra_vigente(estacion: EstacionServicio, fecha: dt.date, certificados: list | None = None) -> bool:
    """F-04: the extra needs a transport-company certificate valid for the whole month ("renovar las
    mismas cada año, so pena de perder el referido beneficio"), delivered (with its delivery date) and
    certifying a subsidy of at least 25 %: with none, there is no extra.
    `certificados`: the station's (vigente_desde, vigente_hasta) pairs of such certificates, when already fetched."""
    if certificados is None:
        certificados = list(CertificadoTransporte.objects.que_dan_adicional().filter(estacion=estacion)
                            .values_list("vigente_desde", "vigente_hasta"))
    mes = fecha.replace(day=1)
    fin = _fin_mes(mes)
    return any(desde <= mes and hasta >= fin for desde, hasta in certificados)


@dataclass(frozen=True)
class VolumenMes:
    periodo: dt.date
    asignacion_estacion: AsignacionEstacion | None
    volumen_mes: Decimal
    adicional_mes: Decimal
    despachado_mes: Decimal

    @property
    def disponible(self) -> Decimal:
        return max(CERO, self.volumen_mes + self.adicional_mes - self.despachado_mes)


def despachado_en_mes(*, periodo: dt.date, combustible: str | None = None, **destino) -> Decimal:
    """Gallons delivered in the month of `periodo` to one destination (estacion_id= or gran_consumidor_id=)."""
    filtro = {"combustible": combustible} if combustible else {}
    total = Despacho.objects.filter(fecha__gte=periodo, fecha__lte=_fin_mes(periodo), **filtro, **destino).aggregate(
        t=Sum("galones"))["t"]
    return total or CERO


def asignaciones_del_mes(periodo: dt.date, **filtros):
    """The final assignments that may be in force some day of the month, in the order F-05 reads them."""
    return Asignacion.objects.filter(
        estado=Asignacion.Estado.EJECUTORIADA, fecha_ejecutoria__lte=_fin_mes(periodo),
        vigencia_inicio__lte=_fin_mes(periodo), vigencia_fin__gte=periodo, **filtros,
    ).order_by("fecha_ejecutoria", "id")


def _vigencias(asignaciones) -> list[calculo.Vigencia]:
    return [calculo.Vigencia(a.id, a.fecha_ejecutoria, a.vigencia_inicio, a.vigencia_fin) for a in asignaciones]


@dataclass(frozen=True)
class MesEstacion:
    """A station's month of one fuel: each run of days under one assignment with its share, and the sums."""

    tramos: list  # [(calculo.Tramo, AsignacionEstacion)]
    volumen: Decimal
    adicional: Decimal


def mes_de_estacion(estacion: EstacionServicio, periodo: dt.date, asignaciones: list, partes: dict,
                    certificados: list) -> MesEstacion:
    """F-05 and F-04 for one month: the handover month adds old × (d − 1)/D and new × (D − d + 1)/D,
    each rounded; days before the station starts, or after the volumes expired, count for nothing.
    `asignaciones`: the municipality's final ones of the fuel by (ejecutoria, id); `partes`: the
    station's share per assignment id; `certificados`: its transport certificates' date pairs."""
    dias_mes = _fin_mes(periodo).day
    tramos = [(t, partes[t.clave]) for t in calculo.tramos_del_mes(periodo, _vigencias(asignaciones),
                                                                     desde=estacion.inicio_operacion)
              if t.clave in partes]
    con_extra = extra_vigente(estacion, periodo, certificados)
    volumen = sum((calculo.parte_del_mes(ae.volumen_mensual, t.dias, dias_mes) for t, ae in tramos), CERO)
    adicional = sum((calculo.parte_del_mes(ae.adicional, t.dias, dias_mes) for t, ae in tramos), CERO) \
        if con_extra else CERO
    return MesEstacion(tramos, volumen, adicional)


def _sin_volumen(estacion: EstacionServicio, fecha: dt.date, combustible: str, asignaciones: list) -> SinVolumenVigente:
    """Why the station has no volume on `fecha` (F-05), in words."""
    if estacion.inicio_operacion and fecha < estacion.inicio_operacion:
        return SinVolumenVigente("La estación aún no ha iniciado operación.")
    if calculo.en_vigor(_vigencias(asignaciones), fecha) is not None:
        return SinVolumenVigente("La estación no participa en la asignación vigente de su municipio.")
    vencida = Asignacion.objects.filter(
        municipio_id=estacion.municipio_id, combustible=combustible, estado=Asignacion.Estado.EJECUTORIADA,
        vigencia_fin__lt=fecha).order_by("-vigencia_fin").first()
    if vencida is not None:
        return SinVolumenVigente(
            f"Los volúmenes de {vencida.anio_inicio}–{vencida.anio_inicio + 1} rigieron hasta el "
            f"{fecha_larga(vencida.vigencia_fin)} y no hay una nueva asignación en firme (F-05).")
    return SinVolumenVigente()


def estacion_volumen(*, estacion: EstacionServicio, combustible: str, fecha: dt.date) -> VolumenMes:
    """F-05: the month's volume and extra (prorated in the month the station starts, shared in the
    handover month), what was delivered in the whole month, and what remains. A delivery dated `fecha`
    needs the station's month to have begun by then. Monthly volumes do not accumulate."""
    periodo = fecha.replace(day=1)
    asignaciones = list(asignaciones_del_mes(periodo, municipio_id=estacion.municipio_id, combustible=combustible))
    partes = {ae.asignacion_id: ae for ae in AsignacionEstacion.objects.filter(
        estacion=estacion, asignacion__in=asignaciones, revocada__isnull=True)}
    certificados = list(estacion.certificados_transporte.que_dan_adicional().values_list("vigente_desde",
                                                                                         "vigente_hasta"))
    mes = mes_de_estacion(estacion, periodo, asignaciones, partes, certificados)
    empezados = [ae for t, ae in mes.tramos if t.desde <= fecha]
    if not empezados:
        raise _sin_volumen(estacion, fecha, combustible, asignaciones)
    despachado = despachado_en_mes(estacion_id=estacion.id, combustible=combustible, periodo=periodo)
    return VolumenMes(periodo, empezados[-1], mes.volumen, mes.adicional, despachado)


@dataclass(frozen=True)
class Entrega:
    """One delivery of a station's conformity certificate (F-03)."""

    fecha_expedicion: dt.date
    fecha_entrega: dt.date
    capacidad: Decimal


def entregas_de(estacion: EstacionServicio, certificados: list | None = None) -> list[Entrega]:
    """Every delivery on record, the latest first: the history, and the registry's own dates (a
    station loaded before the history existed has only those)."""
    if certificados is None:
        certificados = list(estacion.certificados_conformidad.all())
    entregas = {(c.fecha_expedicion, c.fecha_entrega): Entrega(c.fecha_expedicion, c.fecha_entrega, c.capacidad_gal)
                for c in certificados}
    entregas.setdefault((estacion.fecha_certificado, estacion.fecha_entrega_certificado), Entrega(
        estacion.fecha_certificado, estacion.fecha_entrega_certificado, estacion.capacidad_certificada_gal))
    return sorted(entregas.values(), key=lambda e: (e.fecha_entrega, e.fecha_expedicion), reverse=True)


def entrega_para(estacion: EstacionServicio, anio: int, certificados: list | None = None) -> Entrega | None:
    """F-03: the latest delivery that serves the period starting in `anio`, if any."""
    return next((e for e in entregas_de(estacion, certificados) if calculo.certificado_a_tiempo(
        fecha_certificado=e.fecha_expedicion, fecha_entrega=e.fecha_entrega, anio_inicio=anio)), None)


def estaciones_elegibles(*, municipio_id: int, anio_inicio: int) -> list[tuple[EstacionServicio, Entrega]]:
    """F-03: the active stations with a certificate delivered for this period (calculo.ventana_entrega),
    issued ≤ 4 months before; each with that delivery, whose capacity is the one that counts."""
    elegibles = []
    for estacion in EstacionServicio.objects.filter(municipio_id=municipio_id, activa=True).prefetch_related(
            "certificados_conformidad").order_by("id"):
        entrega = entrega_para(estacion, anio_inicio, list(estacion.certificados_conformidad.all()))
        if entrega is not None:
            elegibles.append((estacion, entrega))
    return elegibles


@dataclass(frozen=True)
class Elegibilidad:
    elegible: bool
    motivo: str


def elegibilidad(estacion: EstacionServicio, anio: int, certificados: list | None = None) -> Elegibilidad:
    """F-03 in words: why a station does or does not take part in the assignment starting in `anio`."""
    if not estacion.activa:
        return Elegibilidad(False, "La estación está inactiva.")
    desde, hasta = calculo.ventana_entrega(anio)
    entrega = entrega_para(estacion, anio, certificados)
    if entrega is not None:
        return Elegibilidad(True, f"Entregó el {fecha_larga(entrega.fecha_entrega)}, entre el {fecha_larga(desde)} "
                                  f"y el 31 de enero de {anio}, un certificado expedido el "
                                  f"{fecha_larga(entrega.fecha_expedicion)} (a lo sumo "
                                  f"{calculo.MESES_CERTIFICADO} meses antes).")
    entregas = entregas_de(estacion, certificados)
    en_ventana = [e for e in entregas if desde <= e.fecha_entrega <= hasta]
    if en_ventana:
        e = en_ventana[0]
        if e.fecha_expedicion > e.fecha_entrega:
            return Elegibilidad(False, "La fecha del certificado es posterior a la de su entrega.")
        return Elegibilidad(False, f"El certificado se expidió el {fecha_larga(e.fecha_expedicion)}, más de "
                                   f"{calculo.MESES_CERTIFICADO} meses antes de entregarlo "
                                   f"({fecha_larga(e.fecha_entrega)}).")
    tardia = next((e for e in reversed(entregas) if e.fecha_entrega > hasta), None)
    anterior = next((e for e in entregas if e.fecha_entrega < desde), None)
    if tardia is not None and (anterior is None or tardia.fecha_entrega.year == anio):
        return Elegibilidad(False, f"Entregó el certificado de conformidad al MinMinas el "
                                   f"{fecha_larga(tardia.fecha_entrega)}, después del 31 de enero de {anio}.")
    return Elegibilidad(False, f"Su último certificado se entregó el {fecha_larga(anterior.fecha_entrega)}, para "
                               f"una asignación anterior: para la de {anio} debía entregar uno nuevo entre el "
                               f"{fecha_larga(desde)} y el 31 de enero de {anio} (F-03).")


def estaciones_excluidas(asignacion: Asignacion, incluidas: set[int]) -> list[dict]:
    """The municipality's stations left out of an assignment, and why (F-03)."""
    filas = []
    for estacion in estaciones_de_municipio(asignacion.municipio):
        if estacion.id in incluidas:
            continue
        estado = elegibilidad(estacion, asignacion.anio_inicio)
        motivo = estado.motivo if not estado.elegible else (
            "Cumple hoy las condiciones, pero no las cumplía o no estaba registrada cuando se expidió la asignación.")
        filas.append({"estacion": estacion, "motivo": motivo})
    return filas


def meses_estacion(estacion: EstacionServicio, *, meses: list[dt.date]) -> list[dict]:
    """A station's volume, extra and delivered gallons per month and fuel (F-04, F-05), oldest first,
    read as estacion_volumen reads a month (handover month shared, expired volumes gone)."""
    if not meses:
        return []
    desde, hasta = min(meses), _fin_mes(max(meses))
    asignaciones = list(
        Asignacion.objects.filter(municipio_id=estacion.municipio_id, estado=Asignacion.Estado.EJECUTORIADA,
                                  fecha_ejecutoria__lte=hasta, vigencia_fin__gte=desde)
        .order_by("fecha_ejecutoria", "id")
    )
    partes = {ae.asignacion_id: ae for ae in AsignacionEstacion.objects.filter(
        estacion=estacion, asignacion__in=asignaciones, revocada__isnull=True)}
    certificados = [(c.vigente_desde, c.vigente_hasta) for c in estacion.certificados_transporte.all()
                    if c.da_adicional]
    despachado = {
        (fila["mes"], fila["combustible"]): fila["total"]
        for fila in Despacho.objects.filter(estacion=estacion, fecha__gte=desde, fecha__lte=hasta)
        .annotate(mes=TruncMonth("fecha")).values("mes", "combustible").annotate(total=Sum("galones")).order_by()
    }
    filas = []
    for periodo in sorted(meses):
        for combustible, nombre in Combustible.choices:
            entregado = despachado.get((periodo, combustible), CERO)
            del_combustible = [a for a in asignaciones if a.combustible == combustible]
            mes = mes_de_estacion(estacion, periodo, del_combustible, partes, certificados)
            if not mes.tramos and not entregado:
                continue
            volumen, adicional = (mes.volumen, mes.adicional) if mes.tramos else (None, None)
            total = (volumen or CERO) + (adicional or CERO)
            filas.append({
                "periodo": periodo, "combustible": nombre, "volumen": volumen, "adicional": adicional,
                "entregado": entregado, "disponible": max(CERO, total - entregado) if volumen is not None else None,
                "porcentaje": (entregado * 100 / total).quantize(Decimal("0.1")) if total else None,
            })
    return filas
