"""Reads of the assignments of maximum volumes (F-02 to F-05): the one in force, lists and details."""

import datetime as dt

from django.db.models import Count, Sum

from core.comun.numeros import entero
from fronteras.models import (
    Asignacion,
    AsignacionEstacion,
    Combustible,
    EstacionServicio,
    Municipio,
)


def asignacion_vigente(*, municipio_id: int, combustible: str, fecha: dt.date) -> Asignacion | None:
    """F-05: the latest final assignment whose two years cover `fecha` (calculo.en_vigor); the previous
    one gives way when a new one is final, and after its end there is none."""
    return (
        Asignacion.objects.filter(
            municipio_id=municipio_id, combustible=combustible, estado=Asignacion.Estado.EJECUTORIADA,
            fecha_ejecutoria__lte=fecha, vigencia_inicio__lte=fecha, vigencia_fin__gte=fecha,
        )
        .order_by("-fecha_ejecutoria", "-id")
        .first()
    )


def asignacion_list(filtros: dict):
    """The assignments page: filtered by year, department, fuel and state, with their station counts."""
    qs = Asignacion.objects.select_related("municipio").annotate(
        n_estaciones=Count("estaciones"), adicional=Sum("estaciones__adicional"))
    anio = entero(filtros["anio"])
    if anio is not None and anio >= 0:
        qs = qs.filter(anio_inicio=anio)
    if filtros["departamento"]:
        qs = qs.filter(municipio__departamento=filtros["departamento"])
    if filtros["combustible"] in Combustible.values:
        qs = qs.filter(combustible=filtros["combustible"])
    if filtros["estado"] in Asignacion.Estado.values:
        qs = qs.filter(estado=filtros["estado"])
    return qs.order_by("-anio_inicio", "municipio__departamento", "municipio__nombre", "combustible", "-id")


def asignacion_anios():
    return Asignacion.objects.order_by("-anio_inicio").values_list("anio_inicio", flat=True).distinct()


def asignacion_list_api():
    return (Asignacion.objects.select_related("municipio", "acto")
            .prefetch_related("estaciones__estacion", "acto__interesados").order_by("-id"))


def asignaciones_de_municipio(municipio: Municipio) -> list[Asignacion]:
    return list(
        municipio.asignaciones.annotate(n_estaciones=Count("estaciones"), adicional=Sum("estaciones__adicional"))
        .order_by("-anio_inicio", "combustible", "-id")
    )


def asignaciones_existentes(municipio: Municipio, *, anio: int, combustible: str) -> list[Asignacion]:
    return list(municipio.asignaciones.filter(anio_inicio=anio, combustible=combustible).order_by("-id"))


def asignaciones_hermanas(asignacion: Asignacion) -> list[Asignacion]:
    """The other assignments of the same resolution number and year (one PDF act)."""
    if not asignacion.resolucion:
        return []
    return list(Asignacion.objects.filter(resolucion=asignacion.resolucion, anio_inicio=asignacion.anio_inicio)
                .exclude(pk=asignacion.pk).select_related("municipio").order_by("municipio__nombre", "combustible"))


def asignacion_partes(asignacion: Asignacion) -> list[AsignacionEstacion]:
    """Each station's share of an assignment, the largest first."""
    return list(asignacion.estaciones.select_related("estacion").order_by("-volumen_mensual", "estacion__nombre"))


def partes_de_estacion(estacion: EstacionServicio) -> list[AsignacionEstacion]:
    """A station's shares in every assignment, the newest first."""
    return list(AsignacionEstacion.objects.filter(estacion=estacion).select_related("asignacion")
                .order_by("-asignacion__anio_inicio", "asignacion__combustible", "-asignacion_id"))


def primer_periodo_con_volumen() -> dt.date | None:
    primera = (Asignacion.objects.filter(estado=Asignacion.Estado.EJECUTORIADA)
               .order_by("fecha_ejecutoria").values_list("fecha_ejecutoria", flat=True).first())
    return primera.replace(day=1) if primera else None
