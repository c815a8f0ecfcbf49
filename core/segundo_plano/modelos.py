"""The abstract rows of a long job (core.segundo_plano.trabajos): the heartbeat and attempts of any recoverable
job, and the progress and message a page follows. Every app's job models inherit them."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class TrabajoConLatido(models.Model):
    """A row a long Celery job works on, recoverable if its worker dies (core.segundo_plano.trabajos).

    `latido` is the last moment someone answered for the job: it was queued, or a worker was
    working on it (a heartbeat every TRABAJOS_LATIDO_SEGUNDOS). Empty: queuing it failed (the broker
    was down). `intentos` counts the times a worker took it: past the job's maximum it is abandoned.
    """

    latido = models.DateTimeField(
        null=True, blank=True, default=timezone.now, db_index=True,
        help_text="Última señal de vida del trabajo (encolado o latido del proceso que lo ejecuta).",
    )
    intentos = models.PositiveSmallIntegerField(default=0, help_text="Veces que un proceso tomó el trabajo.")

    class Meta:
        abstract = True


class TrabajoPedido(TrabajoConLatido):
    """A long job that a page follows (a stored document, an export, a bulk act, an uploaded report):
    the `progreso` (0 to 100) the page polls and the Spanish `mensaje` it ends with. Each model keeps
    its own `estado` (its states and their Spanish labels), registered with core.registro.Trabajo,
    and names who asked, when, and when it ended with `campos_de_pedido()`."""

    progreso = models.PositiveSmallIntegerField(default=0)
    mensaje = models.TextField(blank=True)

    class Meta:
        abstract = True


def campos_de_pedido() -> tuple[models.Field, models.Field, models.Field]:
    """Who asked for a job, when, and when it ended, for a model to name in its own gender and words:
    `solicitada_por, solicitada, terminada = campos_de_pedido()`."""
    return (
        models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"),
        models.DateTimeField(auto_now_add=True),
        models.DateTimeField(null=True, blank=True),
    )
