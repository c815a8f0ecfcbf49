"""Shared data: users and their scope, the registries every app uses, audit, idempotency, outbox."""

import uuid

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.crypto import salted_hmac

from core.identidad.roles import ENTIDADES_INTEGRACION, Rol
from core.segundo_plano.modelos import TrabajoConLatido, TrabajoPedido, campos_de_pedido  # noqa: F401

validar_nit = RegexValidator(
    r"^\d[\d.]{4,18}(-\d)?$",
    "El NIT debe tener entre 5 y 15 dígitos, con dígito de verificación opcional (900123456-7).",
)
validar_codigo_capitania = RegexValidator(
    r"^[A-Z0-9][A-Z0-9_-]{1,9}$",
    "El código de capitanía usa de 2 a 10 letras mayúsculas, dígitos o guiones (p. ej. CP05).",
)


class Capitania(models.Model):
    """A Capitanía de Puerto of Dimar: where zarpes are cleared and certificates issued."""

    codigo = models.CharField("código", max_length=10, unique=True, validators=[validar_codigo_capitania])
    nombre = models.CharField(max_length=120)
    activa = models.BooleanField(default=True)

    class Meta:
        ordering = ["codigo"]
        verbose_name = "capitanía de puerto"
        verbose_name_plural = "capitanías de puerto"

    def __str__(self):
        return f"{self.codigo} — {self.nombre}"


class Distribuidor(models.Model):
    """A wholesaler, maritime service station or tercero that delivers exempt fuel (R-18)."""

    class Tipo(models.TextChoices):
        MAYORISTA = "mayorista", "Distribuidor mayorista"
        ESTACION_MARITIMA = "estacion_maritima", "Estación de servicio marítima"
        TERCERO = "tercero", "Tercero (zonas de frontera)"

    nit = models.CharField("NIT", max_length=20, unique=True, validators=[validar_nit])
    razon_social = models.CharField("razón social", max_length=200)
    tipo = models.CharField(max_length=20, choices=Tipo.choices, default=Tipo.MAYORISTA)
    activo = models.BooleanField(default=True)
    # a maritime service station delivers exempt fuel only while "debidamente habilitada"
    # (D1505 art. 5; Decreto 4299 de 2005): the act that habilitates it, its date and its validity.
    habilitacion_numero = models.CharField("número del acto de habilitación", max_length=60, blank=True)
    habilitacion_fecha = models.DateField("fecha de la habilitación", null=True, blank=True)
    habilitacion_vigente_hasta = models.DateField("habilitación vigente hasta", null=True, blank=True)

    class Meta:
        ordering = ["razon_social"]
        verbose_name = "distribuidor"
        verbose_name_plural = "distribuidores"
        constraints = [
            models.CheckConstraint(
                condition=Q(tipo__in=["mayorista", "estacion_maritima", "tercero"]), name="distribuidor_tipo_valido"
            ),
            models.CheckConstraint(
                condition=Q(habilitacion_numero="", habilitacion_fecha__isnull=True,
                            habilitacion_vigente_hasta__isnull=True)
                | Q(tipo="estacion_maritima", habilitacion_fecha__isnull=False,
                    habilitacion_vigente_hasta__gte=models.F("habilitacion_fecha"))
                & ~Q(habilitacion_numero=""),
                name="distribuidor_habilitacion_completa",
            ),
        ]

    def __str__(self):
        return f"{self.razon_social} (NIT {self.nit})"

    def clean(self):
        campos = {
            "habilitacion_numero": self.habilitacion_numero,
            "habilitacion_fecha": self.habilitacion_fecha,
            "habilitacion_vigente_hasta": self.habilitacion_vigente_hasta,
        }
        if not any(campos.values()):
            return
        if self.tipo != self.Tipo.ESTACION_MARITIMA:
            raise ValidationError(
                {"habilitacion_numero": "Solo las estaciones de servicio marítimo tienen habilitación."}
            )
        faltan = {c: "Falta este dato de la habilitación." for c, v in campos.items() if not v}
        if faltan:
            raise ValidationError(faltan)
        if self.habilitacion_vigente_hasta < self.habilitacion_fecha:
            raise ValidationError(
                {"habilitacion_vigente_hasta": "La vigencia no puede terminar antes de la fecha de la habilitación."}
            )

    def habilitado_en(self, fecha) -> bool:
        """R-18: who may deliver exempt fuel on `fecha`: an active wholesaler, or an active maritime
        service station whose habilitation covers that day. Border-zone terceros never do."""
        if not self.activo:
            return False
        if self.tipo == self.Tipo.MAYORISTA:
            return True
        if self.tipo == self.Tipo.ESTACION_MARITIMA:
            return bool(
                self.habilitacion_numero and self.habilitacion_fecha and self.habilitacion_vigente_hasta
                and self.habilitacion_fecha <= fecha <= self.habilitacion_vigente_hasta
            )
        return False


