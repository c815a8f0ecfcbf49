"""Cargo reservation (reserva de carga, DOMAIN.md section 7, C-01 to C-12; normas/004).

Registries Dimar keeps (routes, ports, ships, agencies, national shipowners, conferences), the
agents' reports (arrivals, manifests, bills of lading), the importers' and exporters' files
(exonerations, yearly contracts, semiannual reports, offers) and the conferences' surcharges.
Importers and exporters are named by NIT (plain strings): the same NIT a `usuario_carga` user holds.
"""

import datetime as dt
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q
from django.utils.functional import cached_property

from core.comun.fechas import fecha_larga
from core.models import Capitania, validar_nit

# Tonnes with 3 decimals and USD with 2 (API.md "Cargo reservation").
TONELADAS_MAXIMO = Decimal("999999999.999")  # numeric(12, 3)
USD_MAXIMO = Decimal("999999999999.99")  # numeric(14, 2)
PAIS = RegexValidator(r"^[A-Z]{2}$", "Use el código ISO de dos letras del país (p. ej. CO, PA).")


def toneladas_field(verbose_name: str = "toneladas", **kwargs):
    return models.DecimalField(verbose_name, max_digits=12, decimal_places=3, **kwargs)


def usd_field(verbose_name: str, **kwargs):
    return models.DecimalField(verbose_name, max_digits=14, decimal_places=2, **kwargs)


class Operacion(models.TextChoices):
    IMPORTACION = "importacion", "Importación"
    EXPORTACION = "exportacion", "Exportación"


class Clase(models.TextChoices):
    """C-02 (arts. 7, 8): the two classes of cargo. The class follows from the packing, never from
    the commodity: only unpacked cargo moved massively is bulk."""

    GENERAL = "general", "Carga general"
    GRANEL = "granel", "Carga a granel"


class Mercancia(models.TextChoices):
    """The commodity of a bill of lading, apart from its class (C-02): what C-01 (the 0 % imports,
    coffee) and C-10 (special systems, coal and oil exports) look at."""

    ORDINARIA = "ordinaria", "Mercancía ordinaria"
    REGIMEN_ESPECIAL = "regimen_especial", "Sistemas especiales de importación y exportación"
    ZONA_FRANCA = "zona_franca", "Mercancía para zona franca industrial"
    PAPEL_PERIODICO = "papel_periodico", "Papel periódico para medios escritos"
    IMPORTACION_MENOR = "importacion_menor", "Importación menor"
    CAFE_VERDE = "cafe_verde", "Café verde (excelso)"
    CAFE_PROCESADO = "cafe_procesado", "Café procesado"
    CARBON = "carbon", "Carbón"
    PETROLEO = "petroleo", "Petróleo"


MERCANCIAS_CAFE = frozenset({Mercancia.CAFE_VERDE, Mercancia.CAFE_PROCESADO})
# C-01 (art. 1 inc. 4): the imports whose share is 0 %.
MERCANCIAS_CERO_IMPORTACION = frozenset(
    {Mercancia.REGIMEN_ESPECIAL, Mercancia.ZONA_FRANCA, Mercancia.PAPEL_PERIODICO, Mercancia.IMPORTACION_MENOR}
)


class Embalaje(models.TextChoices):
    GRANEL = "granel", "A granel (sin empaque)"
    CONTENEDOR = "contenedor", "Contenedorizada"
    PALETIZADA = "paletizada", "Paletizada"
    EMBALADA = "embalada", "Embalada"
    SUELTA = "suelta", "Suelta, manipulada por unidades"


class PorcentajeReserva(models.Model):
    """C-01 as dated data: the reserved share per operation and class (or commodity), with its act.

    A row names a class (general, bulk) or a commodity (the 0 % imports, coffee): a commodity's row
    wins over its class's. `pais` is for reciprocity (art. 10): a row for one country of origin
    (imports) or destination (exports) replaces the general share for that country's bills; blank
    means every country. A bill is judged by the share in force on its arrival date.
    """

    operacion = models.CharField("operación", max_length=20, choices=Operacion.choices)
    clase = models.CharField(max_length=20, choices=Clase.choices, blank=True)
    mercancia = models.CharField("mercancía", max_length=20, choices=Mercancia.choices, blank=True)
    porcentaje = models.DecimalField(
        max_digits=5, decimal_places=2, validators=[MinValueValidator(0), MaxValueValidator(100)]
    )
    pais = models.CharField("país (reciprocidad)", max_length=2, blank=True, validators=[PAIS])
    vigente_desde = models.DateField()
    vigente_hasta = models.DateField(null=True, blank=True)
    base_legal = models.CharField("acto que lo fija", max_length=300)

    class Meta:
        ordering = ["-vigente_desde", "operacion", "clase"]
        verbose_name = "porcentaje de reserva de carga"
        verbose_name_plural = "porcentajes de reserva de carga"  # C-01
        constraints = [
            models.CheckConstraint(
                condition=Q(porcentaje__gte=0, porcentaje__lte=100), name="reserva_porcentaje_0_100"
            ),
            models.CheckConstraint(
                condition=Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=F("vigente_desde")),
                name="reserva_porcentaje_vigencia_ordenada",
            ),
            models.CheckConstraint(
                condition=(Q(mercancia="") & ~Q(clase="")) | (~Q(mercancia="") & Q(pais="")),
                name="reserva_porcentaje_clase_o_mercancia",
            ),
        ]

    def __str__(self):
        desde = f"{fecha_larga(self.vigente_desde)}"
        que = self.get_mercancia_display() if self.mercancia else self.get_clase_display()
        pais = f" (origen o destino {self.pais})" if self.pais else ""
        return f"{self.get_operacion_display()} · {que}{pais}: {self.porcentaje} % desde {desde}"


