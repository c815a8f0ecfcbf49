"""Exempt sales, wholesalers' monthly reports, beneficiaries' declarations, documents (R-18 to R-23)."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from core.comun.fechas import fecha_larga, mes_largo
from core.comun.galones import galones_texto
from core.models import Distribuidor
from core.segundo_plano.modelos import TrabajoPedido, campos_de_pedido
from cupos.models import Beneficiario, Movimiento
from zarpes.models import Certificado


class Venta(models.Model):
    """An exempt sale registered in real time by a wholesaler (R-18, R-19).

    A vessel's sale redeems its certificate (once: a unique key); an acuicultora's or the Armada's
    sale is a discount on the ledger, written in the same transaction.
    """

    distribuidor = models.ForeignKey(Distribuidor, on_delete=models.PROTECT, related_name="ventas")
    beneficiario = models.ForeignKey(Beneficiario, on_delete=models.PROTECT, related_name="ventas")
    fecha = models.DateField()
    galones = models.DecimalField(max_digits=12, decimal_places=2)
    # the invoice the sale's documents support («soporte de la respectiva factura», D1505 art. 5). Blank only
    # on sales registered before it was asked for.
    factura = models.CharField("número de la factura", max_length=60, blank=True, default="")
    certificado = models.OneToOneField(
        Certificado, null=True, blank=True, on_delete=models.PROTECT, related_name="venta"
    )
    movimiento = models.OneToOneField(Movimiento, null=True, blank=True, on_delete=models.PROTECT, related_name="venta")
    registrada_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creada = models.DateTimeField(auto_now_add=True)
    # Issue 27: it redeems a certificate issued in an earlier month. Such a sale can add a finding to
    # that month's reconciliation (a certificate used twice), so the month's fingerprint counts them
    # in the small partial index below.
    certificado_de_otro_mes = models.BooleanField(default=False, db_default=False, editable=False)

    class Meta:
        ordering = ["-fecha", "-id"]
        verbose_name = "venta exenta"
        verbose_name_plural = "ventas exentas"
        constraints = [
            models.CheckConstraint(condition=Q(galones__gt=0), name="venta_galones_positivos"),
            models.CheckConstraint(
                condition=Q(certificado__isnull=False, movimiento__isnull=True)
                | Q(certificado__isnull=True, movimiento__isnull=False),
                name="venta_certificado_o_descuento",
            ),
        ]
        indexes = [
            # Issue 27: a month's COUNT and SUM(id) (resumen_conciliacion.firmas) are an index-only
            # range scan; it also serves every lookup by date the former single-column index served.
            models.Index(fields=["fecha", "id"], name="venta_fecha_id_idx"),
            models.Index(
                fields=["fecha", "id"], name="venta_certificado_anterior_idx", condition=Q(certificado_de_otro_mes=True)
            ),
            models.Index(fields=["distribuidor", "fecha"], name="venta_distribuidor_fecha_idx"),
            # "is there a registered sale behind this report row?" is one index probe.
            models.Index(fields=["distribuidor", "beneficiario", "fecha"], name="venta_distrib_benef_fecha_idx"),
        ]

    def __str__(self):
        return f"Venta del {fecha_larga(self.fecha)}: {galones_texto(self.galones)} gal a {self.beneficiario}"


class DocumentoVenta(models.Model):
    """R-23: the supporting documents a wholesaler keeps per sale, attached or marked as kept."""

    class Tipo(models.TextChoices):
        LICENCIA_PESCA = "licencia_pesca", "Licencia de pesca o permiso de cabotaje"
        ZARPE = "zarpe", "Zarpe"
        CERTIFICADO_DESEMBARQUE = "certificado_desembarque", "Último certificado de desembarque"
        CERTIFICADO_EXENCION = "certificado_exencion", "Original del certificado de cupo de exención"
        CONVENIO = "convenio", "Convenio con la Armada Nacional"
        PERMISO_CULTIVO = "permiso_cultivo", "Permiso de cultivo vigente"
        DECLARACION_EXPRESA = "declaracion_expresa", "Declaración expresa de la acuicultora"
        RESOLUCION_UPME = "resolucion_upme", "Resolución UPME del cupo"

    venta = models.ForeignKey(Venta, on_delete=models.CASCADE, related_name="documentos")
    tipo = models.CharField(max_length=30, choices=Tipo.choices)
    # its number or reference, recorded with the sale (blank only on documents recorded before it was asked).
    referencia = models.CharField("número o referencia", max_length=120, blank=True, default="")
    archivo = models.FileField(upload_to="ventas/%Y/%m/", null=True, blank=True)
    conservado = models.BooleanField("original conservado por el distribuidor", default=False)
    # R-23 (D1505 art. 5): the wholesaler asks for them «al momento de la venta»; one recorded later says so.
    al_momento_de_la_venta = models.BooleanField("recibido al momento de la venta", default=False)
    vigente_hasta = models.DateField(
        "vigente hasta", null=True, blank=True, help_text="Permiso de cultivo: vigente a la fecha de la entrega."
    )
    observacion = models.CharField(max_length=300, blank=True)
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    actualizado = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "documento de venta"
        verbose_name_plural = "documentos de venta"
        constraints = [models.UniqueConstraint(fields=["venta", "tipo"], name="documento_venta_unico")]

    def __str__(self):
        return f"{self.get_tipo_display()} ({self.venta_id})"


class ReporteMensual(TrabajoPedido):
    """A wholesaler's monthly report of exempt sales (R-20). A new upload replaces the previous one.

    Its processing is a recoverable job (core.segundo_plano.trabajos): `latido`, `intentos` and `progreso` come
    from TrabajoPedido.
    """

    class Estado(models.TextChoices):
        RECIBIDO = "recibido", "Recibido"
        PROCESANDO = "procesando", "Procesando"
        PROCESADO = "procesado", "Procesado"
        RECHAZADO = "rechazado", "Rechazado"

    distribuidor = models.ForeignKey(Distribuidor, on_delete=models.PROTECT, related_name="reportes")
    periodo = models.DateField(help_text="Primer día del mes reportado.")
    version = models.PositiveIntegerField(default=1)
    vigente = models.BooleanField(default=True, help_text="La última versión procesada del periodo.")
    archivo = models.FileField(upload_to="reportes/%Y/%m/")
    nombre_original = models.CharField(max_length=255)
    tamano_bytes = models.PositiveBigIntegerField(default=0)
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.RECIBIDO)
    mensaje = models.TextField(blank=True, help_text="Por qué se rechazó el archivo, en español.")
    filas_validas = models.PositiveIntegerField(default=0)
    filas_con_error = models.PositiveIntegerField(default=0)
    total_galones = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    extemporaneo = models.BooleanField(default=False)
    fecha_limite = models.DateField(null=True, blank=True)
    subido_por, recibido, procesado = campos_de_pedido()

    class Meta:
        ordering = ["-periodo", "-version"]
        verbose_name = "reporte mensual"
        verbose_name_plural = "reportes mensuales"
        constraints = [
            models.UniqueConstraint(fields=["distribuidor", "periodo", "version"], name="reporte_version_unica"),
            models.UniqueConstraint(
                fields=["distribuidor", "periodo"], condition=Q(vigente=True), name="reporte_vigente_unico"
            ),
        ]

    def __str__(self):
        return f"Reporte de {mes_largo(self.periodo)}, versión {self.version} — {self.distribuidor}"


class FilaReporte(models.Model):
    """A valid row of a report, bulk-loaded with COPY."""

    # Rows are COPYed by the thousand (100,000 in a file) by the job that created and holds their
    # report. A PostgreSQL foreign key checks each row with a trigger at commit (~4 µs a row per
    # key: 0.8 s for 100,000 rows, more than the COPY itself), so the two keys are checked once per
    # report, set-based, in the final transaction (conciliacion._verificar_beneficiarios; the report
    # row is held by the job). The ORM still cascades and protects (on_delete). Neither key has an
    # index of its own (one less to fill per row): fila_reporte_benef_idx (reporte, beneficiario)
    # serves reads by report, and by beneficiary within a period's reports.
    reporte = models.ForeignKey(
        ReporteMensual, on_delete=models.CASCADE, related_name="filas", db_index=False, db_constraint=False
    )
    fila = models.PositiveIntegerField()
    fecha = models.DateField()
    beneficiario = models.ForeignKey(
        Beneficiario, on_delete=models.PROTECT, related_name="+", db_constraint=False, db_index=False
    )
    certificado_numero = models.CharField(max_length=30, blank=True)
    galones = models.DecimalField(max_digits=12, decimal_places=2)

    class Meta:
        # Each index costs every COPYed row (~1.5 µs a row each). Certificates repeated across reports
        # are found by joining the few reports of neighbouring months (conciliacion), not by an index
        # on the certificate number that every load would pay for.
        indexes = [models.Index(fields=["reporte", "beneficiario"], name="fila_reporte_benef_idx")]
        verbose_name = "fila de reporte mensual"
        verbose_name_plural = "filas de reportes mensuales"

    def __str__(self):
        return f"Fila {self.fila} del reporte {self.reporte_id}"


class ErrorFilaReporte(models.Model):
    reporte = models.ForeignKey(ReporteMensual, on_delete=models.CASCADE, related_name="errores")
    fila = models.PositiveIntegerField()
    campo = models.CharField(max_length=40)
    mensaje = models.CharField(max_length=300)

    class Meta:
        ordering = ["fila", "id"]
        verbose_name = "error de fila de reporte"
        verbose_name_plural = "errores de filas de reportes"

    def __str__(self):
        return f"Fila {self.fila}, {self.campo}: {self.mensaje}"


class Discrepancia(models.Model):
    """R-22: something that does not add up, found by the monthly reconciliation or a report.

    Written set-based by a report's final transaction (services.reportes.cruces: INSERT … SELECT from
    the report's rows, whose beneficiary keys are checked once per report), up to one per row: on the
    10th business day, hundreds of thousands. Like FilaReporte's, the keys are not PostgreSQL foreign
    keys (three triggers per row at commit: the largest part of the final COMMIT in bench/pico.py) and
    only the report has an index (every read is by report); the ORM still cascades (on_delete)."""

    reporte = models.ForeignKey(
        ReporteMensual,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="discrepancias",
        db_constraint=False,
    )
    periodo = models.DateField()
    distribuidor = models.ForeignKey(
        Distribuidor,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        db_constraint=False,
        db_index=False,
    )
    beneficiario = models.ForeignKey(
        Beneficiario,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        db_constraint=False,
        db_index=False,
    )
    fila = models.PositiveIntegerField(null=True, blank=True)
    codigo = models.CharField(max_length=40)
    detalle = models.CharField(max_length=400)

    class Meta:
        ordering = ["periodo", "codigo", "fila", "id"]

    def __str__(self):
        return f"{self.periodo:%Y-%m} {self.codigo}: {self.detalle}"


class Declaracion(models.Model):
    """R-21: a fishing/cabotage beneficiary or an acuicultora declares the gallons it acquired in the
    previous month, to UPME with a copy to Ecopetrol."""

    beneficiario = models.ForeignKey(Beneficiario, on_delete=models.PROTECT, related_name="declaraciones")
    periodo = models.DateField()
    galones_adquiridos = models.DecimalField(max_digits=12, decimal_places=2)
    presentada = models.DateField()
    extemporanea = models.BooleanField(
        default=False,
        help_text="Se conserva, pero no cuenta para la próxima asignación.",
    )
    registrada_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creada = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-periodo"]
        verbose_name = "declaración mensual"
        verbose_name_plural = "declaraciones mensuales"
        constraints = [
            models.UniqueConstraint(fields=["beneficiario", "periodo"], name="declaracion_unica_por_periodo"),
            models.CheckConstraint(condition=Q(galones_adquiridos__gte=0), name="declaracion_galones_no_negativos"),
        ]
        # Issue 27: a month's declarations (the reconciliation and its fingerprint) by range.
        indexes = [models.Index(fields=["periodo", "id"], name="declaracion_periodo_id_idx")]

    def __str__(self):
        return f"Declaración de {mes_largo(self.periodo)} de {self.beneficiario}"

    @property
    def tenida_en_cuenta(self) -> bool:
        """R-21: a late declaration "no será tenida en cuenta … en el siguiente proceso de asignación"."""
        return not self.extemporanea


class TipoAlertaDistribuidores(models.TextChoices):
    """The alerts of wholesalers' monthly reports and beneficiaries' declarations (R-20, R-21, R-25).

    Codes stored in core.Alerta.tipo (API.md "alerts"); apps.py registers them, so core knows no app."""

    REPORTE_DISTRIBUIDOR_VENCIDO = "reporte_distribuidor_vencido", "Reporte mensual del distribuidor vencido"
    DECLARACION_BENEFICIARIO_VENCIDA = "declaracion_beneficiario_vencida", "Declaración del beneficiario vencida"


class ExportacionConciliacion(TrabajoPedido):
    """R-22: a whole year's reconciliation as an Excel workbook, built by a Celery job (core.segundo_plano.trabajos)
    and stored; `distribuidor` is the scope of who asked (a wholesaler sees its own, UPME all)."""

    class Estado(models.TextChoices):
        EN_ESPERA = "en_espera", "En espera"
        GENERANDO = "generando", "Generando"
        LISTA = "lista", "Lista"
        FALLIDA = "fallida", "No se pudo generar"

    anio = models.PositiveSmallIntegerField("año")
    distribuidor = models.ForeignKey(Distribuidor, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.EN_ESPERA)
    archivo = models.FileField(upload_to="conciliacion/%Y/", blank=True)
    filas = models.PositiveIntegerField(default=0, help_text="Discrepancias escritas.")
    solicitada_por, solicitada, terminada = campos_de_pedido()

    class Meta:
        ordering = ["-solicitada", "-id"]
        verbose_name = "exportación anual de la conciliación"
        verbose_name_plural = "exportaciones anuales de la conciliación"

    def __str__(self):
        return f"Conciliación {self.anio} ({self.get_estado_display()})"


class ResumenConciliacion(models.Model):
    """R-22, issue 14: a month's reconciliation (or its 12-month series) as computed, stored with the
    fingerprint of the data it was computed from (services.resumen_conciliacion). The page reads it
    while the fingerprint still matches and recomputes it otherwise; never edited by hand."""

    class Clase(models.TextChoices):
        MES = "mes", "Mes"
        SERIE = "serie", "Serie de 12 meses"

    clase = models.CharField(max_length=10, choices=Clase.choices)
    periodo = models.DateField()
    alcance = models.PositiveIntegerField(help_text="Id del distribuidor, o 0 para todos.")
    huella = models.CharField(max_length=400)
    datos = models.JSONField()
    calculado = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "resumen de conciliación"
        verbose_name_plural = "resúmenes de conciliación"
        constraints = [
            models.UniqueConstraint(fields=["clase", "periodo", "alcance"], name="resumen_conciliacion_clave_uniq")
        ]

    def __str__(self):
        return f"Conciliación {self.get_clase_display()} {self.periodo:%Y-%m} ({self.alcance or 'todos'})"


class EnvioRelacion(models.Model):
    """Art. 15 D1505: the relación sent «con destino al productor y/o importador», with the copies of the
    documents, through the outbox (core.mensajes.outbox); when it was sent and when the recipient acknowledged it."""

    reporte = models.ForeignKey(ReporteMensual, on_delete=models.PROTECT, related_name="envios")
    destinatario_nit = models.CharField("NIT del productor o importador", max_length=20)
    destinatario = models.CharField("productor o importador", max_length=200)
    enviado = models.DateTimeField(auto_now_add=True)
    enviado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    acuse = models.DateTimeField("acuse del destinatario", null=True, blank=True)

    class Meta:
        ordering = ["-enviado"]
        verbose_name = "envío de la relación (art. 15)"
        verbose_name_plural = "envíos de la relación (art. 15)"
        constraints = [
            models.UniqueConstraint(fields=["reporte", "destinatario_nit"], name="envio_relacion_unico"),
        ]

    def __str__(self):
        return f"Relación {self.reporte_id} a {self.destinatario} (NIT {self.destinatario_nit})"
