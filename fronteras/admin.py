"""Back-office admin of border zones. Registries can be corrected here (audited); assignments,
their station shares and deliveries only change through the services, so they are read-only."""

from django.contrib import admin

from core.admin import AuditedAdmin, InlineSoloLectura, SoloLecturaAdmin
from core.identidad.roles import Rol
from fronteras.models import (
    Asignacion,
    AsignacionEstacion,
    CertificadoTransporte,
    CompraHistorica,
    ContratoEcopetrol,
    Despacho,
    EstacionServicio,
    GranConsumidor,
    InformeAnualPlan,
    Municipio,
    PlanAbastecimiento,
    PrioridadContratacion,
    RegimenEspecial,
)


class PrioridadInline(InlineSoloLectura):
    model = PrioridadContratacion
    fields = readonly_fields = ["orden", "canal", "proveedor", "motivo"]


@admin.register(RegimenEspecial)
class RegimenEspecialAdmin(AuditedAdmin):
    """F-01: the departments' special regimes as dated data (repealed and replaced by later decrees)."""

    list_display = ["departamento", "decretos", "vigente_desde", "vigente_hasta", "derogado_por", "estado_fechas"]
    list_filter = ["fechas_por_confirmar"]

    @admin.display(description="Fechas", ordering="fechas_por_confirmar")
    def estado_fechas(self, obj):
        return "«por confirmar»" if obj.fechas_por_confirmar else "Confirmadas"


@admin.register(Municipio)
class MunicipioAdmin(AuditedAdmin):
    list_display = ["nombre", "codigo_dane", "departamento", "poblacion", "decreto_designacion"]
    list_filter = ["departamento"]
    search_fields = ["nombre", "codigo_dane"]
    inlines = [PrioridadInline]


class CertificadoTransporteInline(InlineSoloLectura):
    model = CertificadoTransporte
    fields = readonly_fields = ["vigente_desde", "vigente_hasta", "subsidio_pct", "registrado_por"]


@admin.register(EstacionServicio)
class EstacionServicioAdmin(AuditedAdmin):
    roles_editar = (Rol.UPME_ANALISTA,)
    list_display = ["codigo", "nombre", "municipio", "capacidad_certificada_gal", "fecha_certificado",
                    "fecha_entrega_certificado", "empresa_transporte", "activa"]
    list_filter = ["municipio__departamento", "empresa_transporte", "activa"]
    search_fields = ["codigo", "nombre", "municipio__nombre"]
    autocomplete_fields = ["municipio"]
    list_select_related = ["municipio"]
    inlines = [CertificadoTransporteInline]


@admin.register(CompraHistorica)
class CompraHistoricaAdmin(AuditedAdmin):
    list_display = ["estacion", "periodo", "combustible", "galones", "fuente"]
    list_filter = ["combustible", "estacion__municipio__departamento"]
    search_fields = ["estacion__codigo", "estacion__nombre"]
    date_hierarchy = "periodo"
    autocomplete_fields = ["estacion"]
    list_select_related = ["estacion__municipio"]


class AsignacionEstacionInline(InlineSoloLectura):
    model = AsignacionEstacion
    fields = readonly_fields = ["estacion", "promedio_compras", "capacidad", "participacion", "volumen_mensual",
                                "adicional"]


@admin.register(Asignacion)
class AsignacionAdmin(SoloLecturaAdmin):
    """Assignments are created and made final only through the services (F-02 to F-05)."""

    list_display = ["municipio", "combustible", "anio_inicio", "volumen_municipal", "estado", "fecha_ejecutoria",
                    "resolucion"]
    list_filter = ["estado", "combustible", "anio_inicio", "municipio__departamento"]
    search_fields = ["municipio__nombre", "municipio__codigo_dane", "resolucion"]
    list_select_related = ["municipio"]
    inlines = [AsignacionEstacionInline]


@admin.register(Despacho)
class DespachoAdmin(SoloLecturaAdmin):
    list_display = ["fecha", "estacion", "combustible", "galones", "distribuidor", "registrado_por"]
    list_filter = ["combustible", "estacion__municipio__departamento"]
    search_fields = ["estacion__codigo", "estacion__nombre", "distribuidor__nit"]
    date_hierarchy = "fecha"
    list_select_related = ["estacion", "distribuidor", "registrado_por"]


@admin.register(GranConsumidor)
class GranConsumidorAdmin(AuditedAdmin):
    list_display = ["nombre", "nit", "municipio", "combustible", "volumen_mensual"]
    search_fields = ["nombre", "nit"]
    autocomplete_fields = ["municipio"]


@admin.register(PlanAbastecimiento)
class PlanAbastecimientoAdmin(SoloLecturaAdmin):
    """F-07: plans move only through their services (presentation, evaluation, approval)."""

    roles_ver = (Rol.UPME_ANALISTA, Rol.AUDITOR)
    list_display = ["departamento", "fecha_presentacion", "estado", "vence_evaluacion", "visto_bueno_hasta"]
    list_filter = ["estado", "departamento"]


@admin.register(InformeAnualPlan)
class InformeAnualPlanAdmin(SoloLecturaAdmin):
    list_display = ["plan", "anio", "presentado"]


@admin.register(ContratoEcopetrol)
class ContratoEcopetrolAdmin(AuditedAdmin):
    """F-01: Ecopetrol's contracts or cessions per municipality; only a contracted distributor delivers."""

    roles_ver = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.ECOPETROL, Rol.MINMINAS)
    roles_editar = (Rol.ECOPETROL,)
    list_display = ["acto", "distribuidor", "municipio", "prioridad", "vigente_desde", "vigente_hasta"]
    search_fields = ["acto", "distribuidor__nit", "distribuidor__razon_social", "municipio__nombre"]
    exclude = ["registrado_por"]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "distribuidor":  # only an active distributor of the registry is contracted
            kwargs["queryset"] = db_field.related_model.objects.filter(activo=True)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request, obj, form, change):
        if not change:
            obj.registrado_por = request.user
        super().save_model(request, obj, form, change)
