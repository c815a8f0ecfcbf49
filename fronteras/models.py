"""Border zones (zonas de frontera): maximum monthly volumes per municipality and service station,
deliveries against them, and Ecopetrol's supply plans (DOMAIN.md F-01 to F-07)."""

from django.conf import settings
from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q

from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto
from core.models import Distribuidor


class Combustible(models.TextChoices):
    GASOLINA = "gasolina", "Gasolina motor"
    ACPM = "acpm", "ACPM"
    ELECTROCOMBUSTIBLE = "electrocombustible", "Electrocombustible"


class Municipio(models.Model):
    """A border-zone municipality (F-01)."""

    codigo_dane = models.CharField(
        "código DANE",
        max_length=5,
        unique=True,
        validators=[RegexValidator(r"^\d{5}$", "El código DANE tiene 5 dígitos.")],
    )
    nombre = models.CharField(max_length=120)
    departamento = models.CharField(max_length=80, db_index=True)
    poblacion = models.PositiveIntegerField("población", validators=[MinValueValidator(1)])
    fuente_poblacion = models.CharField(max_length=200, blank=True, default="DANE, proyección de población")
    # F-01: the decree that makes the municipality a border zone, with its dates (designations are repealed
    # and replaced, as D2340/2004 by D1475/2014).
    decreto_designacion = models.CharField("decreto que lo designa zona de frontera", max_length=200, blank=True)
    designacion_desde = models.DateField("designado desde", null=True, blank=True)
    designacion_hasta = models.DateField("designado hasta", null=True, blank=True)

    class Meta:
        ordering = ["departamento", "nombre"]
        verbose_name = "municipio de frontera"
        verbose_name_plural = "municipios de frontera"

    def __str__(self):
        return f"{self.nombre} ({self.departamento})"


class RegimenEspecial(models.Model):
    """F-01 (art. 2 par. 3): a department whose distribution is governed by its own decrees. Data, not
    code: UPME keeps the citation current when a decree modifies, clarifies or replaces them."""

    departamento = models.CharField(max_length=80, unique=True)
    decretos = models.TextField("decretos que rigen la distribución")
    fundamento = models.CharField(max_length=200, help_text="Dónde lo dice la norma (artículo y parágrafo).")
    # F-01: special regimes are repealed and replaced (D2340/2004 by D1475/2014): each has its validity.
    vigente_desde = models.DateField(null=True, blank=True)
    vigente_hasta = models.DateField(null=True, blank=True)
    derogado_por = models.CharField("derogado o sustituido por", max_length=200, blank=True)
    fechas_por_confirmar = models.BooleanField(
        default=True, help_text="Las fechas no constan en las normas del proyecto: la UPME las confirma."
    )

    class Meta:
        ordering = ["departamento"]
        verbose_name = "régimen especial de distribución"
        verbose_name_plural = "regímenes especiales de distribución"

    def __str__(self):
        return f"{self.departamento}: {self.decretos}"

    @property
    def texto(self) -> str:
        """The decrees as the pages say them, with their repeal when there is one."""
        return f"{self.decretos} (derogado por el {self.derogado_por})" if self.derogado_por else self.decretos


class EstacionServicio(models.Model):
    """A service station of a border municipality, with its conformity certificate (F-03, F-04)."""

    codigo = models.CharField("código", max_length=30, unique=True)
    nombre = models.CharField(max_length=200)
    municipio = models.ForeignKey(Municipio, on_delete=models.PROTECT, related_name="estaciones")
    capacidad_certificada_gal = models.DecimalField(
        "capacidad certificada (gal)", max_digits=12, decimal_places=2, validators=[MinValueValidator(0)]
    )
    fecha_certificado = models.DateField("fecha del certificado de conformidad")
    fecha_entrega_certificado = models.DateField("fecha de entrega del certificado al MinMinas")
    empresa_transporte = models.BooleanField(
        "de empresa de transporte urbano que subsidia tarifas", default=False  # F-04
    )
    inicio_operacion = models.DateField("inicio de operación", null=True, blank=True)
    activa = models.BooleanField(default=True)

    class Meta:
        ordering = ["municipio", "nombre"]
        verbose_name = "estación de servicio"
        verbose_name_plural = "estaciones de servicio"

    def __str__(self):
        return f"{self.codigo} — {self.nombre}"


