"""Dimar's monthly novelties (R-24): vessels newly registered (altas) and cancelled (bajas)."""

from django.conf import settings
from django.db import models

from core.comun.fechas import fecha_larga, mes_largo
from cupos.models.beneficiarios import Beneficiario
from cupos.models.cupos import Cupo


class NovedadDimar(models.Model):
    """Dimar's report for a month, due within its first 5 business days (R-24, R-25)."""

    periodo = models.DateField(db_index=True, help_text="Primer día del mes del reporte.")
    recibida = models.DateTimeField(auto_now_add=True)
    fecha_recepcion = models.DateField()
    registrada_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    archivo = models.FileField(upload_to="novedades/%Y/%m/", null=True, blank=True)

    class Meta:
        ordering = ["-periodo", "-id"]
        verbose_name = "novedad de Dimar"
        verbose_name_plural = "novedades de Dimar"

    def __str__(self):
        return f"Novedades Dimar de {mes_largo(self.periodo)}"


class AltaDimar(models.Model):
    """A vessel newly registered: UPME decides its cupo within the same calendar month (R-24)."""

    class Decision(models.TextChoices):
        PENDIENTE = "pendiente", "Pendiente de decisión"
        CUPO_OTORGADO = "cupo_otorgado", "Cupo otorgado"
        NEGADA = "negada", "Cupo negado"

    novedad = models.ForeignKey(NovedadDimar, on_delete=models.CASCADE, related_name="altas")
    beneficiario = models.ForeignKey(Beneficiario, on_delete=models.PROTECT, related_name="altas_dimar")
    decision = models.CharField(max_length=20, choices=Decision.choices, default=Decision.PENDIENTE)
    decidida = models.DateField(null=True, blank=True)
    motivo_decision = models.CharField(max_length=300, blank=True)

    class Meta:
        verbose_name = "alta reportada por Dimar"
        verbose_name_plural = "altas reportadas por Dimar"

    def __str__(self):
        return f"Alta {self.beneficiario} ({mes_largo(self.novedad.periodo)})"


class BajaDimar(models.Model):
    """A vessel whose matrícula or permit was cancelled (R-24). Dimar reports, UPME cancels: the baja
    raises an alert and UPME's own act cancels the cupo (`cupos_cancelados` records which)."""

    novedad = models.ForeignKey(NovedadDimar, on_delete=models.CASCADE, related_name="bajas")
    matricula = models.CharField(max_length=30)
    fecha = models.DateField()
    motivo = models.CharField(max_length=300)
    beneficiario = models.ForeignKey(Beneficiario, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    cupos_cancelados = models.ManyToManyField(Cupo, blank=True, related_name="+")

    class Meta:
        verbose_name = "baja reportada por Dimar"
        verbose_name_plural = "bajas reportadas por Dimar"

    def __str__(self):
        return f"Baja {self.matricula} desde el {fecha_larga(self.fecha)}"