class Ruta(models.Model):
    """A route or service assigned by Dimar (arts. 1, 2; D2451/1986 arts. 5 and 6)."""

    codigo = models.CharField("código", max_length=20, unique=True)
    nombre = models.CharField(max_length=200)
    operacion = models.CharField("operación", max_length=20, choices=Operacion.choices)
    activa = models.BooleanField(default=True)

    class Meta:
        ordering = ["codigo"]
        verbose_name = "ruta asignada"
        verbose_name_plural = "rutas asignadas"

    def __str__(self):
        return f"{self.codigo} — {self.nombre}"


class Puerto(models.Model):
    """A port; a Colombian one belongs to a capitanía (notified of exonerations, C-07)."""

    codigo = models.CharField("código", max_length=10, unique=True, help_text="UN/LOCODE, p. ej. COCTG.")
    nombre = models.CharField(max_length=120)
    pais = models.CharField("país", max_length=2, default="CO", validators=[PAIS])
    capitania = models.ForeignKey(Capitania, null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["pais", "nombre"]
        verbose_name = "puerto"
        verbose_name_plural = "puertos"

    def __str__(self):
        return f"{self.nombre} ({self.codigo})"


class Agencia(models.Model):
    """A maritime agency: its agents report arrivals, manifests and bills of lading (C-08)."""

    nit = models.CharField("NIT", max_length=20, unique=True, validators=[validar_nit])
    razon_social = models.CharField("razón social", max_length=200)
    activa = models.BooleanField(default=True)

    class Meta:
        ordering = ["razon_social"]
        verbose_name = "agencia marítima"
        verbose_name_plural = "agencias marítimas"

    def __str__(self):
        return f"{self.razon_social} (NIT {self.nit})"


class Conferencia(models.Model):
    """A maritime conference; its registered representative files surcharges (C-12)."""

    codigo = models.CharField("código", max_length=40, unique=True)
    nombre = models.CharField(max_length=200)

    class Meta:
        ordering = ["nombre"]
        verbose_name = "conferencia marítima"
        verbose_name_plural = "conferencias marítimas"

    def __str__(self):
        return self.nombre


class NavieraNacional(models.Model):
    """A Colombian shipowner authorized on routes: asked for capacity (C-06 a) and offers (C-10)."""

    nit = models.CharField("NIT", max_length=20, unique=True, validators=[validar_nit])
    razon_social = models.CharField("razón social", max_length=200)
    rutas = models.ManyToManyField(Ruta, blank=True, related_name="navieras")

    class Meta:
        ordering = ["razon_social"]
        verbose_name = "naviera nacional"
        verbose_name_plural = "navieras nacionales"

    def __str__(self):
        return self.razon_social


class Nave(models.Model):
    """C-03: a ship with its flag and whether it is assimilated, valid between two dates."""

    nombre = models.CharField(max_length=120)
    imo = models.CharField(
        "IMO", max_length=7, validators=[RegexValidator(r"^\d{7}$", "El número IMO tiene 7 dígitos.")]
    )
    bandera = models.CharField(max_length=2, validators=[PAIS])
    asimilada = models.BooleanField(
        default=False, help_text="Asimilada a la bandera colombiana (art. 54 del Decreto 2451 de 1986)."
    )
    vigente_desde = models.DateField()
    vigente_hasta = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["nombre", "-vigente_desde"]
        verbose_name = "nave"
        verbose_name_plural = "naves"  # C-03
        constraints = [
            models.UniqueConstraint(fields=["imo", "vigente_desde"], name="reserva_nave_imo_vigencia_unica"),
            models.CheckConstraint(
                condition=Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=F("vigente_desde")),
                name="reserva_nave_vigencia_ordenada",
            ),
        ]

    def __str__(self):
        return f"{self.nombre} (IMO {self.imo}, {self.bandera})"

    def vigente_en(self, fecha: dt.date) -> bool:
        return self.vigente_desde <= fecha and (self.vigente_hasta is None or fecha <= self.vigente_hasta)

    def cuenta_reserva_en(self, fecha: dt.date) -> bool:
        """C-03: only Colombian-flag or assimilated ships, within their validity, count."""
        return (self.bandera == "CO" or self.asimilada) and self.vigente_en(fecha)


class UsuarioCarga(models.Model):
    """An importer or exporter as the bills of lading name it (registered on first sight)."""

    nit = models.CharField("NIT", max_length=20, unique=True, validators=[validar_nit])
    razon_social = models.CharField("razón social", max_length=200)
    regimen_especial = models.BooleanField(
        "usuario de sistemas especiales", default=False, help_text="Presenta informes semestrales."  # C-09
    )

    class Meta:
        ordering = ["razon_social"]
        verbose_name = "importador o exportador"
        verbose_name_plural = "importadores y exportadores"

    def __str__(self):
        return f"{self.razon_social} (NIT {self.nit})"


