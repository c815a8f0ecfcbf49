"""Applications for a cupo and their required documents (R-03, R-04)."""

from django.conf import settings
from django.core.validators import FileExtensionValidator
from django.db import models

from cupos.models.beneficiarios import Beneficiario


class Solicitud(models.Model):
    """An application for a year's cupo. Pipeline: radicada → en_revision → aprobada | rechazada."""

    class Estado(models.TextChoices):
        RADICADA = "radicada", "Radicada"
        EN_REVISION = "en_revision", "En revisión"
        APROBADA = "aprobada", "Aprobada"
        RECHAZADA = "rechazada", "Rechazada"
        DESISTIDA = "desistida", "Desistida (no completó lo requerido)"

    TRANSICIONES = {
        Estado.RADICADA: {Estado.EN_REVISION, Estado.RECHAZADA, Estado.DESISTIDA},
        Estado.EN_REVISION: {Estado.APROBADA, Estado.RECHAZADA, Estado.DESISTIDA},
        Estado.APROBADA: set(),
        Estado.RECHAZADA: set(),
        Estado.DESISTIDA: set(),
    }

    beneficiario = models.ForeignKey(Beneficiario, on_delete=models.PROTECT, related_name="solicitudes")
    anio = models.PositiveSmallIntegerField("año")
    galones_solicitados = models.DecimalField(max_digits=14, decimal_places=2)
    fecha_radicacion = models.DateField("fecha de radicación")
    fecha_limite = models.DateField("plazo fijado por UPME", null=True, blank=True)
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.RADICADA)
    extemporanea = models.BooleanField("información extemporánea", default=False)
    causa_justificada = models.TextField(blank=True, help_text="Causa justificada que UPME acepta.")
    observaciones = models.TextField(blank=True)
    # P-06 (Ley 1437, art. 17): UPME asks for what is missing within 10 business days of the filing; the applicant
    # has a month, extended once on request by as much; without an answer the application ends withdrawn.
    requerida_el = models.DateField("requerimiento para completar", null=True, blank=True)
    requerimiento = models.TextField("lo que se requiere", blank=True)
    vence_requerimiento = models.DateField("plazo para completar", null=True, blank=True)
    prorrogada = models.BooleanField("plazo prorrogado", default=False)
    # DOMAIN §8: a refusal is an act (notified, with its recursos, firm per P-04); so is a withdrawal (P-06).
    acto = models.OneToOneField(
        "core.Acto", null=True, blank=True, on_delete=models.PROTECT, related_name="+", editable=False
    )
    creada = models.DateTimeField(auto_now_add=True)
    creada_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["-anio", "-fecha_radicacion"]
        verbose_name = "solicitud de cupo"
        verbose_name_plural = "solicitudes de cupo"
        constraints = [models.UniqueConstraint(fields=["beneficiario", "anio"], name="solicitud_unica_por_anio")]

    def __str__(self):
        return f"Solicitud {self.anio} — {self.beneficiario}"

    @property
    def pierde_derecho(self) -> bool:
        """R-04: late information loses the year's cupo unless UPME records a justified cause."""
        return self.extemporanea and not self.causa_justificada.strip()


def ruta_documento(instance, filename):
    return f"solicitudes/{instance.solicitud.anio}/{instance.solicitud_id}/{instance.requisito}/{filename}"


class DocumentoSolicitud(models.Model):
    """One required item of an application (R-03) with its file."""

    solicitud = models.ForeignKey(Solicitud, on_delete=models.CASCADE, related_name="documentos")
    requisito = models.CharField(max_length=40)
    archivo = models.FileField(
        upload_to=ruta_documento,
        validators=[FileExtensionValidator(["pdf", "png", "jpg", "jpeg"])],
        blank=True,
    )
    nombre_original = models.CharField(max_length=255, blank=True)
    # API.md «Applications»: a document an agency's system reports by its reference (number, radicado), received on
    # paper or in its own records, with no file here; it counts for R-03 like an uploaded one.
    referencia = models.CharField("referencia del documento", max_length=120, blank=True)
    fecha_expedicion = models.DateField("fecha de expedición del documento", null=True, blank=True)
    cargado = models.DateTimeField(auto_now_add=True)
    cargado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["requisito"]
        verbose_name = "documento de solicitud"
        verbose_name_plural = "documentos de solicitud"
        constraints = [models.UniqueConstraint(fields=["solicitud", "requisito"], name="documento_unico_por_requisito")]

    def __str__(self):
        return f"{self.requisito}: {self.nombre_original}"
