"""Resolutions, cupos, the accumulation rules as data, and the write-once ledger (R-05 to R-12)."""

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q

from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto
from core.segundo_plano.modelos import TrabajoConLatido
from cupos.models.beneficiarios import Beneficiario


class ReglaAcumulacion(models.Model):
    """R-10 as data: how many calendar months a window spans, by kind of beneficiary and TRB.

    The rule in force on a cupo's start date applies; the next decree is a new row, not new code.
    """

    class Clase(models.TextChoices):
        NAVE = "nave", "Nave (nacional o extranjera)"
        ACUICULTORA = "acuicultora", "Empresa acuicultora"
        ARMADA = "armada", "Armada Nacional"

    class Bandera(models.TextChoices):
        """D3802/2007 limited its 60–300 TRB row to national-flag vessels; D1891 covers both flags."""

        TODAS = "", "Nacional o extranjera"
        NACIONAL = "nacional", "Solo bandera nacional"
        EXTRANJERA = "extranjera", "Solo bandera extranjera"

    clase = models.CharField(max_length=20, choices=Clase.choices)
    bandera = models.CharField(
        max_length=12, choices=Bandera.choices, blank=True, default="", help_text="Solo para naves."
    )
    # each bound says whether it is included, so «60 a 300» and «más de 300» meet at 300 with no gap.
    trb_min = models.DecimalField("TRB desde", max_digits=9, decimal_places=2, null=True, blank=True)
    trb_min_incluido = models.BooleanField("TRB desde incluido", default=True)
    trb_max = models.DecimalField("TRB hasta", max_digits=9, decimal_places=2, null=True, blank=True)
    trb_max_incluido = models.BooleanField("TRB hasta incluido", default=True)
    meses = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    vigente_desde = models.DateField()
    vigente_hasta = models.DateField(null=True, blank=True)
    fechas_por_confirmar = models.BooleanField(
        "fechas por confirmar",
        default=False,
        help_text="Las fechas de vigencia no constan en las normas del proyecto (fecha de publicación en el Diario "
        "Oficial): la UPME las confirma o corrige y desmarca esta casilla.",
    )
    base_legal = models.CharField(max_length=300)

    class Meta:
        ordering = ["-vigente_desde", "clase", "trb_min"]
        verbose_name = "regla de acumulación"
        verbose_name_plural = "reglas de acumulación"
        constraints = [
            models.CheckConstraint(condition=Q(meses__gte=1, meses__lte=12), name="regla_meses_1_a_12"),
            models.CheckConstraint(
                condition=Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=models.F("vigente_desde")),
                name="regla_vigencia_ordenada",
            ),
        ]

    def __str__(self):
        bandera = f" ({self.get_bandera_display().lower()})" if self.bandera else ""
        rango = f" {self.rango_trb}" if self.rango_trb else ""
        return f"{self.get_clase_display()}{bandera}{rango}: {self.meses} mes(es) desde {self.vigente_desde}"

    @property
    def rango_trb(self) -> str:
        """The TRB range in words: «más de 300», «desde 60 hasta 300», «menos de 60»."""
        partes = []
        if self.trb_min is not None:
            partes.append(f"{'desde' if self.trb_min_incluido else 'más de'} {self.trb_min.normalize():f} TRB")
        if self.trb_max is not None:
            partes.append(f"{'hasta' if self.trb_max_incluido else 'menos de'} {self.trb_max.normalize():f} TRB")
        return " y ".join(partes)