class Arribo(models.Model):
    """C-08: the agent's notice of a ship's arrival (or sailing, for exports), with the deadlines
    of the manifest (10th business day after arrival) and of the bills of lading (15th)."""

    agencia = models.ForeignKey(Agencia, on_delete=models.PROTECT, related_name="arribos")
    nave = models.ForeignKey(Nave, on_delete=models.PROTECT, related_name="arribos")
    ruta = models.ForeignKey(Ruta, on_delete=models.PROTECT, related_name="arribos")
    puerto = models.CharField(max_length=120)
    capitania = models.ForeignKey(Capitania, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    fecha_arribo = models.DateField(db_index=True)
    operacion = models.CharField("operación", max_length=20, choices=Operacion.choices)
    clase_carga = models.CharField("clase de carga", max_length=20, choices=Clase.choices, blank=True)
    toneladas_declaradas = toneladas_field("toneladas declaradas", null=True, blank=True)
    # C-08 (art. 9 par. 2): the notice comes before the arrival; one filed after it is flagged.
    fecha_aviso = models.DateField("aviso presentado el", null=True, blank=True)
    aviso_extemporaneo = models.BooleanField("aviso posterior al arribo", default=False)
    # Art. 9 par. 2: a chartered ship or space: the copy of the charter authorization goes to the capitanía.
    fletamento = models.BooleanField("nave o espacio fletado", default=False)
    autorizacion_fletamento = models.CharField("autorización de fletamento", max_length=120, blank=True)
    # Art. 12: the bills are owed only for goods carried as exonerated or not subject to the reserve.
    carga_exenta = models.BooleanField("trae carga exonerada o no sujeta a la reserva", default=False)
    vence_sobordo = models.DateField()
    vence_conocimientos = models.DateField()
    sobordo = models.FileField(upload_to="reserva/sobordos/%Y/%m/", blank=True)
    sobordo_nombre = models.CharField(max_length=255, blank=True)
    sobordo_presentado = models.DateField("sobordo presentado", null=True, blank=True)
    sobordo_extemporaneo = models.BooleanField(default=False)
    conocimientos_entregados = models.DateField(null=True, blank=True)
    creado = models.DateTimeField(auto_now_add=True)
    creado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["-fecha_arribo", "-id"]
        verbose_name = "arribo"
        verbose_name_plural = "arribos"
        constraints = [
            models.CheckConstraint(
                condition=Q(vence_sobordo__gt=F("fecha_arribo")) & Q(vence_conocimientos__gte=F("vence_sobordo")),
                name="reserva_arribo_plazos_ordenados",
            ),
            models.CheckConstraint(
                condition=Q(toneladas_declaradas__isnull=True) | Q(toneladas_declaradas__gt=0),
                name="reserva_arribo_toneladas_positivas",
            ),
        ]

    def __str__(self):
        return f"{self.nave.nombre} en {self.puerto} el {fecha_larga(self.fecha_arribo)}"

    @property
    def carga_sin_declarar(self) -> bool:
        """A notice filed without the class or quantity of its cargo (C-08 asks for both)."""
        return not self.clase_carga or self.toneladas_declaradas is None


class Conocimiento(models.Model):
    """A bill of lading (C-08) of one importer or exporter, on one arrival: what C-04 adds up."""

    arribo = models.ForeignKey(Arribo, on_delete=models.PROTECT, related_name="conocimientos")
    numero = models.CharField("número", max_length=40)
    usuario_nit = models.CharField("NIT del importador o exportador", max_length=20, db_index=True)
    usuario_nombre = models.CharField("importador o exportador", max_length=200)
    mercancia = models.CharField("mercancía", max_length=20, choices=Mercancia.choices)
    embalaje = models.CharField(max_length=20, choices=Embalaje.choices)
    clase = models.CharField(max_length=20, choices=Clase.choices, help_text="Derivada del embalaje.")  # C-02
    puerto_cargue = models.CharField("puerto de cargue", max_length=120, blank=True)
    pais_cargue = models.CharField("país de cargue", max_length=2, blank=True, validators=[PAIS])
    puerto_descargue = models.CharField("puerto de descargue", max_length=120, blank=True)
    pais_descargue = models.CharField("país de descargue", max_length=2, blank=True, validators=[PAIS])
    toneladas = toneladas_field()
    flete_usd = usd_field("flete (USD)")
    exoneracion = models.ForeignKey(
        "Exoneracion", null=True, blank=True, on_delete=models.PROTECT, related_name="conocimientos"
    )
    solicitud_oferta = models.ForeignKey(
        "SolicitudOferta", null=True, blank=True, on_delete=models.PROTECT, related_name="conocimientos"
    )
    # C-10 (arts. 3, 4): special-system imports and coal or oil exports on a foreign ship need the
    # request for offers to the national shipowners; a bill without one is flagged for Dimar.
    sin_solicitud_oferta = models.BooleanField("sin solicitud de ofertas a armadores nacionales", default=False)
    registrado = models.DateField("registrado el")
    extemporaneo = models.BooleanField(default=False)
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["arribo", "numero"]
        verbose_name = "conocimiento de embarque"
        verbose_name_plural = "conocimientos de embarque"
        constraints = [
            models.UniqueConstraint(fields=["arribo", "numero"], name="reserva_conocimiento_numero_unico"),
            models.CheckConstraint(condition=Q(toneladas__gt=0), name="reserva_conocimiento_toneladas_positivas"),
            models.CheckConstraint(condition=Q(flete_usd__gte=0), name="reserva_conocimiento_flete_no_negativo"),
            models.CheckConstraint(  # C-02: bulk exactly when unpacked, whatever the commodity
                condition=Q(clase=Clase.GRANEL, embalaje=Embalaje.GRANEL)
                | (Q(clase=Clase.GENERAL) & ~Q(embalaje=Embalaje.GRANEL)),
                name="reserva_conocimiento_clase_por_embalaje",
            ),
        ]

    def __str__(self):
        return f"BL {self.numero}"


class Delegacion(models.Model):
    """Art. 16: the express act by which the Director General delegates the signing of the
    exoneration seal (to the Secretary General), with its validity. Dimar records it."""

    class Cargo(models.TextChoices):
        DIRECTOR_GENERAL = "director_general", "Director General Marítimo"
        SECRETARIO_GENERAL = "secretario_general", "Secretario General de Dimar"

    acto = models.CharField(
        "acto de delegación", max_length=120, unique=True, help_text="P. ej. «Resolución 0123 de 12 de enero de 2026»."
    )
    vigente_desde = models.DateField()
    vigente_hasta = models.DateField(null=True, blank=True)
    cargo_delegante = models.CharField(
        "cargo que delega", max_length=30, choices=Cargo.choices, default=Cargo.DIRECTOR_GENERAL
    )
    cargo_delegado = models.CharField(
        "cargo delegatario", max_length=30, choices=Cargo.choices, default=Cargo.SECRETARIO_GENERAL
    )
    nombre_delegado = models.CharField("nombre de quien ejerce el cargo delegatario", max_length=200)
    registrada_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creada = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-vigente_desde", "-id"]
        verbose_name = "delegación de firma del sello"
        verbose_name_plural = "delegaciones de firma del sello (art. 16)"
        constraints = [
            models.CheckConstraint(
                condition=Q(vigente_hasta__isnull=True) | Q(vigente_hasta__gte=F("vigente_desde")),
                name="reserva_delegacion_vigencia_ordenada",
            ),
        ]

    def __str__(self):
        return f"{self.acto} ({self.nombre_delegado})"

    def vigente_en(self, fecha: dt.date) -> bool:
        return self.vigente_desde <= fecha and (self.vigente_hasta is None or fecha <= self.vigente_hasta)


class Exoneracion(models.Model):
    """C-06: an importer's or exporter's request to carry cargo outside the reserve.

    radicada ──completar──▶ completar ──(documents)──▶ radicada      (the term stops meanwhile)
             └─aclaracion─▶ aclaracion ──▶ concedida | negada      (decided once, STYLE habit 6)
    completar, one month without the documents ──▶ desistida (Ley 1437 art. 17)
    """

    class Fundamento(models.TextChoices):
        A = "a", "a) Falta de capacidad de los armadores nacionales"
        B = "b", "b) Carga de uso exclusivo de las Fuerzas Armadas"
        C = "c", "c) Fletes lesivos para la economía nacional"
        D = "d", "d) Exportación de café exigida por las condiciones del comprador"

    class Estado(models.TextChoices):
        RADICADA = "radicada", "Radicada"
        COMPLETAR = "completar", "Documentos por completar"
        ACLARACION = "aclaracion", "Aclaración solicitada"
        CONCEDIDA = "concedida", "Concedida"
        NEGADA = "negada", "Negada"
        DESISTIDA = "desistida", "Desistida"

    class Solicitante(models.TextChoices):
        USUARIO = "usuario", "El importador o exportador"
        COMPRADOR = "comprador", "El comprador"

    usuario_nit = models.CharField("NIT del importador o exportador", max_length=20, db_index=True)
    fundamento = models.CharField(max_length=1, choices=Fundamento.choices)
    ruta = models.ForeignKey(Ruta, on_delete=models.PROTECT, related_name="exoneraciones")
    clase = models.CharField(max_length=20, choices=Clase.choices)
    mercancia = models.CharField("mercancía", max_length=20, choices=Mercancia.choices, default=Mercancia.ORDINARIA)
    solicitante = models.CharField(max_length=20, choices=Solicitante.choices, default=Solicitante.USUARIO)
    toneladas = toneladas_field()
    puerto_origen = models.CharField("puerto de origen", max_length=120)
    puerto_destino = models.CharField("puerto de destino", max_length=120)
    licencia = models.CharField("licencia, registro o permiso", max_length=120)
    concepto_federacion = models.BooleanField("concepto favorable de la Federación de Cafeteros", default=False)
    corredor_nit = models.CharField("NIT del corredor de fletamento", max_length=20, blank=True)
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.RADICADA)
    fecha_radicacion = models.DateField("radicada el")
    vence_decision = models.DateField("decisión a más tardar")
    # Ley 1437 art. 17: a request to complete stops the term; one month without an answer is withdrawal.
    completar_desde = models.DateField("documentos pedidos el", null=True, blank=True)
    vence_completar = models.DateField("completar a más tardar", null=True, blank=True)
    # Ley 1437 art. 14 par.: before the term ends Dimar tells why it will be late and by when.
    aviso_demora_fecha = models.DateField("aviso de demora dado el", null=True, blank=True)
    aviso_demora_motivo = models.TextField("motivo de la demora", blank=True)
    fecha_decision = models.DateField(null=True, blank=True)
    motivo_decision = models.TextField(blank=True)
    embarcar_antes_de = models.DateField(null=True, blank=True)
    # Art. 16: who signed the seal, and under which delegation when it is not the Director General.
    firma_cargo = models.CharField("cargo de quien firma", max_length=30, choices=Delegacion.Cargo.choices, blank=True)
    firma_nombre = models.CharField("nombre de quien firma", max_length=200, blank=True)
    delegacion = models.ForeignKey(
        Delegacion, null=True, blank=True, on_delete=models.PROTECT, related_name="exoneraciones"
    )
    codigo_verificacion = models.CharField(max_length=20, null=True, blank=True, unique=True)
    # DOMAIN §8: the act that decided it (core.actos), notified to the petitioner with its recursos.
    acto = models.ForeignKey("core.Acto", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    radicada_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creada = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-fecha_radicacion", "-id"]
        verbose_name = "solicitud de exoneración"
        verbose_name_plural = "solicitudes de exoneración"
        constraints = [
            models.CheckConstraint(condition=Q(toneladas__gt=0), name="reserva_exoneracion_toneladas_positivas"),
            models.CheckConstraint(
                condition=~Q(estado="concedida") | Q(embarcar_antes_de__isnull=False, fecha_decision__isnull=False),
                name="reserva_exoneracion_concedida_con_plazo",
            ),
            models.CheckConstraint(  # art. 15 par. 2
                condition=~Q(fundamento="c", clase=Clase.GRANEL) | ~Q(corredor_nit=""),
                name="reserva_exoneracion_granel_c_con_corredor",
            ),
            models.CheckConstraint(  # art. 16: a grant is signed
                condition=~Q(estado="concedida") | ~Q(firma_cargo=""),
                name="reserva_exoneracion_concedida_firmada",
            ),
            models.CheckConstraint(  # art. 16: the Secretary General signs only under a delegation
                condition=~Q(firma_cargo="secretario_general") | Q(delegacion__isnull=False),
                name="reserva_exoneracion_secretario_delegado",
            ),
        ]

    def __str__(self):
        return f"Exoneración n.º {self.pk} ({self.usuario_nit})"

    @cached_property
    def usuario_razon_social(self) -> str:
        """The importer's or exporter's name, as the registry of bills of lading has it ("" if unknown)."""
        return UsuarioCarga.objects.filter(nit=self.usuario_nit).values_list("razon_social", flat=True).first() or ""

    @property
    def usuario_descripcion(self) -> str:
        """«Acerías del Caribe S.A.S. (NIT 900555123)»: whom the seal exonerates, by name (issue 26)."""
        nombre = self.usuario_razon_social
        return f"{nombre} (NIT {self.usuario_nit})" if nombre else f"NIT {self.usuario_nit}"

    @property
    def decidida(self) -> bool:
        return self.estado in (self.Estado.CONCEDIDA, self.Estado.NEGADA, self.Estado.DESISTIDA)


class DocumentoExoneracion(models.Model):
    """A document of an exoneration file (art. 15), checked by content and served through access checks."""

    exoneracion = models.ForeignKey(Exoneracion, on_delete=models.CASCADE, related_name="documentos")
    tipo = models.CharField(max_length=40)
    archivo = models.FileField(upload_to="reserva/exoneraciones/%Y/%m/")
    nombre_original = models.CharField(max_length=255)
    cargado = models.DateTimeField(auto_now_add=True)
    cargado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["cargado", "id"]
        verbose_name = "documento de exoneración"
        verbose_name_plural = "documentos de exoneración"

    def __str__(self):
        return f"{self.tipo}: {self.nombre_original}"


class DecisionExoneracion(models.Model):
    """The history of an exoneration file: each clarification request and the final decision."""

    class Decision(models.TextChoices):
        CONCEDIDA = "concedida", "Concedida"
        NEGADA = "negada", "Negada"
        ACLARACION = "aclaracion", "Aclaración solicitada"
        COMPLETAR = "completar", "Documentos solicitados para completar la solicitud"

    exoneracion = models.ForeignKey(Exoneracion, on_delete=models.CASCADE, related_name="decisiones")
    decision = models.CharField("decisión", max_length=20, choices=Decision.choices)
    fecha = models.DateField()
    motivo = models.TextField()
    embarcar_antes_de = models.DateField(null=True, blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creada = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["fecha", "id"]
        verbose_name = "decisión sobre exoneración"
        verbose_name_plural = "decisiones sobre exoneraciones"

    def __str__(self):
        return f"{self.get_decision_display()} el {fecha_larga(self.fecha)}"


class Embarque(models.Model):
    """C-07 (arts. 18, 20): the beneficiary's communication before loading exonerated cargo."""

    exoneracion = models.ForeignKey(Exoneracion, on_delete=models.PROTECT, related_name="embarques")
    fecha_embarque = models.DateField()
    fecha_aviso = models.DateField("aviso presentado el", null=True, blank=True)
    aviso_tardio = models.BooleanField("aviso posterior al embarque", default=False)
    nave = models.CharField(max_length=120)
    bandera = models.CharField(max_length=2, blank=True)
    puerto = models.CharField("puerto colombiano", max_length=120, blank=True)
    puerto_cargue = models.CharField("puerto de cargue", max_length=120, blank=True)
    puerto_descargue = models.CharField("puerto de descargue", max_length=120, blank=True)
    fecha_arribo_estimada = models.DateField(null=True, blank=True)
    infraccion = models.BooleanField(default=False)
    motivo = models.CharField(max_length=400, blank=True)
    comunicado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["fecha_embarque", "id"]
        verbose_name = "embarque de carga exonerada"
        verbose_name_plural = "embarques de carga exonerada"

    def __str__(self):
        return f"Embarque en {self.nave} el {fecha_larga(self.fecha_embarque)}"


class AvisoCapitania(models.Model):
    """What Dimar tells a capitanía: a granted exoneration (art. 19), an infraction (art. 20) or a
    possible breach to investigate (art. 13). The capitanía's own page lists them."""

    class Tipo(models.TextChoices):
        EXONERACION = "exoneracion_concedida", "Exoneración concedida"
        INFRACCION = "infraccion_embarque", "Embarque en infracción"
        INCUMPLIMIENTO = "posible_incumplimiento", "Posible incumplimiento de la reserva"
        FLETAMENTO = "autorizacion_fletamento", "Copia de la autorización de fletamento"
        # C-04 (art. 20): a bill carried under a grant it does not match (user, commodity, class, ports, deadline).
        FUERA_DE_EXONERACION = "embarque_fuera_de_exoneracion", "Embarque fuera de lo autorizado en la exoneración"
        # C-10 (arts. 3–6): a national offer qualified equal or better while the cargo went on a foreign ship.
        OFERTA_NACIONAL_DESATENDIDA = "oferta_nacional_desatendida", "Oferta nacional igual o mejor no contratada"

    capitania = models.ForeignKey(Capitania, on_delete=models.PROTECT, related_name="+")
    tipo = models.CharField(max_length=30, choices=Tipo.choices)
    referencia = models.CharField(max_length=80)
    detalle = models.CharField(max_length=500)
    exoneracion = models.ForeignKey(Exoneracion, null=True, blank=True, on_delete=models.CASCADE, related_name="avisos")
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-creado", "-id"]
        verbose_name = "aviso a capitanía"
        verbose_name_plural = "avisos a capitanías"
        constraints = [
            models.UniqueConstraint(fields=["capitania", "tipo", "referencia"], name="reserva_aviso_una_vez"),
        ]

    def __str__(self):
        return f"{self.get_tipo_display()} → {self.capitania.codigo}"

    @property
    def control_id(self) -> int | None:
        """The yearly control a possible breach comes from (its reference is «control-<id>», C-05)."""
        pk = self.referencia.removeprefix("control-")
        return int(pk) if self.tipo == self.Tipo.INCUMPLIMIENTO and pk.isdecimal() else None


class ContratoAnual(models.Model):
    """C-11 (art. 21): a yearly bulk-import transport request, filed ≥ 30 days before the first
    shipment; Dimar authorizes or denies it with reasons; once authorized, the charter contracts are
    registered within 30 days."""

    class Estado(models.TextChoices):
        PRESENTADO = "presentado", "Presentado"
        AUTORIZADO = "autorizado", "Autorizado"
        NEGADO = "negado", "Negado"

    usuario_nit = models.CharField("NIT del importador", max_length=20, db_index=True)
    anio = models.PositiveSmallIntegerField("año", validators=[MinValueValidator(1990), MaxValueValidator(2100)])
    producto = models.CharField(max_length=200)
    toneladas_anio = toneladas_field("toneladas del año")
    puerto_origen = models.CharField("puerto de origen", max_length=120)
    puerto_destino = models.CharField("puerto de destino", max_length=120)
    toneladas_embarque = toneladas_field("toneladas por embarque")
    periodicidad = models.CharField(max_length=120)
    primer_embarque = models.DateField()
    fecha_presentacion = models.DateField("presentado el")
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.PRESENTADO)
    fecha_autorizacion = models.DateField("autorizado el", null=True, blank=True)
    fecha_negacion = models.DateField("negado el", null=True, blank=True)
    motivo_decision = models.TextField("motivos de la decisión de Dimar", blank=True)
    vence_registro = models.DateField("registro de contratos a más tardar", null=True, blank=True)
    fecha_registro = models.DateField("contratos registrados el", null=True, blank=True)
    contratos = models.TextField("contratos de fletamento registrados", blank=True)
    # DOMAIN §8: the act that decided it (core.actos), notified to the petitioner with its recursos.
    acto = models.ForeignKey("core.Acto", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-anio", "-id"]
        verbose_name = "contrato anual de carga a granel"
        verbose_name_plural = "contratos anuales de carga a granel"
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    toneladas_anio__gt=0, toneladas_embarque__gt=0, toneladas_embarque__lte=F("toneladas_anio")
                ),
                name="reserva_contrato_toneladas_validas",
            ),
            models.CheckConstraint(  # C-11: a denial carries its date and reasons, and no authorization
                condition=~Q(estado="negado")
                | (Q(fecha_negacion__isnull=False, fecha_autorizacion__isnull=True) & ~Q(motivo_decision="")),
                name="reserva_contrato_negado_con_motivo",
            ),
        ]

    def __str__(self):
        return f"Contrato anual {self.anio} de {self.usuario_nit}: {self.producto}"


