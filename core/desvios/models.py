"""The diversion cases (core.desvios): the scoring job, one case per subject, and its signals.

Imported by core.models (core's app holds these tables)."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from core.segundo_plano.modelos import TrabajoPedido, campos_de_pedido

from . import TIPOS_SUJETO


class CalculoDesvios(TrabajoPedido):
    """A scoring of every beneficiary, station and wholesaler (POST /api/v1/desvios/calcular/)."""

    class Estado(models.TextChoices):
        EN_ESPERA = "en_espera", "En espera"
        CALCULANDO = "calculando", "Calculando"
        TERMINADO = "terminado", "Terminado"
        FALLIDO = "fallido", "Fallido"

    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.EN_ESPERA)
    fecha = models.DateField(help_text="Fecha de corte del cálculo.")
    casos = models.PositiveIntegerField(default=0)
    segundos = models.FloatField(default=0)
    pedido_por, pedido, terminado = campos_de_pedido()

    class Meta:
        verbose_name = "cálculo de alertas de desvío"
        verbose_name_plural = "cálculos de alertas de desvío"

    def __str__(self):
        return f"Cálculo de desvíos {self.id} ({self.get_estado_display()})"


class CasoDesvio(models.Model):
    """One subject (a beneficiary, a border station, a wholesaler) that one or more signals raised."""

    class Estado(models.TextChoices):
        ABIERTO = "abierto", "Abierto"
        CONFIRMADO = "confirmado", "Confirmado"
        DESCARTADO = "descartado", "Descartado"

    tipo_sujeto = models.CharField(max_length=20, choices=list(TIPOS_SUJETO.items()))
    sujeto_id = models.BigIntegerField(help_text="Id del sujeto en su aplicación.")
    sujeto = models.CharField(max_length=250, help_text="Nombre del sujeto como lo lee una persona.")
    clave = models.CharField(max_length=40, blank=True, help_text="NIT del distribuidor o código de la estación.")
    url = models.CharField(max_length=300, blank=True)
    puntaje = models.DecimalField(max_digits=8, decimal_places=2, default=0)
    vigente = models.BooleanField(default=True, help_text="El último cálculo lo volvió a señalar.")
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.ABIERTO)
    nota = models.TextField(blank=True)
    marcado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    marcado_en = models.DateTimeField(null=True, blank=True)
    calculado_en = models.DateTimeField()
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "caso de desvío"
        verbose_name_plural = "casos de desvío"
        constraints = [
            models.UniqueConstraint(fields=["tipo_sujeto", "sujeto_id"], name="caso_desvio_sujeto_unico"),
            models.CheckConstraint(
                condition=Q(estado__in=["abierto", "confirmado", "descartado"]), name="caso_desvio_estado_valido"
            ),
        ]
        indexes = [
            models.Index(fields=["-puntaje", "-id"], name="caso_desvio_puntaje_idx"),
            models.Index(fields=["estado", "-puntaje", "-id"], name="caso_desvio_estado_idx"),
            models.Index(fields=["tipo_sujeto", "clave"], name="caso_desvio_clave_idx"),
        ]

    def __str__(self):
        return f"{self.sujeto} ({self.get_tipo_sujeto_display()})"


class SenalCaso(models.Model):
    """A signal that raised a case: its sentence, its points and the rows that show it."""

    caso = models.ForeignKey(CasoDesvio, on_delete=models.CASCADE, related_name="senales")
    codigo = models.CharField(max_length=40)
    detalle = models.CharField(max_length=600)
    puntaje = models.DecimalField(max_digits=8, decimal_places=2)
    evidencia = models.JSONField(default=list, help_text="[{texto, url}] de las filas que la muestran.")

    class Meta:
        verbose_name = "señal de un caso"
        verbose_name_plural = "señales de los casos"
        constraints = [models.UniqueConstraint(fields=["caso", "codigo"], name="senal_caso_unica")]
        indexes = [models.Index(fields=["codigo"], name="senal_caso_codigo_idx")]

    def __str__(self):
        return f"{self.codigo}: {self.detalle}"
