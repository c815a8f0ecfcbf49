"""Reads of the year's resolutions (R-05) and the cupos granted in each."""

import datetime as dt

from django.db.models import Count, Q, QuerySet, Sum

from core.galones import CERO
from cupos.models import Cupo, Resolucion


def resolucion_extemporanea(resolucion: Resolucion) -> bool:
    """R-05: due by 28 February of its year (the 28th also in leap years)."""
    return resolucion.fecha_expedicion > dt.date(resolucion.anio, 2, 28)


def resolucion_get(*, resolucion_id: int) -> Resolucion | None:
    return Resolucion.objects.filter(pk=resolucion_id).first()


def resolucion_list(*, anio: int | None = None) -> QuerySet[Resolucion]:
    qs = Resolucion.objects.all()
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


def resolucion_cupos(*, resolucion: Resolucion, q: str = "") -> QuerySet[Cupo]:
    """The resolution's cupos by beneficiary name; `q` searches name, matrícula or identification."""
    qs = resolucion.cupos.select_related("beneficiario")
    q = (q or "").strip()
    if q:
        qs = qs.filter(
            Q(beneficiario__nombre__icontains=q)
            | Q(beneficiario__matricula__icontains=q)
            | Q(beneficiario__identificacion__icontains=q)
        )
    return qs.order_by("beneficiario__nombre", "id")


def resolucion_resumen(*, resolucion: Resolucion) -> dict:
    """Cupos per state and the totals of the whole resolution, in one grouped query."""
    filas = (
        resolucion.cupos.values("estado")
        .annotate(n=Count("id"), anual=Sum("galones_anuales"), mensual=Sum("cuota_mensual"))
        .order_by()
    )
    por_estado = {valor: 0 for valor in Cupo.Estado.values}
    total_anual = total_mensual = CERO
    for fila in filas:
        por_estado[fila["estado"]] = fila["n"]
        total_anual += fila["anual"] or CERO
        total_mensual += fila["mensual"] or CERO
    return {
        "por_estado": por_estado,
        "total": sum(por_estado.values()),
        "total_anual": total_anual,
        "total_mensual": total_mensual,
    }


def resolucion_expedidos_count(*, resolucion: Resolucion) -> int:
    """How many cupos of the resolution still wait for their firmeza (R-06)."""
    return resolucion.cupos.filter(estado=Cupo.Estado.EXPEDIDO).count()
