"""Back-office view of the wholesalers' records. Read-only: every write goes through a service
(sales redeem certificates and discount the ledger, reports are versioned by the ingestion,
declarations carry the late flag), so the admin never bypasses a rule."""

from django.contrib import admin

from core.admin import InlineSoloLectura, SoloLecturaAdmin
from distribuidores.models import (
    Declaracion,
    Discrepancia,
    DocumentoVenta,
    ErrorFilaReporte,
    FilaReporte,
    ReporteMensual,
    Venta,
)


class DocumentoVentaInline(InlineSoloLectura):
    model = DocumentoVenta
    fields = ["tipo", "archivo", "conservado", "observacion", "registrado_por", "actualizado"]
    readonly_fields = fields

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Venta)
class VentaAdmin(SoloLecturaAdmin):
    list_display = ["fecha", "distribuidor", "beneficiario", "galones", "certificado", "creada"]
    list_filter = ["distribuidor", "beneficiario__tipo"]
    search_fields = ["distribuidor__nit", "distribuidor__razon_social", "beneficiario__nombre",
                     "beneficiario__matricula", "certificado__numero"]
    date_hierarchy = "fecha"
    list_select_related = ["distribuidor", "beneficiario", "certificado"]
    raw_id_fields = ["beneficiario", "certificado", "movimiento"]
    inlines = [DocumentoVentaInline]


@admin.register(DocumentoVenta)
class DocumentoVentaAdmin(SoloLecturaAdmin):
    list_display = ["venta", "tipo", "conservado", "archivo", "actualizado"]
    list_filter = ["tipo", "conservado"]
    search_fields = ["venta__id", "venta__beneficiario__nombre", "venta__distribuidor__nit"]
    list_select_related = ["venta__beneficiario"]
    raw_id_fields = ["venta"]


@admin.register(ReporteMensual)
class ReporteMensualAdmin(SoloLecturaAdmin):
    list_display = ["periodo", "distribuidor", "version", "vigente", "estado", "filas_validas", "filas_con_error",
                    "total_galones", "extemporaneo", "recibido"]
    list_filter = ["estado", "vigente", "extemporaneo", "distribuidor"]
    search_fields = ["distribuidor__nit", "distribuidor__razon_social", "nombre_original"]
    date_hierarchy = "periodo"
    list_select_related = ["distribuidor"]


@admin.register(FilaReporte)
class FilaReporteAdmin(SoloLecturaAdmin):
    list_display = ["reporte", "fila", "fecha", "beneficiario", "certificado_numero", "galones"]
    search_fields = ["certificado_numero", "beneficiario__nombre", "beneficiario__identificacion"]
    list_select_related = ["reporte__distribuidor", "beneficiario"]
    raw_id_fields = ["reporte", "beneficiario"]


@admin.register(ErrorFilaReporte)
class ErrorFilaReporteAdmin(SoloLecturaAdmin):
    list_display = ["reporte", "fila", "campo", "mensaje"]
    search_fields = ["campo", "mensaje"]
    list_select_related = ["reporte__distribuidor"]
    raw_id_fields = ["reporte"]


@admin.register(Discrepancia)
class DiscrepanciaAdmin(SoloLecturaAdmin):
    list_display = ["periodo", "codigo", "distribuidor", "beneficiario", "fila", "detalle"]
    list_filter = ["codigo"]
    search_fields = ["codigo", "detalle", "distribuidor__nit", "beneficiario__nombre"]
    list_select_related = ["distribuidor", "beneficiario"]
    raw_id_fields = ["reporte", "distribuidor", "beneficiario"]
    ordering = ["-id"]  # the newest first, by the primary key (no other index but the report's)


@admin.register(Declaracion)
class DeclaracionAdmin(SoloLecturaAdmin):
    list_display = ["periodo", "beneficiario", "galones_adquiridos", "presentada", "extemporanea"]
    list_filter = ["extemporanea"]
    search_fields = ["beneficiario__nombre", "beneficiario__matricula", "beneficiario__identificacion"]
    date_hierarchy = "periodo"
    list_select_related = ["beneficiario"]
    raw_id_fields = ["beneficiario"]
