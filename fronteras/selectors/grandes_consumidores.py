"""Reads of the large consumers (F-06): the registry and the month's volume, read as a station's (F-05)."""

import datetime as dt

from django.db.models import Q

from core.comun.fechas import fecha_larga
from core.comun.galones import CERO
from core.comun.numeros import entero
from core.selectors import filtrar
from core.vencimientos.calendario import last_day_of_month
from fronteras import calculo
from fronteras.models import GranConsumidor
from fronteras.selectors.estaciones import SinVolumenVigente, VolumenMes, despachado_en_mes

FIN_ABIERTO = dt.date(9999, 12, 31)
PREFIJO = "gc-"  # a large consumer's value in the delivery form's destination select


def gran_consumidor_list(*, municipio: str = "", q: str = "", combustible: str = "", departamento: str = ""):
    qs = GranConsumidor.objects.select_related("municipio")
    qs = filtrar(qs, municipio__codigo_dane=municipio, municipio__departamento=departamento, combustible=combustible)
    if q:
        qs = qs.filter(Q(nombre__icontains=q) | Q(nit__icontains=q))
    return qs.order_by("municipio__departamento", "municipio__nombre", "nombre")


def grandes_consumidores_opciones():
    """(id, nombre, NIT, municipio) of the large consumers with a volume, for the delivery form."""
    return GranConsumidor.objects.filter(vigente_desde__isnull=False, fecha_ejecutoria__isnull=False) \
        .order_by("municipio__nombre", "nombre").values_list("id", "nombre", "nit", "municipio__nombre")


def gran_consumidor_buscar(valor) -> GranConsumidor | None:
    """The large consumer of a delivery form's value "gc-<id>", or None."""
    texto = str(valor or "")
    pk = entero(texto[3:]) if texto.startswith(PREFIJO) else None
    return GranConsumidor.objects.select_related("municipio").filter(pk=pk).first() if pk and pk > 0 else None


def _vigencias(gc: GranConsumidor) -> list[calculo.Vigencia]:
    """F-06 with F-05: the act applies from its ejecutoria, within its validity; not final, it applies not."""
    if gc.vigente_desde is None or gc.fecha_ejecutoria is None:
        return []
    return [calculo.Vigencia(gc.id, gc.fecha_ejecutoria, gc.vigente_desde, gc.vigente_hasta or FIN_ABIERTO)]


def volumen_en_mes(gc: GranConsumidor, periodo: dt.date) -> tuple[list[calculo.Tramo], object]:
    """F-06 with F-05's month: the days of the month under its volume and their prorated sum."""
    tramos = calculo.tramos_del_mes(periodo, _vigencias(gc))
    dias_mes = last_day_of_month(periodo.year, periodo.month).day
    return tramos, sum((calculo.parte_del_mes(gc.volumen_mensual, t.dias, dias_mes) for t in tramos), CERO)


def gran_consumidor_volumen(*, gran_consumidor: GranConsumidor, fecha: dt.date) -> VolumenMes:
    """The large consumer's volume for the month of `fecha`, what was delivered and what remains."""
    periodo = fecha.replace(day=1)
    tramos, volumen = volumen_en_mes(gran_consumidor, periodo)
    if not any(t.desde <= fecha for t in tramos):
        raise SinVolumenVigente(f"{gran_consumidor.nombre} no tiene un volumen máximo vigente el {fecha_larga(fecha)}.")
    despachado = despachado_en_mes(gran_consumidor_id=gran_consumidor.id, periodo=periodo)
    return VolumenMes(periodo, None, volumen, CERO, despachado)
