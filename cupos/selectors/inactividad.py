"""Reads of cupos unused for over 3 months (R-12): the open alerts UPME must decide on."""

from django.db.models import QuerySet

from core.models import Alerta
from cupos.models import TipoAlertaCupos


def alertas_de_inactividad() -> QuerySet[Alerta]:
    return (
        Alerta.objects.filter(tipo=TipoAlertaCupos.CUPO_INACTIVO, resuelta__isnull=True)
        .select_related("beneficiario", "cupo__resolucion")
        .order_by("vence", "id")
    )