class InformeSemestral(models.Model):
    """C-09 (art. 14): a special-system user's report of a semester's cargo, in February (2nd
    semester of the year before) or August (1st semester)."""

    usuario_nit = models.CharField("NIT del usuario", max_length=20, db_index=True)
    anio = models.PositiveSmallIntegerField("año")
    semestre = models.PositiveSmallIntegerField(validators=[MinValueValidator(1), MaxValueValidator(2)])
    fecha_presentacion = models.DateField("presentado el")
    vence = models.DateField()
    extemporaneo = models.BooleanField(default=False)
    cargas = models.JSONField(default=list)
    # C-09: a report with no cargo line is a report only when the user declares it moved nothing.
    sin_movimiento = models.BooleanField("sin movimiento en el semestre", default=False)
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-anio", "-semestre"]
        verbose_name = "informe semestral"
        verbose_name_plural = "informes semestrales"  # C-09
        constraints = [
            models.UniqueConstraint(
                fields=["usuario_nit", "anio", "semestre"], name="reserva_informe_uno_por_semestre"
            ),
            models.CheckConstraint(condition=Q(semestre__in=[1, 2]), name="reserva_informe_semestre_1_o_2"),
        ]

    def __str__(self):
        return f"Informe {self.anio}-{self.semestre} de {self.usuario_nit}"