class Usuario(AbstractUser):
    """A person or an agency's system, with one role and the scope that role needs."""

    rol = models.CharField(max_length=30, choices=Rol.choices, blank=True)
    capitania = models.ForeignKey(Capitania, null=True, blank=True, on_delete=models.PROTECT, related_name="oficiales")
    distribuidor = models.ForeignKey(
        Distribuidor, null=True, blank=True, on_delete=models.PROTECT, related_name="usuarios"
    )
    beneficiario = models.ForeignKey(
        "cupos.Beneficiario", null=True, blank=True, on_delete=models.PROTECT, related_name="usuarios"
    )
    # Cargo reservation (reserva/): plain NIT or code strings, so core needs no app.
    agencia_nit = models.CharField(
        "NIT de la agencia marítima", max_length=20, blank=True, validators=[validar_nit],
        help_text="Agente marítimo: la agencia que representa.",
    )
    nit = models.CharField(
        "NIT del importador o exportador", max_length=20, blank=True, validators=[validar_nit],
        help_text="Usuario de carga: el importador o exportador que representa.",
    )
    conferencia = models.CharField(
        "conferencia marítima", max_length=40, blank=True,
        help_text="Representante registrado: el código de la conferencia marítima.",
    )
    entidad = models.CharField(
        "entidad", max_length=30, blank=True, choices=sorted(ENTIDADES_INTEGRACION.items()),
        help_text="Cuenta de integración: la entidad por la que habla su sistema (intercambia datos, no firma).",
    )

    class Meta:
        verbose_name = "usuario"
        verbose_name_plural = "usuarios"
        constraints = [
            models.CheckConstraint(
                condition=~Q(rol="capitania_oficial") | Q(capitania__isnull=False),
                name="usuario_oficial_con_capitania",
            ),
            models.CheckConstraint(
                condition=~Q(rol="distribuidor") | Q(distribuidor__isnull=False),
                name="usuario_distribuidor_con_nit",
            ),
            models.CheckConstraint(
                condition=~Q(rol="beneficiario") | Q(beneficiario__isnull=False),
                name="usuario_beneficiario_con_beneficiario",
            ),
            models.CheckConstraint(
                condition=~Q(rol="agente_maritimo") | ~Q(agencia_nit=""), name="usuario_agente_con_agencia"
            ),
            models.CheckConstraint(condition=~Q(rol="usuario_carga") | ~Q(nit=""), name="usuario_carga_con_nit"),
            models.CheckConstraint(
                condition=~Q(rol="conferencia") | ~Q(conferencia=""), name="usuario_conferencia_con_codigo"
            ),
            models.CheckConstraint(
                condition=~Q(rol="integracion") | ~Q(entidad=""), name="usuario_integracion_con_entidad",
                violation_error_message="Una cuenta de integración necesita la entidad por la que habla su sistema.",
            ),
        ]

    @property
    def es_administrador(self) -> bool:
        return self.is_superuser or self.rol == Rol.ADMINISTRADOR

    def tiene_rol(self, *roles: str) -> bool:
        return self.is_authenticated and self.rol in roles

    def _get_session_auth_hash(self, secret=None):
        """An officer's session is bound to their capitanía (issue 24): the hash Django keeps in the
        session covers it, so moving the officer to another capitanía ends every session they had open,
        as a password change does. Other users' hash is Django's own."""
        if self.rol != Rol.CAPITANIA_OFICIAL:
            return super()._get_session_auth_hash(secret)
        return salted_hmac(
            "core.Usuario.capitania_oficial", f"{self.password}|capitania={self.capitania_id}",
            secret=secret, algorithm="sha256",
        ).hexdigest()

    def set_unusable_password(self):
        super().set_unusable_password()
        self._revocar_tokens = True

    # What a token speaks for (API.md "Conventions"): a change of any of these ends every token.
    CAMPOS_DE_ALCANCE = (
        "rol", "capitania_id", "distribuidor_id", "beneficiario_id", "agencia_nit", "nit", "conferencia", "entidad",
        "is_superuser", "is_active",
    )

    def _alcance(self) -> tuple:
        return tuple(getattr(self, campo) for campo in self.CAMPOS_DE_ALCANCE)

    @classmethod
    def from_db(cls, db, field_names, values):
        usuario = super().from_db(db, field_names, values)
        if all(campo in field_names or campo.removesuffix("_id") in field_names for campo in cls.CAMPOS_DE_ALCANCE):
            usuario._alcance_leido = usuario._alcance()
        return usuario

    def save(self, *args, **kwargs):
        """A new password (set_password, from any form, the admin or a command), role or scope (an officer
        moved to another capitanía, a wholesaler's user to another NIT) revokes every API token.

        A hash upgrade on login is not a change: Django clears `_password` before that save.
        """
        leido = getattr(self, "_alcance_leido", None)
        revocar = not self._state.adding and (
            self._password is not None
            or getattr(self, "_revocar_tokens", False)
            or (leido is not None and leido != self._alcance())
        )
        super().save(*args, **kwargs)
        self._alcance_leido = self._alcance()
        if revocar:
            from core.identidad.tokens import tokens_revocar

            tokens_revocar(self)
            self._revocar_tokens = False