class Resolucion(TrabajoConLatido):
    """UPME's motivated resolution granting the year's cupos (R-05): due by 28 February.

    Pipeline: borrador (its lines are set) → expidiendo (a job turns every line into a cupo, in one
    transaction; a recoverable job of core.segundo_plano.trabajos) → expedida; a failed job goes back to borrador
    with `error_expedicion`. The annual resolution is motivated (D1891 art. 1) by Dimar's fleet
    records, the cultivation areas and the previous year's consumption (`fuente_*`). During the year
    modifying and additional resolutions (R-04, R-24) are linked to the annual one (`modifica`).
    """

    class Estado(models.TextChoices):
        BORRADOR = "borrador", "Borrador"
        EXPIDIENDO = "expidiendo", "Expidiéndose"
        EXPEDIDA = "expedida", "Expedida"

    class Tipo(models.TextChoices):
        ANUAL = "anual", "Anual"
        MODIFICATORIA = "modificatoria", "Modificatoria"
        ADICIONAL = "adicional", "Adicional"

    anio = models.PositiveSmallIntegerField("año", validators=[MinValueValidator(2002)])
    numero = models.CharField("número", max_length=30)
    fecha_expedicion = models.DateField("fecha de expedición")
    tipo = models.CharField(max_length=20, choices=Tipo.choices, default=Tipo.ANUAL)
    modifica = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="modificaciones",
        verbose_name="resolución anual que modifica o adiciona",
    )
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.BORRADOR, db_index=True)
    considerandos = models.TextField(blank=True)
    fuente_flota_fecha = models.DateField(
        "fecha de los registros de flota de Dimar", null=True, blank=True, help_text="D1891 art. 1."
    )
    fuente_areas_cultivo = models.TextField("fuente de las áreas de cultivo", blank=True)
    fuente_consumo_anio = models.PositiveSmallIntegerField("año del consumo tenido en cuenta", null=True, blank=True)
    firmante = models.CharField(max_length=200, blank=True, default="Director General UPME")
    progreso = models.PositiveSmallIntegerField(default=0, help_text="Avance de la expedición (0 a 100).")
    error_expedicion = models.TextField("error de la última expedición", blank=True)
    expedida_en = models.DateTimeField(null=True, blank=True)
    expedida_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    creada = models.DateTimeField(auto_now_add=True)
    creada_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    # DOMAIN §8: the act under the procedure (notification, recursos, firmeza), made when it is issued.
    acto = models.OneToOneField(
        "core.Acto", null=True, blank=True, on_delete=models.PROTECT, related_name="+", editable=False
    )
    transcrita = models.BooleanField(
        default=False, help_text="Resolución expedida en papel antes del portal: conserva su fecha y su soporte."
    )
    soporte = models.CharField(
        max_length=300, blank=True, help_text="El acto en papel que se transcribe (número, fecha, archivo)."
    )

    class Meta:
        ordering = ["-anio", "-fecha_expedicion", "-id"]
        verbose_name = "resolución"
        verbose_name_plural = "resoluciones"
        constraints = [
            models.UniqueConstraint(fields=["anio", "numero"], name="resolucion_anio_numero_unica"),
            # one annual resolution per year; every other act of the year modifies or adds to it.
            models.UniqueConstraint(fields=["anio"], condition=Q(tipo="anual"), name="resolucion_anual_unica_por_anio"),
            models.CheckConstraint(
                condition=Q(estado__in=["borrador", "expidiendo", "expedida"]), name="resolucion_estado_valido"
            ),
            # An annual resolution stands alone; a modifying or additional one names the annual one.
            models.CheckConstraint(
                condition=Q(tipo="anual", modifica__isnull=True)
                | Q(tipo__in=["modificatoria", "adicional"], modifica__isnull=False),
                name="resolucion_tipo_y_modifica",
            ),
        ]

    def __str__(self):
        return f"Resolución UPME {self.numero} de {self.anio}"


class CupoQuerySet(models.QuerySet):
    """The one definition of "the cupo in force" (R-06, R-09, R-12).

    A cupo is in force on day t when it became firm (or was cancelled after becoming firm) and
    t lies between its start and its end; `fecha_fin` null means no successor or cancellation yet.
    `fecha` may be a date or an expression (OuterRef("fecha")).
    """

    def con_vigencia(self):
        return self.filter(estado__in=ESTADOS_CON_VIGENCIA)

    def vigentes_en(self, fecha):
        return self.vigentes_entre(fecha, fecha)

    def vigentes_entre(self, inicio, fin):
        """In force on at least one day of [inicio, fin]."""
        return (
            self.con_vigencia()
            .filter(fecha_inicio__lte=fin)
            .filter(Q(fecha_fin__isnull=True) | Q(fecha_fin__gte=inicio))
        )