class ListaSistemasEspeciales(models.Model):
    """C-09 (art. 14): the six-monthly list of special-system users (name and address) that the
    foreign-trade authority (Incomex then, MinCIT today) sends Dimar. The users it names for a
    semester are the ones who must report that semester's cargo."""

    anio = models.PositiveSmallIntegerField("año", validators=[MinValueValidator(1990), MaxValueValidator(2100)])
    semestre = models.PositiveSmallIntegerField(validators=[MinValueValidator(1), MaxValueValidator(2)])
    remitente = models.CharField(max_length=200, default="Ministerio de Comercio, Industria y Turismo")
    referencia = models.CharField("oficio o comunicación", max_length=120)
    fecha_recibo = models.DateField("recibida el")
    registrada_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    creada = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-anio", "-semestre"]
        verbose_name = "lista semestral de usuarios de sistemas especiales"
        verbose_name_plural = "listas semestrales de usuarios de sistemas especiales"  # C-09
        constraints = [
            models.UniqueConstraint(fields=["anio", "semestre"], name="reserva_lista_una_por_semestre"),
            models.CheckConstraint(condition=Q(semestre__in=[1, 2]), name="reserva_lista_semestre_1_o_2"),
        ]

    def __str__(self):
        return f"Lista {self.anio}-{self.semestre} ({self.referencia})"


