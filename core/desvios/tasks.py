"""The scoring job's Celery task: it imports its service, never the reverse."""

from core.segundo_plano.trabajos import tarea_de_trabajo

from .services import desvios_calcular_abandon, desvios_calcular_build


@tarea_de_trabajo(desvios_calcular_abandon)
def desvios_calcular_task(calculo_id: int):
    """Score every beneficiary, station and wholesaler (core.desvios). Only a database outage is retried."""
    return desvios_calcular_build(calculo_id=calculo_id)
