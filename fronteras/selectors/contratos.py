"""Reads of Ecopetrol's distribution contracts (F-01)."""

from fronteras import access
from fronteras.models import ContratoEcopetrol


def contrato_list(*, user, municipio: str = ""):
    """The contracts the user may read, by municipality and tier: a distributor reads only its own (as the API)."""
    contratos = ContratoEcopetrol.objects.select_related("distribuidor", "municipio").order_by(
        "municipio__departamento", "municipio__nombre", "prioridad", "-vigente_desde", "-id")
    if access.es_distribuidor(user):
        contratos = contratos.filter(distribuidor_id=user.distribuidor_id)
    if municipio:
        contratos = contratos.filter(municipio__codigo_dane=municipio)
    return contratos