class CertificadoConformidad(models.Model):
    """F-03 (art. 5): each delivery to MinMinas of the station's conformity certificate, with the
    capacity its volumetric gauging certified. A delivery serves only the period it was made for."""

    estacion = models.ForeignKey(EstacionServicio, on_delete=models.CASCADE, related_name="certificados_conformidad")
    fecha_expedicion = models.DateField("fecha de expedición")
    fecha_entrega = models.DateField("fecha de entrega al MinMinas")
    capacidad_gal = models.DecimalField(
        "capacidad certificada (gal)", max_digits=12, decimal_places=2, validators=[MinValueValidator(0)]
    )
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["-fecha_entrega", "-id"]
        verbose_name = "certificado de conformidad"
        verbose_name_plural = "certificados de conformidad"
        constraints = [
            models.CheckConstraint(
                condition=Q(fecha_entrega__gte=models.F("fecha_expedicion")), name="cert_conformidad_fechas"
            )
        ]

    def __str__(self):
        return f"{self.estacion} entregado el {fecha_larga(self.fecha_entrega)}"


class CertificadoTransporteQuerySet(models.QuerySet):
    def que_dan_adicional(self):
        """F-04: a certificate counts for the extra only with its delivery date (to UPME and the Dirección de
        Hidrocarburos) and a certified subsidy of at least 25 %; without a delivery date it gives no extra."""
        return self.filter(fecha_entrega__isnull=False, subsidio_pct__gte=SUBSIDIO_MINIMO_PCT)


# F-04 (art. 4): the share of the fares a transport company subsidizes to keep the extra.
SUBSIDIO_MINIMO_PCT = 25


class CertificadoTransporte(models.Model):
    """F-04: the yearly certificate that keeps a transport company's 50 % extra, when delivered (fecha_entrega)."""

    estacion = models.ForeignKey(EstacionServicio, on_delete=models.CASCADE, related_name="certificados_transporte")
    vigente_desde = models.DateField()
    vigente_hasta = models.DateField()
    subsidio_pct = models.DecimalField(
        "subsidio a tarifas (%)", max_digits=5, decimal_places=2, validators=[MinValueValidator(25)]
    )
    # F-04 (art. 4 par.): each condition of the municipality with the competent authority's certification
    # that proves it, and the day the station delivered them (by 31 January: art. 5 inciso 3).
    soporte_subsidio = models.CharField("certificación del subsidio", max_length=300, blank=True)
    conflicto_armado = models.CharField("certificación de conflictos de grupos al margen de la ley", max_length=300,
                                        blank=True)
    poblacion_desescolarizada = models.CharField("certificación de alta población desescolarizada", max_length=300,
                                                 blank=True)
    nbi_superior = models.CharField("certificación del NBI superior a la media nacional", max_length=300, blank=True)
    fecha_entrega = models.DateField("entregado a la UPME y al MinMinas el", null=True, blank=True)
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    objects = CertificadoTransporteQuerySet.as_manager()

    class Meta:
        ordering = ["-vigente_desde"]
        constraints = [
            models.CheckConstraint(
                condition=Q(vigente_hasta__gte=models.F("vigente_desde")), name="cert_transporte_fechas"
            )
        ]

    def __str__(self):
        return f"{self.estacion} del {fecha_larga(self.vigente_desde)} al {fecha_larga(self.vigente_hasta)}"

    @property
    def da_adicional(self) -> bool:
        """F-04: delivered (fecha_entrega) with a subsidy of at least 25 %."""
        return self.fecha_entrega is not None and self.subsidio_pct >= SUBSIDIO_MINIMO_PCT