class RegistroAuditoria(models.Model):
    """Who did what, when, with the values before and after. Written by services, never edited."""

    fecha = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(Usuario, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    actor_nombre = models.CharField(max_length=150, blank=True)
    accion = models.CharField("acción", max_length=80, db_index=True)
    objeto_tipo = models.CharField("tipo de objeto", max_length=80)
    objeto_id = models.CharField(max_length=64, blank=True)
    objeto_repr = models.CharField("objeto", max_length=200, blank=True)
    antes = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    despues = models.JSONField("después", null=True, blank=True, encoder=DjangoJSONEncoder)
    ip = models.GenericIPAddressField(null=True, blank=True)

    class Meta:
        ordering = ["-fecha", "-id"]
        verbose_name = "registro de auditoría"
        verbose_name_plural = "registros de auditoría"
        indexes = [
            models.Index(fields=["objeto_tipo", "objeto_id"], name="auditoria_objeto_idx"),
            # The log page's keyset pagination (newest first), unfiltered and by user or action prefix.
            models.Index(fields=["fecha", "id"], name="auditoria_fecha_id_idx"),
            models.Index(fields=["actor_nombre", "fecha", "id"], name="auditoria_actor_fecha_idx"),
            # Issue 27: the last row of one action is one probe (resumen_conciliacion.firmas).
            models.Index(fields=["accion", "id"], name="auditoria_accion_id_idx"),
            # The last change to any row of one model is one probe (cupos.selectors.tablero).
            models.Index(fields=["objeto_tipo", "id"], name="auditoria_tipo_id_idx"),
            models.Index(
                fields=["accion", "fecha", "id"], name="auditoria_accion_fecha_idx",
                opclasses=["varchar_pattern_ops", "timestamptz_ops", "int8_ops"],
            ),
        ]

    def __str__(self):
        return f"{self.fecha:%Y-%m-%d %H:%M} {self.actor_nombre} {self.accion} {self.objeto_repr}"


class SolicitudIdempotente(models.Model):
    """A POST made with an Idempotency-Key, and the response it got, to replay on retries."""

    usuario = models.ForeignKey(Usuario, on_delete=models.CASCADE, related_name="+")
    clave = models.CharField(max_length=255)
    metodo = models.CharField(max_length=10)
    ruta = models.CharField(max_length=500)
    huella = models.CharField(max_length=64, help_text="SHA-256 de método, ruta y cuerpo.")
    estado_http = models.PositiveSmallIntegerField(null=True, blank=True)
    respuesta = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    objeto = models.CharField(
        max_length=100, blank=True, default="",
        help_text="Lo que creó la solicitud («app.modelo:id»), registrado con la obra misma cuando la respuesta se "
                  "guarda después de confirmarla (la expedición de certificados): una repetición que llega antes, o "
                  "tras una caída entre las dos, recibe la respuesta construida desde ese objeto.",
    )
    creada = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = "solicitud idempotente"
        verbose_name_plural = "solicitudes idempotentes"
        constraints = [models.UniqueConstraint(fields=["usuario", "clave"], name="idempotencia_usuario_clave_unica")]

    def __str__(self):
        return f"{self.metodo} {self.ruta} [{self.clave}]"


class MensajeSaliente(models.Model):
    """Outbox: a message to another agency, written in the same transaction as its cause."""

    class Estado(models.TextChoices):
        PENDIENTE = "pendiente", "Pendiente de entrega"
        ENTREGADO = "entregado", "Entregado (acuse recibido)"
        REGISTRADO = "registrado", "Registrado (sin destino configurado)"
        FALLIDO = "fallido", "Fallido (se agotaron los reintentos)"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    tipo = models.CharField(max_length=60, db_index=True)
    clave = models.CharField(
        max_length=120, unique=True, help_text="Identifica la causa: un mismo hecho no se comunica dos veces."
    )
    payload = models.JSONField(encoder=DjangoJSONEncoder)
    estado = models.CharField(max_length=20, choices=Estado.choices, default=Estado.PENDIENTE, db_index=True)
    intentos = models.PositiveIntegerField(default=0)
    ultimo_error = models.TextField(blank=True)
    creado = models.DateTimeField(auto_now_add=True)
    proximo_intento = models.DateTimeField(null=True, blank=True)
    entregado_en = models.DateTimeField(null=True, blank=True)
    destino = models.CharField(max_length=500, blank=True)
    respuesta_destino = models.TextField(blank=True)

    class Meta:
        ordering = ["-creado"]
        verbose_name = "mensaje saliente"
        verbose_name_plural = "mensajes salientes (outbox)"

    def __str__(self):
        return f"{self.tipo} {self.clave} [{self.estado}]"


class Alerta(models.Model):
    """A deadline alert (R-25): raised at most once per subject (tipo + referencia), resolved when
    its cause disappears. Who sees it follows the scope fields."""

    class Tipo(models.TextChoices):
        """core's own alert types; each app registers its own (core.registro.registrar_tipos_alerta)."""

        AVISO_NO_FUI_YO = "aviso_no_fui_yo", "El beneficiario reporta una operación que no hizo («no fui yo»)"
        NOTIFICACION_PENDIENTE = "notificacion_pendiente", "Interesado sin notificar a los 5 días hábiles del acto"
        RECURSO_POR_DECIDIR = "recurso_por_decidir", "Recurso por decidir: su plazo de dos meses vence o venció"
        RESPALDO_VENCIDO = "respaldo_vencido", "Respaldo de la base de datos vencido o con el WAL incompleto"

    # The code of a type an app registered (core.registro.tipos_alerta); core lists none of the apps'.
    tipo = models.CharField(max_length=40, db_index=True)
    referencia = models.CharField(max_length=80)
    vence = models.DateField(help_text="El plazo que se incumplió.")
    detalle = models.CharField(max_length=400)
    creada = models.DateTimeField(auto_now_add=True)
    fecha_revision = models.DateField(help_text="La fecha de la revisión que la levantó.")
    resuelta = models.DateTimeField(null=True, blank=True, db_index=True)
    resolucion_detalle = models.CharField(max_length=300, blank=True)
    # Scope: who is responsible (and sees it besides UPME).
    rol_responsable = models.CharField(max_length=30, choices=Rol.choices, default=Rol.UPME_ANALISTA)
    distribuidor = models.ForeignKey(
        Distribuidor, null=True, blank=True, on_delete=models.CASCADE, related_name="alertas"
    )
    beneficiario = models.ForeignKey(
        "cupos.Beneficiario", null=True, blank=True, on_delete=models.CASCADE, related_name="alertas"
    )
    cupo = models.ForeignKey("cupos.Cupo", null=True, blank=True, on_delete=models.CASCADE, related_name="alertas")
    # The NIT that must act (a maritime agency, an importer or exporter): its users see the alert and
    # get it in their digest, besides the role above. Empty: nobody by NIT.
    nit_responsable = models.CharField(
        "NIT responsable", max_length=20, blank=True, default="", db_index=True,
        help_text="NIT de la agencia marítima o del importador/exportador que debe actuar.",
    )
    # When the daily digest told its responsible users about it (one e-mail a day, not one per alert).
    notificada = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["resuelta", "-creada", "-id"]
        verbose_name = "alerta"
        verbose_name_plural = "alertas"
        constraints = [models.UniqueConstraint(fields=["tipo", "referencia"], name="alerta_una_vez_por_sujeto")]

    def __str__(self):
        from core import registro

        return f"{registro.etiqueta_alerta(self.tipo)} {self.referencia}"


class AlertaVista(models.Model):
    """A user has seen an alert (marked per group on the alerts page): the menu badge counts the rest."""

    alerta = models.ForeignKey(Alerta, on_delete=models.CASCADE, related_name="vistas")
    usuario = models.ForeignKey(Usuario, on_delete=models.CASCADE, related_name="+")
    vista = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "alerta vista"
        verbose_name_plural = "alertas vistas"
        constraints = [models.UniqueConstraint(fields=["usuario", "alerta"], name="alerta_vista_una_vez")]

    def __str__(self):
        return f"{self.alerta} vista por {self.usuario}"


class DocumentoFirmado(models.Model):
    """A signed act's PDF as it was issued (core.firma): kept once per act, so the verification pages
    re-validate the very file the portal issued, and a copy a citizen uploads is recognised by its
    SHA-256. Its content never changes; a changed act (an annulled certificate) is a new document. A B-LTA file
    gains a new document timestamp before its last one's certificate expires (core.firma.archivo): the file then
    grows by two revisions, and the hashes it had before are kept (HuellaAnterior) so older copies are still
    recognised."""

    tipo = models.CharField(max_length=40, help_text="Clase de acto (core.registro.registrar_firmable).")
    referencia = models.CharField(max_length=120, help_text="El acto dentro de su clase (número, id, estado).")
    codigo_verificacion = models.CharField(max_length=64, blank=True, db_index=True)
    archivo = models.FileField(upload_to="firmados/%Y/%m/", max_length=200)
    sha256 = models.CharField(max_length=64, db_index=True)
    tamano = models.PositiveIntegerField()
    oficina = models.CharField(max_length=60, help_text="Clave de la oficina que firmó (FIRMA_CLAVE_<OFICINA>).")
    firmante = models.CharField(max_length=200)
    cargo = models.CharField(max_length=200, blank=True)
    entidad = models.CharField(max_length=200, blank=True)
    delegacion = models.CharField(max_length=300, blank=True)
    nivel = models.CharField(max_length=6, help_text="Nivel PAdES: B-B sin sello de tiempo, B-T con él.")
    firmado_en = models.DateTimeField()
    sello_vence = models.DateTimeField(
        null=True, blank=True, db_index=True,
        help_text="Cuándo vence el certificado del último sello de tiempo del documento (B-LTA): antes, se resella.",
    )
    resellado_en = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = "documento firmado"
        verbose_name_plural = "documentos firmados"
        constraints = [models.UniqueConstraint(fields=["tipo", "referencia"], name="documento_firmado_unico")]

    def __str__(self):
        return f"{self.tipo} {self.referencia} ({self.nivel})"


class HuellaAnterior(models.Model):
    """The SHA-256 a signed document had before a re-timestamping (core.firma.archivo): a copy a citizen kept
    from then is still the portal's act."""

    documento = models.ForeignKey(DocumentoFirmado, on_delete=models.CASCADE, related_name="huellas_anteriores")
    sha256 = models.CharField(max_length=64, db_index=True)
    hasta = models.DateTimeField(help_text="Cuándo dejó de ser el archivo guardado (fecha del resellado).")

    class Meta:
        verbose_name = "huella anterior de un documento firmado"
        verbose_name_plural = "huellas anteriores de documentos firmados"

    def __str__(self):
        return f"{self.sha256[:12]}… ({self.documento})"


from core.actos.models import Acto, Interesado, Recurso, RecursoProcedente  # noqa: E402, F401  (the procedure of acts)
from core.datos.models import PublicacionDatos  # noqa: E402,F401  (open data, issue 28: its own module)
from core.desvios.models import CalculoDesvios, CasoDesvio, SenalCaso  # noqa: E402, F401  (core.desvios' tables)
