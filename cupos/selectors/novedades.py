"""Reads of Dimar's monthly novelties (R-24)."""

from django.db.models import QuerySet

from cupos.models import AltaDimar, NovedadDimar


def novedad_list() -> QuerySet[NovedadDimar]:
    """Every report with what the API counts: its altas and the cupos each baja cancelled."""
    return NovedadDimar.objects.prefetch_related("altas", "bajas__cupos_cancelados")


def novedad_list_reciente() -> QuerySet[NovedadDimar]:
    """Every report, newest period first, with its altas and bajas (the page)."""
    return NovedadDimar.objects.prefetch_related("altas", "bajas").order_by("-periodo", "-id")


def altas_pendientes() -> QuerySet[AltaDimar]:
    """Vessels reported as alta still waiting for UPME's decision on a cupo."""
    return AltaDimar.objects.filter(decision=AltaDimar.Decision.PENDIENTE).select_related("beneficiario", "novedad")
