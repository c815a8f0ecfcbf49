"""Reads of the year's resolutions (R-05) and the cupos granted in each."""

import datetime as dt

from django.db.models import Count, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from cupos.models import Cupo, LineaAsignacion, Resolucion


def resolucion_extemporanea(resolucion: Resolucion) -> bool:
    """R-05: due by 28 February of its year (the 28th also in leap years)."""
    return resolucion.fecha_expedicion > dt.date(resolucion.anio, 2, 28)


def resolucion_get(*, resolucion_id: int) -> Resolucion | None:
    return Resolucion.objects.filter(pk=resolucion_id).first()


def _contar(modelo, campo="resolucion"):
    filas = modelo.objects.filter(**{campo: OuterRef("pk")}).values(campo).annotate(n=Count("id")).values("n")
    return Coalesce(Subquery(filas, output_field=IntegerField()), Value(0))


def resolucion_list(*, anio: int | None = None) -> QuerySet[Resolucion]:
    """Every resolution (of a year), with `n_lineas` and `n_cupos` (one query, no N+1)."""
    qs = Resolucion.objects.annotate(n_lineas=_contar(LineaAsignacion), n_cupos=_contar(Cupo))
    if anio is not None:
        qs = qs.filter(anio=anio)
    return qs.order_by("-anio", "-fecha_expedicion", "-id")


def resolucion_list_con_totales() -> QuerySet[Resolucion]:
    """Every resolution with its number of cupos, of still-issued ones, and of gallons granted."""
    return Resolucion.objects.annotate(
        n_cupos=Count("cupos"),
        n_expedidos=Count("cupos", filter=Q(cupos__estado=Cupo.Estado.EXPEDIDO)),
        galones=Sum("cupos__galones_anuales"),
    ).order_by("-anio", "-fecha_expedicion", "-id")


def resolucion_cupos(*, resolucion: Resolucion) -> list[Cupo]:
    return list(resolucion.cupos.select_related("beneficiario").order_by("beneficiario__nombre", "id"))


def resolucion_expedidos_count(*, resolucion: Resolucion) -> int:
    """How many cupos of the resolution still wait for their firmeza (R-06)."""
    return resolucion.cupos.filter(estado=Cupo.Estado.EXPEDIDO).count()
