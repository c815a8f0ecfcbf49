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