class GranConsumidor(models.Model):
    """F-06 (art. 4): a large consumer with the maximum monthly volume UPME assigned it under its
    general methodology, the act that assigned it (required), its validity and its ejecutoria: the
    volume applies from the day the act is final, as a station's (F-05). One row per NIT and fuel: a
    large consumer may hold a volume of each fuel."""

    nit = models.CharField(max_length=20)
    nombre = models.CharField(max_length=200)
    municipio = models.ForeignKey(Municipio, on_delete=models.PROTECT, related_name="grandes_consumidores")
    combustible = models.CharField(max_length=20, choices=Combustible.choices)
    volumen_mensual = models.DecimalField(max_digits=14, decimal_places=2, validators=[MinValueValidator(0)])
    metodologia = models.CharField(max_length=300, blank=True)
    fuente = models.CharField(
        "acto que asigna el volumen", max_length=200, help_text="Resolución de la UPME y su fecha."
    )
    vigente_desde = models.DateField(null=True, blank=True)
    vigente_hasta = models.DateField(null=True, blank=True)
    fecha_ejecutoria = models.DateField(
        "ejecutoria del acto", null=True, blank=True, help_text="El volumen rige desde que el acto queda en firme."
    )

    class Meta:
        ordering = ["municipio", "nombre"]
        verbose_name = "gran consumidor"
        verbose_name_plural = "grandes consumidores"
        constraints = [
            models.UniqueConstraint(fields=["nit", "combustible"], name="gran_consumidor_nit_combustible_unico"),
            models.CheckConstraint(condition=~Q(fuente=""), name="gran_consumidor_con_fuente"),
            models.CheckConstraint(
                condition=Q(vigente_desde__isnull=True)
                | Q(vigente_hasta__isnull=True)
                | Q(vigente_hasta__gte=models.F("vigente_desde")),
                name="gran_consumidor_vigencia",
            )
        ]

    def __str__(self):
        return self.nombre


class CompraHistorica(models.Model):
    """A station's purchases of one fuel in one month: what F-03's 24-month average reads."""

    estacion = models.ForeignKey(EstacionServicio, on_delete=models.CASCADE, related_name="compras")
    periodo = models.DateField(help_text="Primer día del mes.")
    combustible = models.CharField(max_length=20, choices=Combustible.choices)
    galones = models.DecimalField(max_digits=14, decimal_places=2, validators=[MinValueValidator(0)])
    fuente = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["estacion", "periodo"]
        verbose_name = "compra histórica"
        verbose_name_plural = "compras históricas"
        constraints = [
            models.UniqueConstraint(fields=["estacion", "periodo", "combustible"], name="compra_unica_por_mes")
        ]

    def __str__(self):
        return f"{self.estacion} {self.periodo:%Y-%m} {self.combustible}: {self.galones}"


class Asignacion(models.Model):
    """UPME's maximum volumes for one municipality and fuel for two years (F-02 to F-05)."""

    class Estado(models.TextChoices):
        EXPEDIDA = "expedida", "Expedida"
        EJECUTORIADA = "ejecutoriada", "Ejecutoriada (en firme)"

    municipio = models.ForeignKey(Municipio, on_delete=models.PROTECT, related_name="asignaciones")
    combustible = models.CharField(max_length=20, choices=Combustible.choices)
    anio_inicio = models.PositiveSmallIntegerField("primer año")
    indicador_per_capita = models.DecimalField(max_digits=10, decimal_places=4)
    factor_gnv = models.DecimalField("factor GNV", max_digits=6, decimal_places=4)
    factor_flujo = models.DecimalField("factor de flujo vehicular", max_digits=6, decimal_places=4)
    poblacion = models.PositiveIntegerField("población usada")
    fuentes = models.JSONField(default=dict, help_text="La fuente de cada insumo.")
    volumen_municipal = models.DecimalField(max_digits=14, decimal_places=2)
    vigencia_inicio = models.DateField()
    vigencia_fin = models.DateField()
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.EXPEDIDA)
    resolucion = models.CharField("resolución", max_length=40, blank=True)
    # DOMAIN §8: the act that issues the assignment, notified to each station it assigns (P-01); its
    # ejecutoria is the day the act is firm for all of them (P-04, fronteras.services.procedimiento).
    acto = models.OneToOneField(
        "core.Acto", null=True, blank=True, editable=False, on_delete=models.PROTECT, related_name="+"
    )
    fecha_ejecutoria = models.DateField(null=True, blank=True)
    # F-05 (art. 4): UPME sends Ecopetrol a copy of the resolution, and the information of its ejecutoria.
    copia_ecopetrol_enviada = models.DateTimeField("copia enviada a Ecopetrol", null=True, blank=True)
    copia_ecopetrol_acuse = models.DateTimeField("acuse de Ecopetrol de la copia", null=True, blank=True)
    ejecutoria_ecopetrol_enviada = models.DateTimeField("ejecutoria informada a Ecopetrol", null=True, blank=True)
    ejecutoria_ecopetrol_acuse = models.DateTimeField("acuse de Ecopetrol de la ejecutoria", null=True, blank=True)
    creada = models.DateTimeField(auto_now_add=True)
    creada_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["-anio_inicio", "municipio", "combustible"]
        verbose_name = "asignación de volúmenes"
        verbose_name_plural = "asignaciones de volúmenes"
        indexes = [models.Index(fields=["municipio", "combustible", "fecha_ejecutoria"], name="asignacion_vigente_idx")]
        constraints = [
            models.CheckConstraint(
                condition=Q(estado="expedida", fecha_ejecutoria__isnull=True)
                | Q(estado="ejecutoriada", fecha_ejecutoria__isnull=False),
                name="asignacion_ejecutoria_coherente",
            )
        ]

    def __str__(self):
        return f"{self.municipio} {self.get_combustible_display()} {self.anio_inicio}–{self.anio_inicio + 1}"


