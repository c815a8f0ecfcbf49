"""Beneficiaries of the exempt-fuel regime (R-01, R-02)."""

from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q

from core.models import Capitania, Distribuidor

validar_celular = RegexValidator(
    r"^\+?[0-9]{7,15}$", "El celular se escribe solo con dígitos, con el indicativo opcional (p. ej. +573001234567)."
)
validar_bandera = RegexValidator(r"^[A-Z]{2}$", "La bandera es un código ISO 3166 alfa-2 (p. ej. CO, PA, EC).")


class Beneficiario(models.Model):
    """One holder of a cupo: a vessel (national or foreign), an acuicultora, or the Armada. R-01."""

    class Tipo(models.TextChoices):
        NAVE_NACIONAL = "nave_nacional", "Nave de bandera colombiana"
        NAVE_EXTRANJERA = "nave_extranjera", "Nave de bandera extranjera"
        ACUICULTORA = "acuicultora", "Empresa acuicultora"
        ARMADA = "armada", "Armada Nacional (guardacostas)"

    class Actividad(models.TextChoices):
        PESCA = "pesca", "Pesca"
        CABOTAJE = "cabotaje", "Cabotaje"
        REMOLQUE = "remolque", "Remolque"

    class Combustible(models.TextChoices):
        DIESEL_MARINO = "diesel_marino", "Diésel marino"
        ACPM = "acpm", "ACPM"

    TIPOS_NAVE = (Tipo.NAVE_NACIONAL, Tipo.NAVE_EXTRANJERA)
    # these get no cupo without an approved application of the year (a national vessel rests on Dimar's data).
    TIPOS_CON_SOLICITUD = (Tipo.ACUICULTORA, Tipo.NAVE_EXTRANJERA)

    tipo = models.CharField(max_length=20, choices=Tipo.choices)
    nombre = models.CharField(max_length=200)
    identificacion = models.CharField(
        "identificación", max_length=30, db_index=True, help_text="NIT o documento del titular."
    )
    matricula = models.CharField("matrícula", max_length=30, null=True, blank=True)
    bandera = models.CharField(max_length=2, blank=True, validators=[validar_bandera])
    trb = models.DecimalField(
        "TRB", max_digits=9, decimal_places=2, null=True, blank=True, validators=[MinValueValidator(0)]
    )
    actividad = models.CharField(max_length=20, choices=Actividad.choices, blank=True)
    capacidad_combustible_gal = models.DecimalField(
        "capacidad máxima de combustible (gal)", max_digits=12, decimal_places=2, null=True, blank=True
    )
    capitania = models.ForeignKey(
        Capitania,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="naves",
        verbose_name="capitanía de puerto",
    )
    empresa_nit = models.CharField("NIT de la empresa colombiana afiliada", max_length=20, blank=True)
    permiso_vigente_hasta = models.DateField(
        "permiso de operación vigente hasta",
        null=True,
        blank=True,
        #
        help_text="Naves extranjeras: permiso vigente de operación en aguas jurisdiccionales colombianas.",
    )
    permiso_cultivo_vigente_hasta = models.DateField(
        "permiso de cultivo vigente hasta",
        null=True,
        blank=True,
        #
        help_text="Acuicultoras: el permiso debe estar vigente a la fecha de cada entrega (D1505 art. 5 par. 3).",
    )
    distribuidor = models.ForeignKey(
        Distribuidor,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="beneficiarios_designados",
        verbose_name="distribuidor designado",
    )
    # Where the beneficiary is told of every act in its name (core.mensajes.avisos); optional.
    correo = models.EmailField("correo electrónico para avisos", blank=True)
    celular = models.CharField("celular para avisos (SMS)", max_length=16, blank=True, validators=[validar_celular])
    acepta_notificacion_electronica = models.BooleanField(
        "acepta la notificación electrónica", default=False,
        help_text="Ley 1437 art. 56: los actos se le notifican por un enlace a su correo o celular.",
    )
    creado = models.DateTimeField(auto_now_add=True)
    actualizado = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["nombre"]
        verbose_name = "beneficiario"
        verbose_name_plural = "beneficiarios"
        constraints = [
            models.UniqueConstraint(fields=["matricula"], name="beneficiario_matricula_unica"),
            models.CheckConstraint(
                condition=Q(tipo__in=["nave_nacional", "nave_extranjera", "acuicultora", "armada"]),
                name="beneficiario_tipo_valido",
            ),
            # a vessel carries its Dimar data.
            models.CheckConstraint(
                condition=~Q(tipo__in=["nave_nacional", "nave_extranjera"])
                | (
                    Q(
                        matricula__isnull=False,
                        trb__isnull=False,
                        capacidad_combustible_gal__gt=0,
                        capitania__isnull=False,
                    )
                    & ~Q(actividad="")
                ),
                name="beneficiario_nave_con_datos_dimar",
            ),
            models.CheckConstraint(
                condition=~Q(tipo="nave_nacional") | Q(bandera="CO"), name="nave_nacional_bandera_co"
            ),
            models.CheckConstraint(
                condition=~Q(tipo="nave_extranjera") | (~Q(bandera="CO") & ~Q(bandera="") & ~Q(empresa_nit="")),
                name="nave_extranjera_bandera_y_empresa",
            ),
            # acuicultoras and the Armada buy from a designated wholesaler.
            models.CheckConstraint(
                condition=~Q(tipo__in=["acuicultora", "armada"]) | Q(distribuidor__isnull=False),
                name="beneficiario_distribuidor_designado",
            ),
        ]

    def __str__(self):
        return f"{self.nombre} ({self.matricula})" if self.matricula else self.nombre

    @property
    def es_nave(self) -> bool:
        return self.tipo in self.TIPOS_NAVE

    @property
    def combustible(self) -> str:
        """R-01: ACPM for the Armada, marine diesel for vessels and acuicultoras."""
        return self.Combustible.ACPM if self.tipo == self.Tipo.ARMADA else self.Combustible.DIESEL_MARINO
