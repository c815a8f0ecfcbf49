"""Back-office admin. Every change made here is audited like a change made by a service."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice
from knox.models import AuthToken

from core import services
from core.actos.models import Acto, Interesado, Recurso, RecursoProcedente
from core.auditoria.audit import audit_record, snapshot
from core.identidad import segundo_factor
from core.identidad.roles import Rol
from core.models import Capitania, Distribuidor, MensajeSaliente, RegistroAuditoria, Usuario


class PorRolAdmin(admin.ModelAdmin):
    """Admin access by the portal's roles: UPME keeps back-office data, auditors only read."""

    roles_ver: tuple[str, ...] = (Rol.UPME_ANALISTA, Rol.AUDITOR)
    roles_editar: tuple[str, ...] = (Rol.UPME_ANALISTA,)

    def _rol(self, request, roles) -> bool:
        user = request.user
        return user.is_active and (user.es_administrador or user.tiene_rol(*roles))

    def has_module_permission(self, request):
        return self._rol(request, self.roles_ver)

    def has_view_permission(self, request, obj=None):
        return self._rol(request, self.roles_ver)

    def has_add_permission(self, request):
        return self._rol(request, self.roles_editar)

    def has_change_permission(self, request, obj=None):
        return self._rol(request, self.roles_editar)

    def has_delete_permission(self, request, obj=None):
        return self._rol(request, self.roles_editar)


class AuditedAdmin(PorRolAdmin):
    """Records who changed what from the admin, with the values before and after."""

    def save_model(self, request, obj, form, change):
        antes = snapshot(type(obj).objects.filter(pk=obj.pk).first()) if change else None
        super().save_model(request, obj, form, change)
        accion = f"{obj._meta.model_name}.{'actualizar' if change else 'crear'}.admin"
        audit_record(actor=request.user, accion=accion, obj=obj, antes=antes, ip=request.META.get("REMOTE_ADDR"))

    def delete_model(self, request, obj):
        antes = snapshot(obj)
        audit_record(
            actor=request.user, accion=f"{obj._meta.model_name}.eliminar.admin", obj=obj, antes=antes, despues={}
        )
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            self.delete_model(request, obj)


@admin.register(Capitania)
class CapitaniaAdmin(AuditedAdmin):
    list_display = ["codigo", "nombre", "activa"]
    search_fields = ["codigo", "nombre"]
    list_filter = ["activa"]


@admin.register(Distribuidor)
class DistribuidorAdmin(AuditedAdmin):
    list_display = ["nit", "razon_social", "tipo", "activo", "habilitacion_numero", "habilitacion_vigente_hasta"]
    search_fields = ["nit", "razon_social", "habilitacion_numero"]
    list_filter = ["tipo", "activo"]
    fieldsets = [
        (None, {"fields": ["nit", "razon_social", "tipo", "activo"]}),
        (
            "Habilitación de la estación de servicio marítimo",
            {"fields": ["habilitacion_numero", "habilitacion_fecha", "habilitacion_vigente_hasta"]},
        ),
    ]


@admin.register(Usuario)
class UsuarioAdmin(AuditedAdmin, UserAdmin):
    roles_ver = (Rol.AUDITOR,)
    roles_editar = ()  # administrators only

    list_display = ["username", "email", "rol", "capitania", "distribuidor", "is_active", "last_login"]
    list_filter = ["rol", "is_active", "is_staff"]
    search_fields = ["username", "email", "first_name", "last_name"]
    autocomplete_fields = ["capitania", "distribuidor"]
    raw_id_fields = ["beneficiario"]
    fieldsets = [
        *UserAdmin.fieldsets,
        ("Rol y alcance", {"fields": [
            "rol", "capitania", "distribuidor", "beneficiario", "agencia_nit", "nit", "conferencia", "entidad",
        ]}),
    ]
    actions = ["revocar_tokens", "restablecer_segundo_factor"]

    @admin.action(description="Revocar los tokens de API de los usuarios seleccionados", permissions=["change"])
    def revocar_tokens(self, request, queryset):
        usuarios = list(queryset)
        total = sum(services.usuario_tokens_revocar(actor=request.user, usuario=u) for u in usuarios)
        self.message_user(request, f"Se revocaron {total} token(s) de API de {len(usuarios)} usuario(s).")

    @admin.action(
        description="Restablecer el segundo factor (el usuario inscribe de nuevo su aplicación al ingresar)",
        permissions=["change"],
    )
    def restablecer_segundo_factor(self, request, queryset):
        usuarios = list(queryset)
        for usuario in usuarios:
            segundo_factor.segundo_factor_restablecer(actor=request.user, usuario=usuario)
        self.message_user(
            request, f"Se restableció el segundo factor de {len(usuarios)} usuario(s): al ingresar inscribirán de "
            "nuevo su aplicación autenticadora y recibirán códigos de recuperación nuevos.",
        )