class AsignacionEstacion(models.Model):
    """A station's share of its municipality's volume (F-03) and its extra (F-04)."""

    asignacion = models.ForeignKey(Asignacion, on_delete=models.CASCADE, related_name="estaciones")
    estacion = models.ForeignKey(EstacionServicio, on_delete=models.PROTECT, related_name="asignaciones")
    promedio_compras = models.DecimalField(max_digits=16, decimal_places=4)
    capacidad = models.DecimalField(max_digits=12, decimal_places=2)
    participacion = models.DecimalField(max_digits=20, decimal_places=15)
    volumen_mensual = models.DecimalField(max_digits=14, decimal_places=2)
    adicional = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    # P-03: a decision on the station's recurso that revokes the act for it: its share never applies.
    revocada = models.DateField("revocada al decidir su recurso", null=True, blank=True)

    class Meta:
        ordering = ["asignacion", "-volumen_mensual"]
        constraints = [models.UniqueConstraint(fields=["asignacion", "estacion"], name="asignacion_estacion_unica")]

    def __str__(self):
        return f"{self.estacion}: {galones_texto(self.volumen_mensual)} gal"


class Despacho(models.Model):
    """A delivery by a wholesaler or tercero to a station (F-05) or to a large consumer (F-06),
    checked against the month's volume of its destination."""

    distribuidor = models.ForeignKey(Distribuidor, on_delete=models.PROTECT, related_name="despachos")
    estacion = models.ForeignKey(
        EstacionServicio, null=True, blank=True, on_delete=models.PROTECT, related_name="despachos"
    )
    gran_consumidor = models.ForeignKey(
        GranConsumidor, null=True, blank=True, on_delete=models.PROTECT, related_name="despachos"
    )
    asignacion_estacion = models.ForeignKey(
        AsignacionEstacion, null=True, blank=True, on_delete=models.PROTECT, related_name="despachos"
    )
    fecha = models.DateField()
    combustible = models.CharField(max_length=20, choices=Combustible.choices)
    galones = models.DecimalField(max_digits=12, decimal_places=2)
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-fecha", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(galones__gt=0), name="despacho_galones_positivos"),
            models.CheckConstraint(
                condition=Q(estacion__isnull=False, gran_consumidor__isnull=True, asignacion_estacion__isnull=False)
                | Q(estacion__isnull=True, gran_consumidor__isnull=False, asignacion_estacion__isnull=True),
                name="despacho_un_destino",
            ),
        ]
        indexes = [
            models.Index(fields=["estacion", "combustible", "fecha"], name="despacho_estacion_mes_idx"),
            models.Index(fields=["gran_consumidor", "fecha"], name="despacho_gran_consumidor_idx"),
            # The deliveries page, newest first: two years of 300 stations read a page without sorting them all.
            models.Index(fields=["fecha", "id"], name="despacho_fecha_id_idx"),
        ]

    def __str__(self):
        return f"Despacho del {fecha_larga(self.fecha)}: {galones_texto(self.galones)} gal a {self.destino}"

    @property
    def destino(self):
        return self.estacion or self.gran_consumidor


