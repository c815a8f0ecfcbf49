"""Celery task of the open data: take the month, call the service. No logic here."""

from celery import shared_task


@shared_task(acks_late=True)
def publicar_datos_task(periodo: str | None = None) -> dict:
    """Monthly (Celery beat, the 1st at 05:00 Bogotá): core.datos.tareas.publicar_mensual."""
    from core.datos.tareas import publicar_mensual

    return publicar_mensual(periodo)
