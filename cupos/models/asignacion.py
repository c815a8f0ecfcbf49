"""The lines of a resolution before it is issued (R-05): what each beneficiary will get."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from cupos.models.beneficiarios import Beneficiario
from cupos.models.cupos import Cupo, Resolucion


class LineaAsignacion(models.Model):
    """One beneficiary's gallons in a draft resolution; issuing turns it into a cupo (`expedido`)."""

    class Origen(models.TextChoices):
        SOLICITUD = "solicitud", "Solicitud aprobada del año"
        CONTINUIDAD = "continuidad", "Cupo vigente del año anterior"
        MANUAL = "manual", "Incluida por la UPME"

    class Accion(models.TextChoices):
        """What a line does. An annual resolution grants cupos (`asignacion`); a modifying or additional
        one grants a new cupo (`alta`, R-24), changes the gallons of the cupo in force (`cambio`: a new
        cupo that succeeds it, R-09) or revokes it (`revocacion`: cancelled on one of R-12's grounds)."""

        ASIGNACION = "asignacion", "Asignación del año"
        ALTA = "alta", "Nuevo cupo"
        CAMBIO = "cambio", "Cambio de galones"
        REVOCACION = "revocacion", "Revocación del cupo"

    class MotivoCambio(models.TextChoices):
        AUMENTO = "aumento", "Aumento"
        REDUCCION = "reduccion", "Reducción"
        CORRECCION = "correccion", "Corrección"

    resolucion = models.ForeignKey(
        Resolucion, on_delete=models.CASCADE, related_name="lineas", verbose_name="resolución"
    )
    beneficiario = models.ForeignKey(Beneficiario, on_delete=models.PROTECT, related_name="lineas_asignacion")
    galones_anuales = models.DecimalField(
        max_digits=14, decimal_places=2, null=True, blank=True, help_text="Vacío solo en una revocación."
    )
    motivo = models.TextField(blank=True, help_text="Por qué difiere de lo solicitado, o por qué se modifica.")
    origen = models.CharField(max_length=20, choices=Origen.choices, default=Origen.MANUAL)
    accion = models.CharField("acción", max_length=20, choices=Accion.choices, default=Accion.ASIGNACION)
    motivo_cambio = models.CharField("motivo del cambio", max_length=20, choices=MotivoCambio.choices, blank=True)
    fecha_desde = models.DateField(
        "desde",
        null=True,
        blank=True,
        help_text="Cambio: el día desde el que rige (si es posterior a la firmeza); revocación: el día desde el "
        "que se cancela el cupo.",
    )
    cupo_modificado = models.ForeignKey(
        Cupo, null=True, blank=True, on_delete=models.PROTECT, related_name="+", verbose_name="cupo que modifica"
    )
    causal = models.CharField("causal de la revocación", max_length=30, choices=Cupo.CAUSALES_REVOCACION, blank=True)
    soporte = models.CharField("soporte de la revocación", max_length=300, blank=True)
    creada_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    actualizada = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["resolucion", "beneficiario__nombre"]
        verbose_name = "línea de asignación"
        verbose_name_plural = "líneas de asignación"
        constraints = [
            models.UniqueConstraint(fields=["resolucion", "beneficiario"], name="linea_unica_por_resolucion"),
            models.CheckConstraint(
                condition=Q(accion="revocacion", galones_anuales__isnull=True) | Q(galones_anuales__gt=0),
                name="linea_galones_positivos",
            ),
            # a revocation names the cupo, one of the decree's grounds, its support and its date.
            models.CheckConstraint(
                condition=~Q(accion="revocacion")
                | Q(cupo_modificado__isnull=False, fecha_desde__isnull=False)
                & Q(causal__in=["baja_dimar", "inactividad", "comunicacion_autoridad", "revocacion_motivada"])
                & ~Q(soporte=""),
                name="linea_revocacion_completa",
            ),
        ]

    def __str__(self):
        if self.accion == self.Accion.REVOCACION:
            return f"{self.resolucion} — {self.beneficiario}: revocación"
        return f"{self.resolucion} — {self.beneficiario}: {self.galones_anuales} gal"
