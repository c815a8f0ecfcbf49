"""Reads of the register of designated inspectors (R-13)."""

import datetime as dt

from django.db.models import Q, QuerySet

from zarpes.models import InspectorDesignado

VIGENTES, VENCIDOS = "vigentes", "vencidos"


def inspector_list(*, capitania_id: int | None = None, estado: str = "", fecha: dt.date) -> QuerySet:
    """A capitanía's designations (every capitanía's when None): in force on `fecha` (VIGENTES), ended
    before it (VENCIDOS), or all, the ones in force first."""
    qs = InspectorDesignado.objects.select_related("capitania", "registrado_por")
    if capitania_id is not None:
        qs = qs.filter(capitania_id=capitania_id)
    if estado == VIGENTES:
        qs = qs.vigentes_en(fecha)
    elif estado == VENCIDOS:
        qs = qs.vencidas_en(fecha)
    return qs.order_by("capitania__codigo", "nombre", "-vigente_desde", "id")


def inspectores_vigentes(*, capitania_id: int, fecha: dt.date) -> QuerySet:
    """R-13: whom the officer may name on a report of `fecha` at its capitanía."""
    return InspectorDesignado.objects.filter(capitania_id=capitania_id).vigentes_en(fecha).order_by("nombre", "id")


def inspectores_para_informe(*, capitania_id: int, desde: dt.date, hasta: dt.date) -> QuerySet:
    """R-13: the capitanía's designations in force some day between `desde` (a zarpe's date) and `hasta`
    (today): those that may sign the report of a zarpe of `desde` (the service checks the report's date)."""
    return (
        InspectorDesignado.objects.filter(capitania_id=capitania_id, vigente_desde__lte=hasta)
        .filter(Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=desde))
        .order_by("nombre", "-vigente_desde", "id")
    )
