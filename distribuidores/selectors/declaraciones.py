"""Reads of beneficiaries' monthly declarations (R-21)."""

from django.db.models import QuerySet

from distribuidores.access import declaraciones_visibles
from distribuidores.models import Declaracion


def declaracion_list(*, user) -> QuerySet[Declaracion]:
    """The declarations the user may see (a vessel: only its own), newest period first."""
    return declaraciones_visibles(user, Declaracion.objects.select_related("beneficiario").order_by("-periodo", "-id"))
