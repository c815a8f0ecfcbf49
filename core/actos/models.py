"""The acts of the procedure (core.actos): who they concern, how each person was notified, the waivers and the
recursos, and the recursos that proceed against each authority's acts (P-02, data with its legal basis)."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class Autoridad(models.TextChoices):
    """Who issues an act: the recursos that proceed depend on it (P-02)."""

    UPME = "upme", "UPME"
    CAPITANIA = "capitania", "Capitanía de Puerto"
    DIMAR = "dimar", "Dirección General Marítima"
    MINMINAS = "minminas", "Ministerio de Minas y Energía"


class TipoRecurso(models.TextChoices):
    REPOSICION = "reposicion", "Reposición"
    APELACION = "apelacion", "Apelación"


class RecursoProcedente(models.Model):
    """P-02: a recurso that proceeds against an authority's acts, before whom, within what term, and why."""

    autoridad = models.CharField(max_length=20, choices=Autoridad.choices)
    recurso = models.CharField(max_length=20, choices=TipoRecurso.choices)
    ante = models.CharField("ante quién", max_length=200, help_text="Quién lo decide, como lo dice el acto.")
    decide = models.CharField(
        max_length=20, choices=Autoridad.choices, help_text="La autoridad que lo decide (la del acto, o su superior)."
    )
    plazo_dias_habiles = models.PositiveSmallIntegerField("plazo (días hábiles)", default=10)
    fundamento = models.CharField(
        max_length=300, help_text="La norma que lo concede (p. ej. Ley 1437 de 2011, art. 76)."
    )
    vigente_desde = models.DateField()

    class Meta:
        app_label = "core"
        ordering = ["autoridad", "recurso", "-vigente_desde"]
        verbose_name = "recurso procedente"
        verbose_name_plural = "recursos procedentes (P-02)"
        constraints = [
            models.UniqueConstraint(fields=["autoridad", "recurso", "vigente_desde"], name="recurso_procedente_unico"),
            models.CheckConstraint(condition=Q(plazo_dias_habiles__gte=1), name="recurso_procedente_plazo_positivo"),
        ]

    def __str__(self):
        return f"{self.get_recurso_display()} ante {self.ante} ({self.plazo_dias_habiles} días hábiles)"


class Acto(models.Model):
    """An act that binds a person once notified, can be contested, and takes effect once firm (DOMAIN §8)."""

    tipo = models.CharField(max_length=40, help_text="Clase de acto (core.registro.registrar_tipo_acto).")
    referencia = models.CharField(max_length=120, help_text="El acto dentro de su clase (número, id).")
    numero = models.CharField("número", max_length=60, blank=True)
    autoridad = models.CharField(max_length=20, choices=Autoridad.choices)
    fecha_expedicion = models.DateField("fecha de expedición")
    transcrito = models.BooleanField(
        default=False, help_text="Acto en papel expedido antes, transcrito con su fecha y su soporte."
    )
    soporte = models.CharField(max_length=300, blank=True)
    escaneo = models.FileField(
        "escaneo del acto en papel", upload_to="actos/escaneos/%Y/", blank=True,
        help_text="El PDF o escaneo del acto en papel transcrito: es lo que entrega la descarga del acto.",
    )
    firmante = models.CharField(max_length=200, blank=True)
    previo = models.BooleanField(
        default=False, help_text="Registrado antes de que el portal llevara el procedimiento (ya en firme)."
    )
    recurso_decidido = models.OneToOneField(
        "core.Recurso", null=True, blank=True, on_delete=models.PROTECT, related_name="decision",
        help_text="Si el acto decide un recurso: cuál.",
    )
    expedido_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "core"
        ordering = ["-fecha_expedicion", "-id"]
        verbose_name = "acto administrativo"
        verbose_name_plural = "actos administrativos"
        constraints = [models.UniqueConstraint(fields=["tipo", "referencia"], name="acto_unico_por_referencia")]

    def __str__(self):
        from core import registro

        numero = f" {self.numero}" if self.numero else ""
        return f"{registro.tipo_acto(self.tipo).etiqueta}{numero}"


class Interesado(models.Model):
    """A person an act concerns, and where the procedure stands for it: notified, waived, contested, firm."""

    class Medio(models.TextChoices):
        ELECTRONICA = "electronica", "Electrónica"
        PERSONAL = "personal", "Personal"
        AVISO = "aviso", "Por aviso"
        CONDUCTA = "conducta", "Por conducta concluyente"

    acto = models.ForeignKey(Acto, on_delete=models.CASCADE, related_name="interesados")
    beneficiario_id = models.PositiveBigIntegerField(null=True, blank=True, db_index=True)
    nit = models.CharField(max_length=20, blank=True, db_index=True)
    nombre = models.CharField(max_length=200)
    referencia = models.CharField(max_length=120, blank=True, help_text="Lo que el acto le decide (p. ej. cupo:12).")
    acepta_electronica = models.BooleanField(default=False)
    notificacion_medio = models.CharField(max_length=20, choices=Medio.choices, blank=True)
    notificacion_fecha = models.DateField(null=True, blank=True)
    notificacion_soporte = models.CharField(max_length=300, blank=True)
    renuncia_fecha = models.DateField(null=True, blank=True)
    renuncia_soporte = models.CharField(max_length=300, blank=True)
    vence_recursos = models.DateField(null=True, blank=True)
    en_firme_desde = models.DateField(null=True, blank=True, db_index=True)
    efectos_aplicados = models.DateTimeField(
        null=True, blank=True, help_text="Cuándo el trabajo diario aplicó los efectos de la firmeza (P-04)."
    )

    class Meta:
        app_label = "core"
        ordering = ["acto_id", "id"]
        verbose_name = "interesado en un acto"
        verbose_name_plural = "interesados en los actos"
        constraints = [
            models.UniqueConstraint(fields=["acto", "referencia"], condition=~Q(referencia=""),
                                    name="interesado_unico_por_referencia"),
            models.CheckConstraint(
                condition=Q(notificacion_fecha__isnull=True) | ~Q(notificacion_medio=""),
                name="interesado_notificacion_con_medio",
            ),
        ]

    def __str__(self):
        return f"{self.nombre} ({self.acto})"


class Recurso(models.Model):
    """P-03: a recurso filed by a person concerned; while `en_tramite` the act has no effect on it."""

    class Estado(models.TextChoices):
        EN_TRAMITE = "en_tramite", "En trámite"
        DECIDIDO = "decidido", "Decidido"

    class Sentido(models.TextChoices):
        CONFIRMA = "confirma", "Confirma el acto"
        MODIFICA = "modifica", "Modifica el acto"
        REVOCA = "revoca", "Revoca el acto"

    interesado = models.ForeignKey(Interesado, on_delete=models.CASCADE, related_name="recursos")
    tipo = models.CharField(max_length=20, choices=TipoRecurso.choices)
    fecha = models.DateField("fecha de presentación")
    motivos = models.TextField()
    soporte = models.CharField(max_length=300, blank=True)
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.EN_TRAMITE)
    vence_decision = models.DateField(help_text="Art. 86: dos meses para decidir; después, el silencio es negativo.")
    sentido = models.CharField(max_length=20, choices=Sentido.choices, blank=True)
    motivacion = models.TextField("motivación de la decisión", blank=True)
    presentado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "core"
        ordering = ["fecha", "id"]
        verbose_name = "recurso"
        verbose_name_plural = "recursos"

    def __str__(self):
        return f"{self.get_tipo_display()} de {self.interesado.nombre} ({self.get_estado_display().lower()})"
