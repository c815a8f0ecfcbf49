"""Zarpes, exemption certificates and inspector's reports (R-13 to R-17)."""

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q

from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto
from core.models import Capitania
from cupos.models import Beneficiario, Cupo, Movimiento, Retencion


class Zarpe(models.Model):
    """A clearance request at a capitanía: certified (with its certificate) or denied (R-13, R-15)."""

    class Estado(models.TextChoices):
        CERTIFICADO = "certificado", "Certificado expedido"
        NEGADO = "negado", "Negado"

    class Motivo(models.TextChoices):
        SIN_CUPO = "sin_cupo", "Sin saldo disponible"
        SIN_CUPO_VIGENTE = "sin_cupo_vigente", "Sin cupo vigente"

    class Limite(models.TextChoices):
        CAPACIDAD = "capacidad", "Capacidad máxima de combustible de la nave"
        CUPO = "cupo", "Saldo disponible del cupo"

    nave = models.ForeignKey(Beneficiario, on_delete=models.PROTECT, related_name="zarpes")
    # db_index=False: zarpe_capitania_fecha_idx starts with the capitanía (one index less to write per zarpe).
    capitania = models.ForeignKey(Capitania, on_delete=models.PROTECT, related_name="zarpes", db_index=False)
    fecha = models.DateField(db_index=True)
    galones_solicitados = models.DecimalField(max_digits=12, decimal_places=2)
    certificado_anterior = models.CharField(max_length=30, blank=True)
    estado = models.CharField(max_length=20, choices=Estado.choices)
    motivo = models.CharField(max_length=20, choices=Motivo.choices, blank=True)
    limitado_por = models.CharField(max_length=20, choices=Limite.choices, blank=True)
    galones_autorizados = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    disponible_despues = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    cupo = models.ForeignKey(Cupo, null=True, blank=True, on_delete=models.PROTECT, related_name="zarpes")
    oficial = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-fecha", "-id"]
        verbose_name = "zarpe"
        verbose_name_plural = "zarpes"
        constraints = [
            models.CheckConstraint(condition=Q(galones_solicitados__gt=0), name="zarpe_solicitados_positivos"),
            models.CheckConstraint(
                condition=Q(estado="certificado", galones_autorizados__gt=0, motivo="")
                | Q(estado="negado", galones_autorizados=0) & ~Q(motivo=""),
                name="zarpe_estado_coherente",
            ),
            models.CheckConstraint(
                condition=Q(galones_autorizados__lte=models.F("galones_solicitados")),
                name="zarpe_autorizados_no_exceden",
            ),
        ]
        indexes = [models.Index(fields=["capitania", "fecha"], name="zarpe_capitania_fecha_idx")]

    def __str__(self):
        return f"Zarpe de {self.nave} del {fecha_larga(self.fecha)} ({self.get_estado_display().lower()})"

    @property
    def mensaje_para_el_capitan(self) -> str:
        """What the officer reads to the captain (R-15)."""
        if self.estado == self.Estado.CERTIFICADO:
            return f"Se expide certificado de cupo de exención por {galones_texto(self.galones_autorizados)} galones."
        if self.motivo == self.Motivo.SIN_CUPO_VIGENTE:
            return (
                "La embarcación no tiene un cupo de combustible exento vigente. No se expide certificado: "
                "puede proveerse de combustible gravado en las condiciones del mercado."
            )
        return (
            "La embarcación no tiene saldo disponible en su cupo de combustible exento para esta ventana. "
            "No se expide certificado: puede proveerse de combustible gravado en las condiciones del mercado."
        )


class ConsecutivoCertificado(models.Model):
    """The last certificate number issued per capitanía and year (locked to allocate the next)."""

    capitania = models.ForeignKey(Capitania, on_delete=models.PROTECT, related_name="+")
    anio = models.PositiveSmallIntegerField()
    ultimo = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["capitania", "anio"], name="consecutivo_unico")]

    def __str__(self):
        return f"{self.capitania.codigo}-{self.anio}: {self.ultimo}"


