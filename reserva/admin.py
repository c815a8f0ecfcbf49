"""Back-office admin of the cargo reservation. Dimar keeps the shares (C-01, dated data with their
legal basis), routes, ports, ships, agencies, shipowners and conferences here (audited); the files
and reports change only through the services, so they are read-only."""

from django.contrib import admin

from core.admin import AuditedAdmin, SoloLecturaAdmin
from core.identidad.roles import Rol
from reserva.models import (
    Agencia,
    Arribo,
    Conferencia,
    Conocimiento,
    ContratoAnual,
    Delegacion,
    Exoneracion,
    InformeSemestral,
    ListaSistemasEspeciales,
    Nave,
    NavieraNacional,
    PorcentajeReserva,
    Puerto,
    Recargo,
    ResultadoControl,
    Ruta,
    SalarioMinimo,
    UsuarioCarga,
    UsuarioListado,
)

VEN = (Rol.DIMAR, Rol.AUDITOR, Rol.UPME_ANALISTA)


class RegistroDimarAdmin(AuditedAdmin):
    roles_ver = VEN
    roles_editar = (Rol.DIMAR,)


class ExpedienteAdmin(SoloLecturaAdmin):
    roles_ver = VEN


@admin.register(PorcentajeReserva)
class PorcentajeReservaAdmin(RegistroDimarAdmin):
    list_display = [
        "operacion",
        "clase",
        "mercancia",
        "porcentaje",
        "pais",
        "vigente_desde",
        "vigente_hasta",
        "base_legal",
    ]
    list_filter = ["operacion", "clase", "mercancia", "pais"]


@admin.register(Ruta)
class RutaAdmin(RegistroDimarAdmin):
    list_display = ["codigo", "nombre", "operacion", "activa"]
    search_fields = ["codigo", "nombre"]


@admin.register(Puerto)
class PuertoAdmin(RegistroDimarAdmin):
    list_display = ["codigo", "nombre", "pais", "capitania"]
    search_fields = ["codigo", "nombre"]


@admin.register(Nave)
class NaveAdmin(RegistroDimarAdmin):
    list_display = ["nombre", "imo", "bandera", "asimilada", "vigente_desde", "vigente_hasta"]
    search_fields = ["nombre", "imo"]
    list_filter = ["bandera", "asimilada"]


@admin.register(Agencia)
class AgenciaAdmin(RegistroDimarAdmin):
    list_display = ["nit", "razon_social", "activa"]
    search_fields = ["nit", "razon_social"]


@admin.register(NavieraNacional)
class NavieraAdmin(RegistroDimarAdmin):
    list_display = ["nit", "razon_social"]
    filter_horizontal = ["rutas"]


@admin.register(Conferencia)
class ConferenciaAdmin(RegistroDimarAdmin):
    list_display = ["codigo", "nombre"]


@admin.register(Delegacion)
class DelegacionAdmin(RegistroDimarAdmin):
    """Art. 16: the acts delegating the signing of the exoneration seal, recorded by Dimar."""

    list_display = ["acto", "cargo_delegante", "cargo_delegado", "nombre_delegado", "vigente_desde", "vigente_hasta"]
    search_fields = ["acto", "nombre_delegado"]
    exclude = ["registrada_por"]


@admin.register(UsuarioCarga)
class UsuarioCargaAdmin(RegistroDimarAdmin):
    list_display = ["nit", "razon_social", "regimen_especial"]
    search_fields = ["nit", "razon_social"]


@admin.register(SalarioMinimo)
class SalarioMinimoAdmin(RegistroDimarAdmin):
    """C-05 (art. 22): the monthly minimum wage of each year, in which the fines are set."""

    list_display = ["anio", "valor", "acto"]


class UsuarioListadoInline(admin.TabularInline):
    """The users the list names, edited with it by whom edits the list (the portal's roles, not Django's
    model permissions)."""

    model = UsuarioListado
    extra = 3
    fields = ["nit", "nombre", "direccion"]

    def _editar(self, request) -> bool:
        user = request.user
        return user.is_active and (user.es_administrador or user.tiene_rol(*RegistroDimarAdmin.roles_editar))

    def has_view_permission(self, request, obj=None):
        user = request.user
        return user.is_active and (user.es_administrador or user.tiene_rol(*VEN))

    def has_add_permission(self, request, obj=None):
        return self._editar(request)

    def has_change_permission(self, request, obj=None):
        return self._editar(request)

    def has_delete_permission(self, request, obj=None):
        return self._editar(request)


@admin.register(ListaSistemasEspeciales)
class ListaSistemasEspecialesAdmin(RegistroDimarAdmin):
    """C-09 (art. 14): the semester's list of special-system users sent by the foreign-trade authority;
    the users it names are the ones who must send Dimar the semiannual report."""

    list_display = ["anio", "semestre", "remitente", "referencia", "fecha_recibo"]
    exclude = ["registrada_por"]
    inlines = [UsuarioListadoInline]

    def save_model(self, request, obj, form, change):
        if not change:
            obj.registrada_por = request.user
        super().save_model(request, obj, form, change)


for modelo in (Arribo, Conocimiento, Exoneracion, ContratoAnual, InformeSemestral, Recargo, ResultadoControl):
    admin.site.register(modelo, ExpedienteAdmin)