def sql_vigente(alias: str, inicio: str, fin: str | None = None) -> str:
    """`vigentes_entre` as an SQL condition on the cupo table aliased `alias`, for raw queries.

    `inicio` and `fin` are SQL expressions (a placeholder or a column); `fin` defaults to `inicio`.
    """
    estados = ", ".join(f"'{e}'" for e in ESTADOS_CON_VIGENCIA)
    fin = fin or inicio
    return (
        f"{alias}.estado IN ({estados}) AND {alias}.fecha_inicio <= {fin}"
        f" AND ({alias}.fecha_fin IS NULL OR {alias}.fecha_fin >= {inicio})"
    )


class Cupo(models.Model):
    """A beneficiary's yearly exempt-fuel quota. Its balance is derived from the ledger (R-11).

    Pipeline (R-06, R-12): expedido → en_firme → cancelado; expedido → cancelado.
    R-06: it starts (`fecha_inicio`) on the later of its firmeza and its communication to Dimar; a
    firm cupo whose communication is not yet acknowledged has no start and is not in force.
    `fecha_fin` is the last day the cupo is in force: the day before a newer cupo of the same
    beneficiary starts, the day a decision ends its continuation (R-09), or the day before its
    cancellation date (R-12).
    """

    class Estado(models.TextChoices):
        EXPEDIDO = "expedido", "Expedido (sin firmeza)"
        EN_FIRME = "en_firme", "En firme"
        CANCELADO = "cancelado", "Cancelado"

    class Comunicacion(models.TextChoices):
        """R-06: how the communication date to Dimar was established."""

        ACUSE = "acuse", "Acuse de recibo de Dimar"
        OFICIO = "oficio", "Oficio (fecha de la firmeza)"
        REGISTRO_UPME = "registro_upme", "Fecha registrada por la UPME"

    class Fin(models.TextChoices):
        """R-09: why a cupo stopped being in force without a cancellation."""

        SUCESION = "sucesion", "Inició un cupo más reciente"
        SOLICITUD_RECHAZADA = "solicitud_rechazada", "Se rechazó la solicitud del año siguiente"
        PERDIDA_DERECHO = "perdida_derecho", "Perdió el derecho al cupo del año siguiente (información extemporánea)"
        SIN_CUPO_EN_RESOLUCION = "sin_cupo_en_resolucion", "No recibió cupo en la resolución del año siguiente"

    class Causal(models.TextChoices):
        """R-12: the grounds on which D1891 par. 1 lets UPME cancel a cupo."""

        BAJA_DIMAR = "baja_dimar", "Dimar informó la cancelación de la matrícula o del permiso de la nave"
        INACTIVIDAD = "inactividad", "Sin uso por más de tres meses sin causa justificada (decisión de la UPME)"
        COMUNICACION_AUTORIDAD = (
            "comunicacion_autoridad",
            "Comunicación motivada de Dimar, el Ministerio de Minas y Energía o una autoridad de control",
        )
        # Not a cancellation ground of R-12: the cupo is revoked by the decision on the beneficiary's own recurso
        # (DOMAIN P-03), before it was ever firm.
        RECURSO = "recurso", "Revocado al decidir el recurso contra la resolución"
        # an acuicultora's or the Armada's cupo is revoked only by a motivated modifying resolution naming its
        # ground (e.g. its cultivation permit lapsed): par. 1's three grounds are for vessels.
        REVOCACION_MOTIVADA = (
            "revocacion_motivada", "Revocación motivada en resolución modificatoria (acuicultora o Armada)"
        )

    # The grounds an analyst may cancel on; `recurso` is the decision's, never chosen.
    CAUSALES_R12 = [c for c in Causal.choices if c[0] in ("baja_dimar", "inactividad", "comunicacion_autoridad")]
    CAUSALES_REVOCACION = [*CAUSALES_R12, (Causal.REVOCACION_MOTIVADA.value, Causal.REVOCACION_MOTIVADA.label)]

    TRANSICIONES = {
        Estado.EXPEDIDO: {Estado.EN_FIRME, Estado.CANCELADO},
        Estado.EN_FIRME: {Estado.CANCELADO},
        Estado.CANCELADO: set(),
    }

    resolucion = models.ForeignKey(
        Resolucion, on_delete=models.PROTECT, related_name="cupos", verbose_name="resolución"
    )
    beneficiario = models.ForeignKey(Beneficiario, on_delete=models.PROTECT, related_name="cupos")
    # DOMAIN §8: the beneficiary's place in its resolution's act (notified, term, recursos, firm since).
    interesado = models.ForeignKey(
        "core.Interesado", null=True, blank=True, on_delete=models.PROTECT, related_name="+", editable=False
    )
    combustible = models.CharField(max_length=20, choices=Beneficiario.Combustible.choices)
    galones_anuales = models.DecimalField(max_digits=14, decimal_places=2)
    cuota_mensual = models.DecimalField(max_digits=14, decimal_places=2)
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.EXPEDIDO, db_index=True)
    fecha_firmeza = models.DateField(null=True, blank=True)
    fecha_inicio = models.DateField(null=True, blank=True)
    fecha_fin = models.DateField(null=True, blank=True)
    meses_ventana = models.PositiveSmallIntegerField(null=True, blank=True)
    rige_desde = models.DateField(
        "rige desde",
        null=True,
        blank=True,
        help_text="Resolución modificatoria: no empieza antes de este día aunque quede en firme antes.",
    )
    regla = models.ForeignKey(ReglaAcumulacion, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    dimar_notificado = models.DateTimeField("aviso a Dimar encolado", null=True, blank=True)
    fecha_comunicacion = models.DateField("comunicado a Dimar el", null=True, blank=True)
    comunicacion_origen = models.CharField(
        "origen de la fecha de comunicación", max_length=20, choices=Comunicacion.choices, blank=True
    )
    motivo_fin = models.CharField("motivo del fin de la vigencia", max_length=30, choices=Fin.choices, blank=True)
    detalle_fin = models.CharField(max_length=300, blank=True)
    fecha_cancelacion = models.DateField("cancelado desde", null=True, blank=True)  # the effect, once firm (P-05)
    # R-12 / P-05: a cancellation is an act; decided from `cancelacion_desde` (never before the act), it takes
    # effect from its firmeza for the beneficiary (`cancelacion_interesado`): then `fecha_cancelacion` is set.
    cancelacion_desde = models.DateField("cancelación decidida desde", null=True, blank=True)
    cancelacion_interesado = models.ForeignKey(
        "core.Interesado", null=True, blank=True, on_delete=models.PROTECT, related_name="+", editable=False
    )
    motivo_cancelacion = models.TextField(blank=True)
    causal_cancelacion = models.CharField("causal de la cancelación", max_length=30, choices=Causal.choices, blank=True)
    soporte_cancelacion = models.CharField(
        "soporte de la cancelación",
        max_length=300,
        blank=True,
        help_text="La baja de Dimar, la decisión de la UPME sobre la inactividad, o la comunicación de la "
        "autoridad con su número y fecha.",
    )
    causa_justificada_inactividad = models.TextField(
        blank=True, help_text="Causa justificada registrada por UPME frente a la inactividad."
    )
    creado = models.DateTimeField(auto_now_add=True)

    objects = CupoQuerySet.as_manager()

    class Meta:
        ordering = ["-resolucion__anio", "beneficiario__nombre"]
        verbose_name = "cupo"
        verbose_name_plural = "cupos"
        constraints = [
            models.UniqueConstraint(fields=["resolucion", "beneficiario"], name="cupo_unico_por_resolucion"),
            models.CheckConstraint(condition=Q(galones_anuales__gt=0), name="cupo_galones_positivos"),
            # a firm cupo starts once communicated to Dimar; until then it has no start.
            models.CheckConstraint(
                condition=Q(estado="expedido")
                | Q(estado="cancelado", fecha_inicio__isnull=True)
                | Q(estado="en_firme", fecha_inicio__isnull=True, fecha_comunicacion__isnull=True)
                | Q(fecha_inicio__isnull=False, meses_ventana__gte=1),
                name="cupo_en_firme_con_inicio_y_ventana",
            ),
            # a cancellation names one of the decree's grounds and its support.
            models.CheckConstraint(
                condition=~Q(estado="cancelado")
                | Q(causal_cancelacion__in=["baja_dimar", "inactividad", "comunicacion_autoridad", "recurso",
                                           "revocacion_motivada"])
                & ~Q(soporte_cancelacion=""),
                name="cupo_cancelado_con_causal_y_soporte",
            ),
        ]
        indexes = [
            # "the cupo in force on day t" for a beneficiary: one index probe.
            models.Index(fields=["beneficiario", "fecha_inicio"], name="cupo_benef_inicio_idx"),
        ]

    def __str__(self):
        return f"Cupo {self.resolucion.numero}/{self.resolucion.anio} — {self.beneficiario}"

    @property
    def comunicacion_origen_texto(self) -> str:
        """How the communication date was established, to read inside brackets without nesting them:
        «por oficio, en la fecha de la firmeza» (issue 26; the choice's label has its own brackets)."""
        return {
            self.Comunicacion.ACUSE: "por acuse de recibo de Dimar",
            self.Comunicacion.OFICIO: "por oficio, en la fecha de la firmeza",
            self.Comunicacion.REGISTRO_UPME: "fecha registrada por la UPME",
        }.get(self.comunicacion_origen, "")


# A cancelled cupo was in force until its end (fecha_fin); an issued one never was.
ESTADOS_CON_VIGENCIA = (Cupo.Estado.EN_FIRME, Cupo.Estado.CANCELADO)


class Movimiento(models.Model):
    """A write-once ledger row (R-11). Mistakes are corrected by a new movement, never an edit.

    Entitlements are not stored: they follow from the cupo's terms (R-07, R-08, R-09) month by
    month. The ledger records what changes consumption: discounts (certificates, sales) and refunds
    (inspector's reports), plus informative closing rows (expiry, cancellation) that never count.
    """

    class Tipo(models.TextChoices):
        DESCUENTO = "descuento", "Descuento"
        REINTEGRO = "reintegro", "Reintegro"
        VENCIMIENTO = "vencimiento", "Vencimiento de saldo"
        CANCELACION = "cancelacion", "Cancelación"

    CONSUMO = (Tipo.DESCUENTO, Tipo.REINTEGRO)

    cupo = models.ForeignKey(Cupo, on_delete=models.PROTECT, related_name="movimientos")
    tipo = models.CharField(max_length=20, choices=Tipo.choices)
    fecha = models.DateField()
    galones = models.DecimalField(max_digits=14, decimal_places=2)
    referencia = models.CharField(max_length=80, blank=True, help_text="p. ej. certificado:CP05-2026-000123")
    detalle = models.CharField(max_length=300, blank=True)
    creado = models.DateTimeField(auto_now_add=True)
    creado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    # Issue 27: written dated before the day it was written (a late sale, a refund dated in its window).
    # A month's reconciliation reads the consumption before the month; only such rows can change it
    # after the month began, and the fingerprint finds them in the small partial index below.
    atrasado = models.BooleanField(default=False, db_default=False, editable=False)

    class Meta:
        ordering = ["fecha", "id"]
        verbose_name = "movimiento"
        verbose_name_plural = "movimientos (libro)"
        constraints = [
            models.CheckConstraint(condition=Q(galones__gte=0), name="movimiento_galones_no_negativos"),
            models.CheckConstraint(
                condition=Q(tipo__in=["descuento", "reintegro", "vencimiento", "cancelacion"]),
                name="movimiento_tipo_valido",
            ),
        ]
        indexes = [
            # a window's consumption is one range scan on (cupo, fecha).
            models.Index(fields=["cupo", "fecha"], name="movimiento_cupo_fecha_idx"),
            # The dashboard's consumption per month of a year: an index-only scan of the year's rows.
            # (tipo and galones as key columns, not INCLUDE: SQLite, under `make run`, has no INCLUDE.)
            models.Index(fields=["fecha", "tipo", "galones"], name="movimiento_fecha_consumo_idx"),
            models.Index(fields=["fecha", "id"], name="movimiento_atrasado_idx", condition=Q(atrasado=True)),
        ]

    def __str__(self):
        return f"{self.get_tipo_display()} del {fecha_larga(self.fecha)}: {galones_texto(self.galones)} gal"


class RetencionQuerySet(models.QuerySet):
    def activas(self, ahora):
        """Holds that still reserve gallons at `ahora`: active and not past their expiry."""
        return self.filter(estado=Retencion.Estado.ACTIVA, expira__gt=ahora)


class Retencion(models.Model):
    """A hold on a cupo (issue 43; two-phase, as TigerBeetle's pending transfers): gallons an officer's
    counter reserved while online, to issue certificates against while its link is down.

    A hold is a ledger row of its own, not a movement: it never changes the balance. Every other
    authorization sees the balance less `galones - dispuesto` of the active holds of the cupo, so what a
    counter issues offline within its hold can never overdraw it (R-15). A draw (a certificate synced) is
    a normal discount (Movimiento) and adds to `dispuesto`; what is left stops reserving when the hold is
    released (the counter is done), expires (the beat's job) or is broken (its counter reachable)."""

    class Estado(models.TextChoices):
        ACTIVA = "activa", "Activa"
        LIBERADA = "liberada", "Liberada"
        VENCIDA = "vencida", "Vencida"
        ROTA = "rota", "Rota por otra capitanía"

    cupo = models.ForeignKey(Cupo, on_delete=models.PROTECT, related_name="retenciones")
    capitania = models.ForeignKey("core.Capitania", on_delete=models.PROTECT, related_name="retenciones")
    titular = models.CharField(max_length=40, help_text="Quién retiene, p. ej. mostrador:12")
    galones = models.DecimalField(max_digits=14, decimal_places=2)
    dispuesto = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.ACTIVA)
    expira = models.DateTimeField()
    cerrada = models.DateTimeField(null=True, blank=True)
    creado = models.DateTimeField(auto_now_add=True)
    creado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    objects = RetencionQuerySet.as_manager()

    class Meta:
        ordering = ["-creado", "-id"]
        verbose_name = "retención"
        verbose_name_plural = "retenciones (libro)"
        constraints = [
            models.CheckConstraint(condition=Q(galones__gt=0), name="retencion_galones_positivos"),
            models.CheckConstraint(
                condition=Q(dispuesto__gte=0, dispuesto__lte=models.F("galones")), name="retencion_dispuesto_acotado"
            ),
            models.CheckConstraint(
                condition=Q(estado__in=["activa", "liberada", "vencida", "rota"]), name="retencion_estado_valido"
            ),
        ]
        indexes = [
            models.Index(fields=["cupo", "expira"], name="retencion_activa_idx", condition=Q(estado="activa")),
            models.Index(fields=["titular", "estado"], name="retencion_titular_idx"),
        ]

    def __str__(self):
        return f"Retención de {galones_texto(self.galones)} gal ({self.get_estado_display().lower()})"

    @property
    def restante(self):
        return self.galones - self.dispuesto
