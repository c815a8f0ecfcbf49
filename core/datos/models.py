"""One published version of a dataset's month (core.datos.publicacion). Never edited: a correction is
a new version, with its note, and the files of every version stay as they were."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class PublicacionDatos(models.Model):
    conjunto = models.CharField(max_length=60)
    periodo = models.DateField(help_text="Primer día del mes publicado.")
    version = models.PositiveIntegerField("versión")
    nota = models.TextField(blank=True, help_text="Qué corrige esta versión (vacía en la primera).")
    sha256 = models.CharField("SHA-256 del CSV", max_length=64)
    sha256_json = models.CharField("SHA-256 del JSON", max_length=64)
    bytes_csv = models.PositiveBigIntegerField(default=0)
    bytes_json = models.PositiveBigIntegerField(default=0)
    filas = models.PositiveIntegerField(default=0)
    celdas_suprimidas = models.PositiveIntegerField(default=0)
    creada = models.DateTimeField(auto_now_add=True)
    creada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        app_label = "core"
        ordering = ["conjunto", "-periodo", "-version"]
        verbose_name = "publicación de datos abiertos"
        verbose_name_plural = "publicaciones de datos abiertos"
        constraints = [
            models.UniqueConstraint(fields=["conjunto", "periodo", "version"], name="publicacion_datos_unica"),
            models.CheckConstraint(condition=Q(version__gte=1), name="publicacion_datos_version_positiva"),
            models.CheckConstraint(condition=Q(version=1) | ~Q(nota=""), name="publicacion_datos_correccion_con_nota"),
        ]

    def __str__(self):
        from core.comun.fechas import mes_largo

        return f"Datos abiertos «{self.conjunto}», {mes_largo(self.periodo)}, versión {self.version}"

    @property
    def carpeta(self) -> str:
        """The version's folder under the dataset: «2026-03/v1»."""
        return f"{self.periodo:%Y-%m}/v{self.version}"

    def archivo(self, extension: str) -> str:
        return f"{self.carpeta}/{self.conjunto}-{self.periodo:%Y-%m}.{extension}"

    @property
    def archivo_csv(self) -> str:
        return self.archivo("csv")

    @property
    def archivo_json(self) -> str:
        return self.archivo("json")