class Certificado(models.Model):
    """The "Certificado de cupo de exención" (R-16): numbered per capitanía and year, verifiable."""

    class Estado(models.TextChoices):
        VIGENTE = "vigente", "Vigente"
        REDIMIDO = "redimido", "Redimido"
        ANULADO = "anulado", "Anulado"

    zarpe = models.OneToOneField(Zarpe, on_delete=models.PROTECT, related_name="certificado")
    numero = models.CharField("número", max_length=30, unique=True)
    # Neither FK gets its own index: certificado_consecutivo_unico starts with the capitanía and
    # certificado_nave_ultimo_idx with the vessel (fewer indexes to write per certificate).
    capitania = models.ForeignKey(Capitania, on_delete=models.PROTECT, related_name="certificados", db_index=False)
    anio = models.PositiveSmallIntegerField()
    consecutivo = models.PositiveIntegerField()
    codigo_verificacion = models.CharField("código de verificación", max_length=40, unique=True)
    nave = models.ForeignKey(Beneficiario, on_delete=models.PROTECT, related_name="certificados", db_index=False)
    cupo = models.ForeignKey(Cupo, on_delete=models.PROTECT, related_name="certificados")
    movimiento = models.OneToOneField(Movimiento, on_delete=models.PROTECT, related_name="certificado")
    galones_autorizados = models.DecimalField(max_digits=12, decimal_places=2)
    fecha_expedicion = models.DateField("fecha de expedición")
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.VIGENTE)
    creado = models.DateTimeField(auto_now_add=True)
    # Issue 43: a certificate issued offline at a counter, within a hold, and synced: the counter, the hold,
    # the counter's device signature of the act, and why UPME must review it (a Dimar baja or a cancellation
    # that arrived while the counter was offline does not undo a certificate issued in good faith).
    mostrador = models.ForeignKey(
        "zarpes.Mostrador", null=True, blank=True, on_delete=models.PROTECT, related_name="certificados"
    )
    retencion = models.ForeignKey(Retencion, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    firma_mostrador = models.TextField(blank=True)
    revision_upme = models.CharField("revisión de la UPME", max_length=300, blank=True)

    class Meta:
        ordering = ["-fecha_expedicion", "-id"]
        verbose_name = "certificado de cupo de exención"
        verbose_name_plural = "certificados de cupo de exención"
        constraints = [
            models.UniqueConstraint(fields=["capitania", "anio", "consecutivo"], name="certificado_consecutivo_unico"),
            models.CheckConstraint(condition=Q(galones_autorizados__gt=0), name="certificado_galones_positivos"),
        ]
        indexes = [
            models.Index(fields=["nave", "-fecha_expedicion", "-id"], name="certificado_nave_ultimo_idx"),
            # Issue 27: a month's certificates (the reconciliation and its fingerprint, which also sums the
            # annulled ones' ids) in an index-only range scan.
            models.Index(fields=["fecha_expedicion", "id", "estado"], name="certificado_fecha_id_idx"),
        ]

    def __str__(self):
        return f"Certificado {self.numero}"


class InspectorDesignadoQuerySet(models.QuerySet):
    def vigentes_en(self, fecha):
        """The designations in force on `fecha` (from vigente_desde to vigente_hasta, both included)."""
        return self.filter(Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=fecha), vigente_desde__lte=fecha)

    def vencidas_en(self, fecha):
        """The designations that ended before `fecha`."""
        return self.filter(vigente_hasta__lt=fecha)


class InspectorDesignado(models.Model):
    """R-13: the pollution inspector a capitanía designated, by an act, for a period. The inspector's
    report (R-17) names one in force at its capitanía on the report's date. A designation is ended by
    giving it a vigente_hasta, never deleted: past reports keep pointing at it."""

    capitania = models.ForeignKey(
        Capitania, on_delete=models.PROTECT, related_name="inspectores_designados", db_index=False
    )
    nombre = models.CharField("nombre completo", max_length=150)
    documento = models.CharField(
        "cédula de ciudadanía",
        max_length=12,
        validators=[RegexValidator(r"^[0-9]{5,12}$", "La cédula tiene entre 5 y 12 dígitos, sin puntos ni espacios.")],
    )
    acto_designacion = models.CharField(
        "acto de designación", max_length=150, help_text="Por ejemplo: Resolución 0123 del 2 de enero de 2026."
    )
    vigente_desde = models.DateField("vigente desde")
    vigente_hasta = models.DateField("vigente hasta", null=True, blank=True)
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creado = models.DateTimeField(auto_now_add=True)

    objects = InspectorDesignadoQuerySet.as_manager()

    class Meta:
        ordering = ["capitania_id", "nombre", "-vigente_desde", "id"]
        verbose_name = "inspector designado"
        verbose_name_plural = "inspectores designados"
        constraints = [
            models.UniqueConstraint(
                fields=["capitania", "documento", "vigente_desde"], name="inspector_designado_unico"
            ),
            models.CheckConstraint(
                condition=Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=models.F("vigente_desde")),
                name="inspector_designado_vigencia_coherente",
            ),
        ]

    def __str__(self):
        return f"{self.nombre} (C.C. {self.documento})"

    def vigente_en(self, fecha) -> bool:
        return self.vigente_desde <= fecha and (self.vigente_hasta is None or fecha <= self.vigente_hasta)


