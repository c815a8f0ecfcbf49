"""The lines of a resolution before it is issued (R-05): what each beneficiary will get."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from cupos.models.beneficiarios import Beneficiario
from cupos.models.cupos import Resolucion


class LineaAsignacion(models.Model):
    """One beneficiary's gallons in a draft resolution; issuing turns it into a cupo (`expedido`)."""

    class Origen(models.TextChoices):
        SOLICITUD = "solicitud", "Solicitud aprobada del año"
        CONTINUIDAD = "continuidad", "Cupo vigente del año anterior"
        MANUAL = "manual", "Incluida por la UPME"

    resolucion = models.ForeignKey(
        Resolucion, on_delete=models.CASCADE, related_name="lineas", verbose_name="resolución"
    )
    beneficiario = models.ForeignKey(Beneficiario, on_delete=models.PROTECT, related_name="lineas_asignacion")
    galones_anuales = models.DecimalField(max_digits=14, decimal_places=2)
    motivo = models.TextField(blank=True, help_text="Por qué difiere de lo solicitado.")
    origen = models.CharField(max_length=20, choices=Origen.choices, default=Origen.MANUAL)
    creada_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    actualizada = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["resolucion", "beneficiario__nombre"]
        verbose_name = "línea de asignación"
        verbose_name_plural = "líneas de asignación"
        constraints = [
            models.UniqueConstraint(fields=["resolucion", "beneficiario"], name="linea_unica_por_resolucion"),
            models.CheckConstraint(condition=Q(galones_anuales__gt=0), name="linea_galones_positivos"),
        ]

    def __str__(self):
        return f"{self.resolucion} — {self.beneficiario}: {self.galones_anuales} gal"
