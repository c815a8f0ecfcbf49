"""The resolution's long jobs (core.segundo_plano.trabajos): its stored PDF and the bulk firmeza of its cupos."""

from django.db import models

from core.segundo_plano.modelos import TrabajoPedido, campos_de_pedido
from cupos.models.cupos import Resolucion


class DocumentoResolucion(TrabajoPedido):
    """The resolution's PDF (R-05), built by a Celery job and stored. `huella` is what the resolution
    looked like when it was built (cupos, their states, lines and header): a different one now means
    the stored document is out of date and can be rebuilt."""

    class Estado(models.TextChoices):
        EN_ESPERA = "en_espera", "En espera"
        GENERANDO = "generando", "Generando"
        LISTO = "listo", "Listo"
        FALLIDO = "fallido", "No se pudo generar"

    resolucion = models.ForeignKey(Resolucion, on_delete=models.CASCADE, related_name="documentos")
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.EN_ESPERA)
    huella = models.CharField(max_length=64, help_text="Huella de la resolución al pedir el documento.")
    archivo = models.FileField(upload_to="resoluciones/%Y/", blank=True)
    paginas = models.PositiveIntegerField(default=0)
    cupos = models.PositiveIntegerField(default=0)
    solicitado_por, solicitado, terminado = campos_de_pedido()

    class Meta:
        ordering = ["-solicitado", "-id"]
        verbose_name = "documento de resolución"
        verbose_name_plural = "documentos de resoluciones"

    def __str__(self):
        return f"PDF de la resolución {self.resolucion_id} ({self.get_estado_display()})"


class FirmezaMasiva(TrabajoPedido):
    """R-06 for every still-issued cupo of a resolution, as a Celery job with progress."""

    class Estado(models.TextChoices):
        EN_ESPERA = "en_espera", "En espera"
        EN_CURSO = "en_curso", "En curso"
        TERMINADA = "terminada", "Terminada"
        FALLIDA = "fallida", "Detenida por un error"

    resolucion = models.ForeignKey(Resolucion, on_delete=models.CASCADE, related_name="firmezas_masivas")
    fecha_firmeza = models.DateField()
    fecha_comunicacion = models.DateField(null=True, blank=True)
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.EN_ESPERA)
    total = models.PositiveIntegerField(default=0, help_text="Cupos expedidos al confirmar.")
    hechos = models.PositiveIntegerField(default=0)
    sin_inicio = models.PositiveIntegerField(default=0, help_text="En firme que esperan el acuse de Dimar.")
    pendientes = models.PositiveIntegerField(
        default=0, help_text="Cupos que siguen expedidos: su plazo para los recursos no había corrido (P-04)."
    )
    avisos = models.PositiveIntegerField(default=0, help_text="Comunicaciones a Dimar encoladas.")
    solicitada_por, solicitada, terminada = campos_de_pedido()

    class Meta:
        ordering = ["-solicitada", "-id"]
        verbose_name = "firmeza masiva"
        verbose_name_plural = "firmezas masivas"

    def __str__(self):
        return f"Firmeza masiva de la resolución {self.resolucion_id} ({self.get_estado_display()})"