class UsuarioListado(models.Model):
    """A special-system user named on a semester's list (art. 14: name and address)."""

    lista = models.ForeignKey(ListaSistemasEspeciales, on_delete=models.CASCADE, related_name="usuarios")
    nit = models.CharField("NIT", max_length=20, validators=[validar_nit])
    nombre = models.CharField(max_length=200)
    direccion = models.CharField("dirección", max_length=300)

    class Meta:
        ordering = ["nombre"]
        verbose_name = "usuario de la lista"
        verbose_name_plural = "usuarios de la lista"
        constraints = [models.UniqueConstraint(fields=["lista", "nit"], name="reserva_listado_nit_unico")]

    def __str__(self):
        return f"{self.nombre} (NIT {self.nit})"


class Recargo(models.Model):
    """C-12 (art. 23): a conference's surcharge above its basic tariff, for Dimar to authorize."""

    class Estado(models.TextChoices):
        PRESENTADO = "presentado", "Presentado"
        INCOMPLETO = "incompleto", "Por completar"
        AUTORIZADO = "autorizado", "Autorizado"
        NEGADO = "negado", "Negado"

    conferencia = models.ForeignKey(Conferencia, on_delete=models.PROTECT, related_name="recargos")
    concepto = models.CharField(max_length=200)
    portuario = models.BooleanField("motivado en aspectos portuarios", default=False)
    fecha_presentacion = models.DateField("presentado el")
    justificacion = models.TextField("justificación")
    valor_usd = usd_field("valor (USD)", null=True, blank=True)
    # Art. 23: the term runs from a complete filing; while Dimar waits for what is missing there is none.
    vence_decision = models.DateField("decisión a más tardar", null=True, blank=True)
    fecha_completa = models.DateField("solicitud completa desde", null=True, blank=True)
    completar_desde = models.DateField("Dimar pidió completarla el", null=True, blank=True)
    faltantes = models.TextField("lo que falta, según Dimar", blank=True)
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.PRESENTADO)
    fecha_decision = models.DateField(null=True, blank=True)
    motivo_decision = models.TextField(blank=True)
    # DOMAIN §8: the act that decided it (core.actos), notified to the petitioner with its recursos.
    acto = models.ForeignKey("core.Acto", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-fecha_presentacion", "-id"]
        verbose_name = "recargo de conferencia"
        verbose_name_plural = "recargos de conferencias"  # C-12
        constraints = [
            models.CheckConstraint(
                condition=Q(vence_decision__isnull=True) | Q(vence_decision__gt=F("fecha_presentacion")),
                name="reserva_recargo_plazo",
            ),
            models.CheckConstraint(  # C-12: an incomplete filing has no term; a pending complete one has
                condition=~Q(estado="incompleto") | Q(vence_decision__isnull=True),
                name="reserva_recargo_incompleto_sin_plazo",
            ),
            models.CheckConstraint(
                condition=~Q(estado="presentado") | Q(vence_decision__isnull=False),
                name="reserva_recargo_presentado_con_plazo",
            ),
            models.CheckConstraint(
                condition=Q(valor_usd__isnull=True) | Q(valor_usd__gte=0), name="reserva_recargo_valor_no_negativo"
            ),
        ]

    def __str__(self):
        return f"Recargo «{self.concepto}» de {self.conferencia}"


class SolicitudOferta(models.Model):
    """C-10 (arts. 3–6): a user's request for offers to the national shipowners of a route, the
    offers received, and Dimar's qualification of equality when it investigates."""

    class Calificacion(models.TextChoices):
        PENDIENTE = "", "Sin calificar"
        IGUALES_O_MEJORES = "iguales_o_mejores", "Nacional en condiciones iguales o mejores"
        PEORES = "peores", "Nacional en condiciones peores"

    class Flete(models.TextChoices):
        """Art. 4: the exporter of coal or oil must ask for offers when it "asuma la responsabilidad del
        transporte marítimo, o incluya en el precio de venta el transporte"."""

        TRANSPORTE = "transporte", "El exportador asume la responsabilidad del transporte marítimo"
        PRECIO = "precio", "El exportador incluye el transporte en el precio de venta"

    usuario_nit = models.CharField("NIT del usuario", max_length=20, db_index=True)
    ruta = models.ForeignKey(Ruta, on_delete=models.PROTECT, related_name="+")
    mercancia = models.CharField("mercancía", max_length=20, choices=Mercancia.choices)
    responsabilidad_flete = models.CharField(
        "flete a cargo del exportador", max_length=20, choices=Flete.choices, blank=True
    )
    descripcion = models.CharField("descripción de la carga", max_length=300)
    fecha_solicitud = models.DateField()
    calificacion = models.CharField(max_length=20, choices=Calificacion.choices, blank=True, default="")
    motivo_calificacion = models.TextField(blank=True)
    fecha_calificacion = models.DateField(null=True, blank=True)
    creada = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-fecha_solicitud", "-id"]
        verbose_name = "solicitud de ofertas a armadores nacionales"
        verbose_name_plural = "solicitudes de ofertas"  # C-10

    def __str__(self):
        return f"Solicitud de ofertas n.º {self.pk} ({self.usuario_nit})"


class Oferta(models.Model):
    """An offer, on the seven criteria of art. 5."""

    solicitud = models.ForeignKey(SolicitudOferta, on_delete=models.CASCADE, related_name="ofertas")
    armador = models.CharField(max_length=200)
    nacional = models.BooleanField("armador colombiano", default=False)
    flete_usd = usd_field("a) flete con todos los recargos (USD)")
    fecha_zarpe = models.DateField("b) disponibilidad y zarpe")
    arribo_estimado = models.DateField("c) arribo estimado a destino")
    demoras_usd = usd_field("d) demoras o premios (USD por día)")
    tiempos_libres = models.CharField("e) tiempos libres y de plancha", max_length=200)
    operacion_portuaria = models.CharField("f) características operativas en puerto", max_length=300)
    caracteristicas_nave = models.CharField("g) características técnicas de la nave", max_length=300)

    class Meta:
        ordering = ["-nacional", "flete_usd"]
        verbose_name = "oferta de transporte"
        verbose_name_plural = "ofertas de transporte"
        constraints = [
            models.CheckConstraint(condition=Q(flete_usd__gte=0, demoras_usd__gte=0), name="reserva_oferta_valores"),
            models.CheckConstraint(condition=Q(arribo_estimado__gte=F("fecha_zarpe")), name="reserva_oferta_fechas"),
        ]

    def __str__(self):
        return f"Oferta de {self.armador}"


class RequerimientoControl(models.Model):
    """C-05 (art. 13): Dimar asks a user to prove a year's compliance with its bills of lading;
    the answer is recorded, and a possible breach is sent to the capitanías."""

    class Estado(models.TextChoices):
        SOLICITADO = "solicitado", "Prueba solicitada"
        RESPONDIDO = "respondido", "Respondido"
        ARCHIVADO = "archivado", "Archivado: cumple"
        REMITIDO = "remitido", "Remitido a las capitanías"

    usuario_nit = models.CharField("NIT del usuario", max_length=20, db_index=True)
    anio = models.PositiveSmallIntegerField("año")
    fecha_solicitud = models.DateField()
    fecha_respuesta = models.DateField(null=True, blank=True)
    respuesta = models.TextField(blank=True)
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.SOLICITADO)
    fecha_cierre = models.DateField(null=True, blank=True)
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-anio", "-id"]
        verbose_name = "control anual"
        verbose_name_plural = "controles anuales"  # C-05
        constraints = [
            models.UniqueConstraint(fields=["usuario_nit", "anio"], name="reserva_control_uno_por_anio"),
        ]

    def __str__(self):
        return f"Control {self.anio} de {self.usuario_nit}"


