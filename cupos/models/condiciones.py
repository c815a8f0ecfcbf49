"""Standing conditions all year: a foreign vessel's bank guarantee and landings (R-26), the Armada's convenio with
its wholesaler (R-27)."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q

from core.models import Capitania, Distribuidor
from cupos.models.beneficiarios import Beneficiario


class GarantiaNave(models.Model):
    """R-26: the bank guarantee of a foreign vessel for a year, with the minimum catch the ICA (today AUNAP)
    constancia says it must land in Colombian ports that year. Recorded by UPME; a newer one lifts a lapsed one.
    A call on the guarantee (UPME's decision on a shortfall) is recorded on it, with its act."""

    class Moneda(models.TextChoices):
        COP = "COP", "Pesos colombianos"
        USD = "USD", "Dólares estadounidenses"

    beneficiario = models.ForeignKey(
        Beneficiario, on_delete=models.PROTECT, related_name="garantias", verbose_name="nave extranjera"
    )
    anio = models.PositiveSmallIntegerField("año")
    desembarque_minimo_kg = models.DecimalField(
        "desembarque mínimo del año (kg)", max_digits=14, decimal_places=2, validators=[MinValueValidator(0)]
    )
    valor_desembarque_minimo = models.DecimalField(
        "valor declarado del desembarque mínimo", max_digits=16, decimal_places=2, validators=[MinValueValidator(0)]
    )
    banco = models.CharField(max_length=120)
    numero = models.CharField("número de la garantía", max_length=60)
    valor = models.DecimalField("valor de la garantía", max_digits=16, decimal_places=2)
    moneda = models.CharField(max_length=3, choices=Moneda.choices, default=Moneda.COP)
    vigente_hasta = models.DateField("vigente hasta")
    soporte = models.CharField(max_length=300, help_text="Documento de la garantía y de la constancia del ICA/AUNAP.")
    registrada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name="registrada por"
    )
    creado = models.DateTimeField(auto_now_add=True)
    # UPME's call on the guarantee for a shortfall, an act notified to the beneficiary (DOMAIN §8).
    ejecutada_el = models.DateField("ejecutada el", null=True, blank=True)
    motivo_ejecucion = models.TextField("motivo de la ejecución", blank=True)
    acto_ejecucion = models.ForeignKey(
        "core.Acto", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name="acto de ejecución",
    )

    class Meta:
        ordering = ["beneficiario_id", "-anio", "-vigente_hasta", "-id"]
        verbose_name = "garantía de nave extranjera"
        verbose_name_plural = "garantías de naves extranjeras"
        constraints = [
            models.UniqueConstraint(fields=["beneficiario", "banco", "numero"], name="garantia_nave_unica"),
            models.CheckConstraint(condition=Q(valor__gt=0), name="garantia_nave_valor_positivo"),
            # at least 10 % of the declared value of the minimum catch (D1891).
            models.CheckConstraint(
                condition=Q(valor__gte=models.F("valor_desembarque_minimo") * Decimal("0.1")),
                name="garantia_nave_diez_por_ciento",
            ),
            models.CheckConstraint(
                condition=Q(ejecutada_el__isnull=True) | ~Q(motivo_ejecucion=""), name="garantia_ejecutada_con_motivo"
            ),
        ]
        indexes = [models.Index(fields=["beneficiario", "vigente_hasta"], name="garantia_nave_vigencia_idx")]

    def __str__(self):
        return f"Garantía {self.numero} ({self.banco}) de {self.anio}"


class Desembarque(models.Model):
    """R-26: a landing of catch in a Colombian port, with its AUNAP/ICA landing certificate. The last one is
    what D1505 art. 5's «último desembarque» document points to."""

    beneficiario = models.ForeignKey(
        Beneficiario, on_delete=models.PROTECT, related_name="desembarques", verbose_name="nave"
    )
    fecha = models.DateField()
    # A Colombian port is one of Dimar's capitanías de puerto (decisiones.md).
    puerto = models.ForeignKey(Capitania, on_delete=models.PROTECT, related_name="+", verbose_name="puerto")
    kg = models.DecimalField("kilogramos desembarcados", max_digits=14, decimal_places=2)
    certificado = models.CharField("certificado de desembarque (AUNAP/ICA)", max_length=60)
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name="registrado por"
    )
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["beneficiario_id", "-fecha", "-id"]
        verbose_name = "desembarque"
        verbose_name_plural = "desembarques"
        constraints = [
            models.UniqueConstraint(fields=["beneficiario", "certificado"], name="desembarque_certificado_unico"),
            models.CheckConstraint(condition=Q(kg__gt=0), name="desembarque_kg_positivo"),
        ]
        indexes = [models.Index(fields=["beneficiario", "fecha"], name="desembarque_nave_fecha_idx")]

    def __str__(self):
        return f"Desembarque {self.certificado} del {self.fecha}"


class ConvenioArmada(models.Model):
    """R-27: the Armada's agreement (convenio) with its wholesaler (D1505 art. 5 par. 2): number, parties, start and
    end. A sale to the Armada needs one in force with that seller on the sale's date (`409 sin_convenio`). Recorded
    by UPME; a new convenio is a new row, none is edited."""

    beneficiario = models.ForeignKey(
        Beneficiario, on_delete=models.PROTECT, related_name="convenios", verbose_name="Armada Nacional"
    )
    distribuidor = models.ForeignKey(
        Distribuidor, on_delete=models.PROTECT, related_name="convenios_armada", verbose_name="distribuidor mayorista"
    )
    numero = models.CharField("número del convenio", max_length=60)
    vigente_desde = models.DateField("vigente desde")
    vigente_hasta = models.DateField("vigente hasta")
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name="registrado por"
    )
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["beneficiario_id", "-vigente_hasta", "-id"]
        verbose_name = "convenio de la Armada"
        verbose_name_plural = "convenios de la Armada"
        constraints = [
            models.UniqueConstraint(fields=["beneficiario", "numero"], name="convenio_armada_unico"),
            models.CheckConstraint(
                condition=Q(vigente_hasta__gte=models.F("vigente_desde")), name="convenio_armada_vigencia_ordenada"
            ),
        ]
        indexes = [
            models.Index(fields=["beneficiario", "distribuidor", "vigente_hasta"], name="convenio_armada_vigencia_idx")
        ]

    def __str__(self):
        return f"Convenio {self.numero} con {self.distribuidor}"
