"""Reads of Dimar's monthly novelties (R-24)."""

from django.db.models import Exists, OuterRef, QuerySet

from cupos.models import AltaDimar, BajaDimar, Cupo, NovedadDimar
from cupos.selectors.cupos import abiertos_desde


def novedad_list() -> QuerySet[NovedadDimar]:
    """Every report with what the API counts: its altas and bajas."""
    return NovedadDimar.objects.prefetch_related("altas", "bajas")


def cupos_por_decidir(baja: BajaDimar) -> QuerySet[Cupo]:
    """R-24: the vessel's cupos UPME still has to decide on after a baja: issued ones, and firm ones
    in force on or after the baja's date (also those awaiting their communication to Dimar)."""
    return Cupo.objects.filter(abiertos_desde(baja.fecha), beneficiario_id=baja.beneficiario_id)


def bajas_por_decidir() -> QuerySet[BajaDimar]:
    """Bajas whose vessel still has a cupo UPME has not decided on (the page and the deadline check)."""
    pendientes = Cupo.objects.filter(abiertos_desde(OuterRef("fecha")), beneficiario_id=OuterRef("beneficiario_id"))
    return (
        BajaDimar.objects.filter(Exists(pendientes))
        .select_related("novedad", "beneficiario")
        .order_by("novedad__periodo", "id")
    )


def novedad_list_reciente() -> QuerySet[NovedadDimar]:
    """Every report, newest period first, with its altas and bajas (the page)."""
    return NovedadDimar.objects.prefetch_related("altas", "bajas").order_by("-periodo", "-id")


def altas_pendientes() -> QuerySet[AltaDimar]:
    """Vessels reported as alta still waiting for UPME's decision on a cupo."""
    return AltaDimar.objects.filter(decision=AltaDimar.Decision.PENDIENTE).select_related("beneficiario", "novedad")


def bajas_hasta(*, beneficiario_ids, hasta) -> dict[int, tuple]:
    """R-24: {beneficiary id: (date, matrícula)} of the earliest baja Dimar reported for each vessel,
    dated on or before `hasta` (None: any baja reported). One query."""
    filas = BajaDimar.objects.filter(beneficiario_id__in=beneficiario_ids)
    if hasta is not None:
        filas = filas.filter(fecha__lte=hasta)
    primeras: dict[int, tuple] = {}
    for bid, fecha, matricula in filas.order_by("fecha", "id").values_list("beneficiario_id", "fecha", "matricula"):
        primeras.setdefault(bid, (fecha, matricula))
    return primeras