class PlanAbastecimiento(models.Model):
    """F-07: Ecopetrol's supply plan for a department, evaluated by MinMinas."""

    class Estado(models.TextChoices):
        PRESENTADO = "presentado", "Presentado"
        AJUSTES = "ajustes_solicitados", "Ajustes solicitados"
        APROBADO = "aprobado", "Aprobado (visto bueno)"
        VENCIDO = "vencido", "Visto bueno vencido"

    departamento = models.CharField(max_length=80)
    fecha_presentacion = models.DateField()
    descripcion = models.TextField(help_text="Origen del combustible, rutas, cadena de distribución y condiciones.")
    estado = models.CharField(max_length=25, choices=Estado.choices, default=Estado.PRESENTADO)
    vence_evaluacion = models.DateField()
    ajustes_detalle = models.TextField(blank=True)
    vence_ajustes = models.DateField(null=True, blank=True)
    fecha_aprobacion = models.DateField(null=True, blank=True)
    resolucion = models.CharField(max_length=40, blank=True)
    # DOMAIN §8: the act of the latest approval, notified to Ecopetrol; final when P-04 says so.
    acto = models.ForeignKey(
        "core.Acto", null=True, blank=True, editable=False, on_delete=models.PROTECT, related_name="+"
    )
    fecha_ejecutoria = models.DateField(null=True, blank=True)
    visto_bueno_desde = models.DateField(null=True, blank=True)
    visto_bueno_hasta = models.DateField(null=True, blank=True)
    renovado = models.BooleanField(default=False)
    huella_aprobada = models.CharField(
        max_length=64, blank=True, help_text="SHA-256 del plan aprobado: detecta cambios."
    )
    vence_aviso_dian = models.DateField(null=True, blank=True)
    aviso_dian = models.DateField("aviso a la DIAN", null=True, blank=True)
    # F-07: the decree asks Ecopetrol for a yearly report without a date; MinMinas sets it in the approval:
    # the first report is due on this day, each later one on the same day and month of the next years.
    informe_anual_vence = models.DateField("primer informe anual vence", null=True, blank=True)
    presentado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    actualizado = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-fecha_presentacion", "-id"]
        verbose_name = "plan de abastecimiento"
        verbose_name_plural = "planes de abastecimiento"

    def __str__(self):
        return f"Plan de abastecimiento {self.departamento} ({fecha_larga(self.fecha_presentacion)})"


class InformeAnualPlan(models.Model):
    """F-07: Ecopetrol's yearly report on a plan."""

    plan = models.ForeignKey(PlanAbastecimiento, on_delete=models.CASCADE, related_name="informes")
    anio = models.PositiveSmallIntegerField()
    presentado = models.DateField()
    resumen = models.TextField(blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["plan", "anio"], name="informe_anual_unico")]
        verbose_name = "informe anual del plan"
        verbose_name_plural = "informes anuales de los planes"

    def __str__(self):
        return f"Informe {self.anio} — {self.plan}"


class PrioridadContratacion(models.Model):
    """F-01: the contracting priority order recorded per municipality (1 = first)."""

    class Canal(models.TextChoices):
        PLANTA_DEPARTAMENTO = "planta_departamento", "Plantas de abastecimiento del departamento"
        PLANTA_VECINA = "planta_vecina", "Plantas de municipios o departamentos vecinos"
        TERCERO = "tercero", "Terceros registrados"
        ESTACION = "estacion", "Estaciones de servicio de la zona"

    # F-01 (art. 2): the decree's order of prelación; a channel of a lower tier is contracted only with the
    # reason why the higher ones cannot serve (`motivo`), and a tercero is one MinMinas registered.
    ORDEN_LEGAL = (Canal.PLANTA_DEPARTAMENTO, Canal.PLANTA_VECINA, Canal.TERCERO, Canal.ESTACION)

    municipio = models.ForeignKey(Municipio, on_delete=models.CASCADE, related_name="prioridades")
    orden = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    canal = models.CharField(max_length=30, choices=Canal.choices)
    proveedor = models.CharField(max_length=200, blank=True)
    tercero = models.ForeignKey(
        "core.Distribuidor", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        help_text="El tercero aprobado y registrado por el MinMinas (solo para el canal de terceros).",
    )
    motivo = models.TextField("por qué los canales de mayor prelación no pueden atender", blank=True)

    class Meta:
        ordering = ["municipio", "orden"]
        constraints = [
            models.UniqueConstraint(fields=["municipio", "orden"], name="prioridad_orden_unico"),
            models.CheckConstraint(
                condition=Q(canal="planta_departamento") | ~Q(motivo=""), name="prioridad_inferior_con_motivo"
            ),
        ]

    def __str__(self):
        return f"{self.municipio} {self.orden}. {self.get_canal_display()}"