class Inspeccion(models.Model):
    """The pollution inspector's report of the gallons actually taken (R-17). Once per zarpe."""

    zarpe = models.OneToOneField(Zarpe, on_delete=models.PROTECT, related_name="inspeccion")
    fecha = models.DateField()
    galones_verificados = models.DecimalField(max_digits=12, decimal_places=2)
    # the inspector the capitanía designated, in force on `fecha`. Optional: API.md's report
    # ({"fecha","galones_verificados"}) is binding, so a report without one is recorded and says so.
    inspector = models.ForeignKey(
        InspectorDesignado, null=True, blank=True, on_delete=models.PROTECT, related_name="informes"
    )
    reintegro = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    ventana_cerrada = models.BooleanField(
        default=False, help_text="La diferencia no se reintegró: la ventana ya cerró."
    )
    movimiento = models.OneToOneField(Movimiento, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    # Issue 27: its certificate's date of issuance, the month the reconciliation counts it in, so that
    # a month's inspections are one index range (resumen_conciliacion.firmas) and not a join.
    certificado_expedicion = models.DateField(null=True, blank=True, editable=False)
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "informe del inspector"
        verbose_name_plural = "informes del inspector"
        constraints = [
            models.CheckConstraint(condition=Q(galones_verificados__gte=0), name="inspeccion_verificados_no_negativos"),
            models.CheckConstraint(condition=Q(reintegro__gte=0), name="inspeccion_reintegro_no_negativo"),
        ]
        indexes = [models.Index(fields=["certificado_expedicion", "id"], name="inspeccion_cert_fecha_id_idx")]

    def __str__(self):
        return f"Inspección del zarpe {self.zarpe_id}: {galones_texto(self.galones_verificados)} gal"


class Anulacion(models.Model):
    """The officer's annulment of a certificate whose zarpe never sailed. Once per certificate.

    The whole discount returns to the cupo while the accumulation window is open (as the
    inspector's refund does, R-17), and the vessel's chain of certificates goes on from the one
    before it (R-14). See docs/decisiones.md (R-14)."""

    certificado = models.OneToOneField(Certificado, on_delete=models.PROTECT, related_name="anulacion")
    fecha = models.DateField()
    motivo = models.CharField(max_length=300)
    reintegro = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    ventana_cerrada = models.BooleanField(
        default=False, help_text="El descuento no se reintegró: la ventana ya cerró o el cupo no está vigente."
    )
    movimiento = models.OneToOneField(Movimiento, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "anulación de certificado"
        verbose_name_plural = "anulaciones de certificados"
        constraints = [
            models.CheckConstraint(condition=~Q(motivo=""), name="anulacion_con_motivo"),
            models.CheckConstraint(condition=Q(reintegro__gte=0), name="anulacion_reintegro_no_negativo"),
        ]

    def __str__(self):
        return f"Anulación del certificado {self.certificado_id}"


class Mostrador(models.Model):
    """Issue 43: an officer's counter enrolled to work through an outage (the PWA at /oficial/mostrador/).

    Its device key is a WebCrypto ECDSA P-256 key pair made non-extractable in the browser: only the public
    key (a JWK) is registered here, published for the offline verification of its slips' QR codes."""

    capitania = models.ForeignKey(Capitania, on_delete=models.PROTECT, related_name="mostradores")
    nombre = models.CharField(max_length=80)
    clave_publica = models.JSONField(help_text="JWK de la clave pública ECDSA P-256 del dispositivo.")
    huella = models.CharField(max_length=64, unique=True, help_text="SHA-256 (RFC 7638) de la clave pública.")
    activo = models.BooleanField(default=True)
    inscrito_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    ultimo_latido = models.DateTimeField(null=True, blank=True)
    pendientes = models.PositiveIntegerField(default=0, help_text="Actos sin sincronizar según el último latido.")
    ultima_sincronizacion = models.DateTimeField(null=True, blank=True)
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["capitania_id", "id"]
        verbose_name = "mostrador sin conexión"
        verbose_name_plural = "mostradores sin conexión"

    def __str__(self):
        return f"Mostrador {self.id} ({self.nombre})"

    @property
    def titular(self) -> str:
        return f"mostrador:{self.id}"


class BloqueNumeros(models.Model):
    """Issue 43: certificate consecutives of a capitanía and year reserved for one counter, [desde, hasta]:
    taken from ConsecutivoCertificado under its lock, so no other issuance ever uses them."""

    mostrador = models.ForeignKey(Mostrador, on_delete=models.PROTECT, related_name="bloques")
    anio = models.PositiveSmallIntegerField()
    desde = models.PositiveIntegerField()
    hasta = models.PositiveIntegerField()
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["mostrador_id", "anio", "desde"]
        verbose_name = "bloque de números del mostrador"
        verbose_name_plural = "bloques de números de los mostradores"
        constraints = [models.CheckConstraint(condition=Q(hasta__gte=models.F("desde")), name="bloque_ordenado")]

    def __str__(self):
        return f"{self.anio}: {self.desde}–{self.hasta}"