class SalarioMinimo(models.Model):
    """C-05 (art. 22): Dimar's fines are in monthly minimum wages; the wage of each year is dated
    data with the decree that fixes it (registered in the administration)."""

    anio = models.PositiveSmallIntegerField(
        "año", unique=True, validators=[MinValueValidator(1990), MaxValueValidator(2100)]
    )
    valor = models.DecimalField("salario mínimo mensual (pesos)", max_digits=12, decimal_places=2)
    acto = models.CharField("decreto que lo fija", max_length=200)

    class Meta:
        ordering = ["-anio"]
        verbose_name = "salario mínimo mensual legal vigente"
        verbose_name_plural = "salarios mínimos mensuales"  # C-05
        constraints = [models.CheckConstraint(condition=Q(valor__gt=0), name="reserva_smmlv_positivo")]

    def __str__(self):
        return f"{self.anio}: $ {self.valor:,.2f} ({self.acto})"


class ResultadoControl(models.Model):
    """C-05 (arts. 13, 22): the outcome of a capitanía's investigation of a possible breach Dimar sent
    it: archived, or a fine in monthly minimum wages of the year it is imposed, valued in pesos with
    that year's wage (kept as it was, even if the wage row is corrected later)."""

    class Resultado(models.TextChoices):
        ARCHIVADA = "archivada", "Investigación archivada, sin sanción"
        MULTA = "multa", "Multa impuesta"

    control = models.ForeignKey(RequerimientoControl, on_delete=models.PROTECT, related_name="resultados")
    capitania = models.ForeignKey(Capitania, on_delete=models.PROTECT, related_name="+")
    resultado = models.CharField(max_length=20, choices=Resultado.choices)
    fecha = models.DateField("fecha del acto")
    acto = models.CharField("acto de la capitanía", max_length=200)
    motivo = models.TextField("motivos")
    multa_smmlv = models.DecimalField(
        "multa (salarios mínimos mensuales)", max_digits=8, decimal_places=2, null=True, blank=True
    )
    anio_smmlv = models.PositiveSmallIntegerField("año del salario mínimo", null=True, blank=True)
    valor_smmlv = models.DecimalField("salario mínimo aplicado (pesos)", max_digits=12, decimal_places=2, null=True)
    multa_pesos = models.DecimalField("multa en pesos", max_digits=16, decimal_places=2, null=True, blank=True)
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    # DOMAIN §8: a fine is the capitanía's act under the procedure (`acto` above is its number, as issued).
    acto_procedimiento = models.ForeignKey(
        "core.Acto", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    creado = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["fecha", "id"]
        verbose_name = "resultado de la investigación de la capitanía"
        verbose_name_plural = "resultados de las investigaciones"  # C-05
        constraints = [
            models.UniqueConstraint(fields=["control", "capitania"], name="reserva_resultado_uno_por_capitania"),
            models.CheckConstraint(
                condition=(
                    Q(resultado="multa", multa_smmlv__gt=0, anio_smmlv__isnull=False, multa_pesos__isnull=False)
                    | Q(resultado="archivada", multa_smmlv__isnull=True, multa_pesos__isnull=True)
                ),
                name="reserva_resultado_multa_en_smmlv",
            ),
        ]

    def __str__(self):
        return f"{self.get_resultado_display()} ({self.capitania.codigo}, control {self.control_id})"


class TipoAlertaReserva(models.TextChoices):
    """The alerts of the cargo reservation's deadlines and decisions (C-06 to C-12).

    Codes stored in core.Alerta.tipo (API.md "alerts"); apps.py registers them, so core knows no app."""

    SOBORDO_VENCIDO = "reserva_sobordo_vencido", "Sobordo de la nave no presentado a Dimar"
    CONOCIMIENTOS_VENCIDOS = "reserva_conocimientos_vencidos", "Conocimientos de embarque no presentados a Dimar"
    INFORME_SEMESTRAL_VENCIDO = "reserva_informe_semestral_vencido", "Informe semestral de sistemas especiales vencido"
    CONTRATO_REGISTRO_VENCIDO = "reserva_contrato_registro_vencido", "Registro de contratos de fletamento vencido"
    EXONERACION_DECISION_VENCIDA = "reserva_exoneracion_decision_vencida", "Solicitud de exoneración sin decisión"
    EXONERACION_DESISTIDA = "reserva_exoneracion_desistida", "Solicitud de exoneración desistida por no completarla"
    RECARGO_DECISION_VENCIDA = "reserva_recargo_decision_vencida", "Recargo de conferencia sin decisión"
    EXONERACION_CONCEDIDA = "reserva_exoneracion_concedida", "Exoneración de reserva de carga concedida"
    POSIBLE_INCUMPLIMIENTO_RESERVA = "reserva_posible_incumplimiento", "Posible incumplimiento de reserva de carga"
    EMBARQUE_FUERA_DE_EXONERACION = (
        "reserva_embarque_fuera_de_exoneracion",
        "Carga embarcada fuera de lo autorizado en su exoneración",
    )
    OFERTA_NACIONAL_DESATENDIDA = (
        "reserva_oferta_nacional_desatendida",
        "Oferta nacional igual o mejor no contratada: investigación",
    )