class ContratoEcopetrol(models.Model):
    """F-01 (art. 2): Ecopetrol "podrá ceder o contratar" the distribution in a border municipality
    with wholesalers, terceros "previamente aprobados y registrados" by MinMinas, or retailers. Only a
    distributor with a contract in force for the destination's municipality records deliveries there."""

    class Prioridad(models.IntegerChoices):
        # F-01 (art. 2): the decree's order of prelación for sales to final consumers.
        PLANTA_DEPARTAMENTO = 1, "1. Plantas de abastecimiento del departamento"
        PLANTA_VECINA = 2, "2. Plantas de municipios o departamentos vecinos"
        TERCERO = 3, "3. Terceros registrados en el MinMinas"
        ESTACION = 4, "4. Estaciones de servicio de la zona"

    distribuidor = models.ForeignKey(Distribuidor, on_delete=models.PROTECT, related_name="contratos_ecopetrol")
    municipio = models.ForeignKey(Municipio, on_delete=models.PROTECT, related_name="contratos_ecopetrol")
    acto = models.CharField("contrato o cesión de Ecopetrol", max_length=200)
    vigente_desde = models.DateField()
    vigente_hasta = models.DateField(null=True, blank=True)
    # F-01: the tier it is contracted in (1 when not given: docs/decisiones.md); a lower tier only with the reason
    # why the higher ones cannot serve, and a tercero (tier 3) with MinMinas' act that registered it.
    prioridad = models.PositiveSmallIntegerField("orden de prelación", choices=Prioridad.choices,
                                                 default=Prioridad.PLANTA_DEPARTAMENTO)
    motivo = models.TextField("por qué los órdenes de mayor prelación no pueden atender", blank=True)
    registro_minminas = models.CharField("acto de registro del tercero en el MinMinas", max_length=200, blank=True)
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["municipio", "-vigente_desde", "id"]
        verbose_name = "contrato de distribución con Ecopetrol"
        verbose_name_plural = "contratos de distribución con Ecopetrol"  # F-01
        constraints = [
            models.CheckConstraint(
                condition=Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=models.F("vigente_desde")),
                name="contrato_ecopetrol_vigencia_ordenada",
            ),
            models.UniqueConstraint(
                fields=["distribuidor", "municipio", "vigente_desde"], name="contrato_ecopetrol_unico"
            ),
            models.CheckConstraint(condition=Q(prioridad__gte=1, prioridad__lte=4),
                                   name="contrato_ecopetrol_prioridad_valida"),
            models.CheckConstraint(
                condition=Q(prioridad=1) | ~Q(motivo=""), name="contrato_ecopetrol_inferior_con_motivo",
                violation_error_message="Un orden inferior al primero se contrata solo con el motivo por el que los "
                                        "de mayor prelación no pueden atender.",
            ),
            models.CheckConstraint(
                condition=~Q(prioridad=3) | ~Q(registro_minminas=""), name="contrato_ecopetrol_tercero_registrado",
                violation_error_message="Un tercero se contrata con el acto del MinMinas que lo aprobó y registró.",
            ),
        ]

    def __str__(self):
        return f"{self.acto}: {self.distribuidor} en {self.municipio}"


class TipoAlertaFronteras(models.TextChoices):
    """The alerts of border assignments and supply plans (F-03, F-07).

    Codes stored in core.Alerta.tipo (API.md "alerts"); apps.py registers them, so core knows no app."""

    ASIGNACION_FRONTERA_VENCIDA = "asignacion_frontera_vencida", "Asignación de zona de frontera vencida"
    ASIGNACION_FRONTERA_EXPIRADA = (
        "asignacion_frontera_expirada",
        "Volúmenes de frontera expirados sin nueva asignación en firme",
    )
    PLAN_EVALUACION_VENCIDA = "plan_evaluacion_vencida", "Evaluación del plan de abastecimiento vencida"
    PLAN_AJUSTES_VENCIDOS = "plan_ajustes_vencidos", "Ajustes al plan de abastecimiento vencidos"
    PLAN_AVISO_DIAN_VENCIDO = "plan_aviso_dian_vencido", "Aviso del plan a la DIAN vencido"
    PLAN_INFORME_ANUAL_VENCIDO = "plan_informe_anual_vencido", "Informe anual del plan vencido"
    PLAN_VISTO_BUENO_VENCIDO = "plan_visto_bueno_vencido", "Visto bueno del plan de abastecimiento vencido"