class SoloLecturaAdmin(PorRolAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class InlineSoloLectura(admin.TabularInline):
    """Rows that change only through the services: shown, never added or deleted here."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(RegistroAuditoria)
class RegistroAuditoriaAdmin(SoloLecturaAdmin):
    list_display = ["fecha", "actor_nombre", "accion", "objeto_tipo", "objeto_id", "objeto_repr"]
    list_filter = ["accion", "objeto_tipo"]
    search_fields = ["actor_nombre", "objeto_id", "objeto_repr", "accion"]
    date_hierarchy = "fecha"

    roles_ver = (Rol.AUDITOR,)


@admin.register(MensajeSaliente)
class MensajeSalienteAdmin(SoloLecturaAdmin):
    list_display = ["creado", "tipo", "clave", "estado", "intentos", "entregado_en", "ultimo_error"]
    list_filter = ["estado", "tipo"]
    search_fields = ["clave"]


# knox registers its own admin, which can create tokens and shows their hashes: replaced by a list
# that shows whose tokens exist and until when, where an administrator deletes (revokes) them.
admin.site.unregister(AuthToken)


@admin.register(AuthToken)
class TokenApiAdmin(AuditedAdmin):
    roles_ver = (Rol.AUDITOR,)
    roles_editar = ()  # administrators only: deleting a token revokes it

    list_display = ["user", "created", "expiry"]
    list_filter = ["expiry"]
    search_fields = ["user__username"]
    fields = ["user", "created", "expiry"]
    readonly_fields = ["user", "created", "expiry"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


# django-otp registers editable admins for the devices (a secret could be typed in, a device confirmed
# by hand): replaced by read-only lists. Devices change only through core.identidad.segundo_factor: enrolment by
# the user, and the audited reset (the action «Restablecer el segundo factor» on the users).
admin.site.unregister(TOTPDevice)
admin.site.unregister(StaticDevice)


@admin.register(TOTPDevice)
class AplicacionAutenticadoraAdmin(SoloLecturaAdmin):
    roles_ver = (Rol.AUDITOR,)
    list_display = ["user", "name", "confirmed", "created_at", "last_used_at", "throttling_failure_count"]
    list_filter = ["confirmed"]
    search_fields = ["user__username"]
    fields = ["user", "name", "confirmed", "created_at", "last_used_at", "throttling_failure_count"]


@admin.register(StaticDevice)
class CodigosRecuperacionAdmin(SoloLecturaAdmin):
    roles_ver = (Rol.AUDITOR,)
    list_display = ["user", "name", "restantes", "created_at", "last_used_at"]
    search_fields = ["user__username"]
    fields = ["user", "name", "created_at", "last_used_at"]

    @admin.display(description="códigos sin usar")
    def restantes(self, obj) -> int:
        return obj.token_set.count()


def _nombres_en_espanol() -> None:
    """The admin reads in Spanish: third-party models (failed logins, API tokens) get Spanish names.
    Only the runtime names change (`_meta.original_attrs` stays), so no migration is generated."""
    from django.apps import apps

    nombres = {
        ("axes", "AccessAttempt"): ("intento de ingreso fallido", "intentos de ingreso fallidos"),
        ("axes", "AccessFailureLog"): ("registro de ingreso fallido", "registros de ingresos fallidos"),
        ("axes", "AccessLog"): ("registro de ingreso", "registros de ingresos"),
        ("knox", "AuthToken"): ("token de la API", "tokens de la API"),
        ("otp_totp", "TOTPDevice"): ("aplicación autenticadora", "aplicaciones autenticadoras"),
        ("otp_static", "StaticDevice"): ("juego de códigos de recuperación", "códigos de recuperación"),
    }
    for (app, modelo), (singular, plural) in nombres.items():
        try:
            meta = apps.get_model(app, modelo)._meta
        except LookupError:
            continue
        meta.verbose_name, meta.verbose_name_plural = singular, plural
    apps_nombres = {"axes": "Intentos de ingreso", "knox": "Tokens de la API", "otp_totp": "Segundo factor",
                    "otp_static": "Segundo factor: recuperación"}
    for app, nombre in apps_nombres.items():
        try:
            apps.get_app_config(app).verbose_name = nombre
        except LookupError:
            continue


_nombres_en_espanol()


# --- The procedure of acts (core.actos, DOMAIN §8) ---


@admin.register(RecursoProcedente)
class RecursoProcedenteAdmin(AuditedAdmin):
    """P-02: the recursos against each authority's acts, with their legal basis; a new row with a later date
    governs the acts issued from that day."""

    list_display = ("autoridad", "recurso", "ante", "plazo_dias_habiles", "vigente_desde", "fundamento")
    list_filter = ("autoridad", "recurso")


class InteresadoInline(InlineSoloLectura):
    model = Interesado
    fields = ("nombre", "beneficiario_id", "nit", "notificacion_medio", "notificacion_fecha", "renuncia_fecha",
              "vence_recursos", "en_firme_desde")
    readonly_fields = fields


@admin.register(Acto)
class ActoAdmin(SoloLecturaAdmin):
    roles_ver = (Rol.UPME_ANALISTA, Rol.AUDITOR)
    list_display = ("__str__", "tipo", "autoridad", "fecha_expedicion", "transcrito", "previo")
    list_filter = ("autoridad", "tipo", "transcrito")
    search_fields = ("numero", "referencia")
    inlines = [InteresadoInline]


@admin.register(Recurso)
class RecursoAdmin(SoloLecturaAdmin):
    roles_ver = (Rol.UPME_ANALISTA, Rol.AUDITOR)
    list_display = ("__str__", "tipo", "fecha", "estado", "vence_decision", "sentido")
    list_filter = ("estado", "tipo")
