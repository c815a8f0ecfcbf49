"""Back-office admin for the quota regime. Ledger rows are read-only: they are corrected by new movements."""

from django.contrib import admin

from core.admin import AuditedAdmin, InlineSoloLectura, SoloLecturaAdmin
from cupos.models import (
    Beneficiario,
    ConvenioArmada,
    Cupo,
    Desembarque,
    DocumentoSolicitud,
    GarantiaNave,
    Movimiento,
    ReglaAcumulacion,
    Resolucion,
    Solicitud,
)


@admin.register(Beneficiario)
class BeneficiarioAdmin(AuditedAdmin):
    list_display = ["nombre", "tipo", "matricula", "bandera", "trb", "capitania", "distribuidor"]
    list_filter = ["tipo", "capitania", "actividad"]
    search_fields = ["nombre", "matricula", "identificacion"]
    autocomplete_fields = ["capitania", "distribuidor"]


@admin.register(ReglaAcumulacion)
class ReglaAcumulacionAdmin(AuditedAdmin):
    """R-10 as data: the next decree is a new row here, with its validity and legal basis."""

    list_display = [
        "clase", "bandera", "rango", "meses", "vigente_desde", "vigente_hasta", "estado_fechas", "base_legal"
    ]
    list_filter = ["clase", "fechas_por_confirmar"]

    @admin.display(description="TRB")
    def rango(self, obj):
        return obj.rango_trb or "—"

    @admin.display(description="Fechas", ordering="fechas_por_confirmar")
    def estado_fechas(self, obj):
        # the dates of the earlier regimes are not in the project's norms: editable, shown as such.
        return "«por confirmar»" if obj.fechas_por_confirmar else "Confirmadas"
    ordering = ["-vigente_desde", "clase", "trb_min"]


class CupoInline(InlineSoloLectura):
    model = Cupo
    fields = ["beneficiario", "galones_anuales", "cuota_mensual", "estado", "fecha_inicio", "fecha_fin"]
    readonly_fields = fields
    show_change_link = True


@admin.register(Resolucion)
class ResolucionAdmin(AuditedAdmin):
    list_display = ["numero", "anio", "fecha_expedicion", "firmante"]
    list_filter = ["anio"]
    search_fields = ["numero"]
    inlines = [CupoInline]


@admin.register(Cupo)
class CupoAdmin(SoloLecturaAdmin):
    """Cupos change only through the services (firmeza, cancellation), never by hand."""

    list_display = [
        "beneficiario",
        "resolucion",
        "galones_anuales",
        "cuota_mensual",
        "estado",
        "fecha_inicio",
        "fecha_fin",
        "meses_ventana",
    ]
    list_filter = ["estado", "resolucion__anio", "combustible"]
    search_fields = ["beneficiario__nombre", "beneficiario__matricula"]
    list_select_related = ["beneficiario", "resolucion"]


@admin.register(Movimiento)
class MovimientoAdmin(SoloLecturaAdmin):
    list_display = ["fecha", "cupo", "tipo", "galones", "referencia", "creado_por"]
    list_filter = ["tipo"]
    search_fields = ["referencia", "cupo__beneficiario__matricula"]
    list_select_related = ["cupo__beneficiario", "cupo__resolucion", "creado_por"]
    date_hierarchy = "fecha"


class DocumentoInline(admin.TabularInline):
    model = DocumentoSolicitud
    extra = 0
    fields = ["requisito", "archivo", "fecha_expedicion", "cargado"]
    readonly_fields = fields
    can_delete = False


@admin.register(Solicitud)
class SolicitudAdmin(SoloLecturaAdmin):
    list_display = ["beneficiario", "anio", "estado", "extemporanea", "fecha_radicacion"]
    list_filter = ["estado", "anio", "extemporanea"]
    inlines = [DocumentoInline]


# a foreign vessel's guarantees and landings change only through cupos.services.condiciones (audited).
@admin.register(GarantiaNave)
class GarantiaNaveAdmin(SoloLecturaAdmin):
    list_display = ["beneficiario", "anio", "banco", "numero", "valor", "moneda", "vigente_hasta", "ejecutada_el"]
    list_filter = ["anio", "moneda"]
    search_fields = ["numero", "beneficiario__nombre", "beneficiario__matricula"]
    list_select_related = ["beneficiario"]


@admin.register(Desembarque)
class DesembarqueAdmin(SoloLecturaAdmin):
    list_display = ["fecha", "beneficiario", "puerto", "kg", "certificado"]
    date_hierarchy = "fecha"
    search_fields = ["certificado", "beneficiario__nombre", "beneficiario__matricula"]
    list_select_related = ["beneficiario", "puerto"]


# the Armada's convenios change only through cupos.services.condiciones (audited).
@admin.register(ConvenioArmada)
class ConvenioArmadaAdmin(SoloLecturaAdmin):
    list_display = ["beneficiario", "numero", "distribuidor", "vigente_desde", "vigente_hasta"]
    search_fields = ["numero", "distribuidor__nit", "distribuidor__razon_social"]
    list_select_related = ["beneficiario", "distribuidor"]
