"""Page routes of the wholesalers' module (the API lives in api_urls.py)."""

from django.urls import path

from distribuidores.views import conciliacion, declaraciones, documentos, relaciones, reportes, ventas

app_name = "distribuidores"

urlpatterns = [
    path("distribuidores/conciliacion/", conciliacion.conciliacion, name="conciliacion"),
    path("distribuidores/conciliacion/estado/", conciliacion.estado, name="conciliacion-estado"),
    path("distribuidores/conciliacion/exportar.xlsx", conciliacion.exportar, name="conciliacion-xlsx"),
    path("distribuidores/conciliacion/anual/", conciliacion.anual_pedir, name="conciliacion-anual"),
    path("distribuidores/conciliacion/anual/estado/", conciliacion.anual_estado, name="conciliacion-anual-estado"),
    path(
        "distribuidores/conciliacion/anual/<int:exportacion_id>/xlsx/", conciliacion.anual_xlsx,
        name="conciliacion-anual-xlsx",
    ),
    path("distribuidores/verificar/", ventas.verificar, name="verificar"),
    path("distribuidores/verificar/beneficiarios/", ventas.buscar_beneficiarios, name="verificar-beneficiarios"),
    path("distribuidores/ventas/", ventas.lista, name="ventas"),
    path("distribuidores/ventas/registrar/", ventas.registrar, name="venta-registrar"),
    path("distribuidores/ventas/<int:venta_id>/", ventas.detalle, name="venta"),
    path("distribuidores/ventas/<int:venta_id>/documentos/<slug:tipo>/adjuntar/", documentos.adjuntar,
         name="documento-adjuntar"),
    path("distribuidores/ventas/<int:venta_id>/documentos/<slug:tipo>/conservar/", documentos.conservar,
         name="documento-conservar"),
    path("distribuidores/ventas/<int:venta_id>/documentos/<slug:tipo>/archivo/", documentos.archivo,
         name="documento-archivo"),
    path("distribuidores/reportes/", reportes.lista, name="reportes"),
    path("distribuidores/reportes/<int:reporte_id>/", reportes.detalle, name="reporte"),
    path("distribuidores/reportes/<int:reporte_id>/estado/", reportes.estado, name="reporte-estado"),
    path("distribuidores/declaraciones/", declaraciones.declaraciones, name="declaraciones"),
    path("distribuidores/relaciones/", relaciones.lista, name="relaciones"),
    path("distribuidores/relaciones/<int:reporte_id>/relacion.xlsx", relaciones.xlsx, name="relacion-xlsx"),
    path("distribuidores/relaciones/<int:reporte_id>/relacion.pdf", relaciones.pdf, name="relacion-pdf"),
    path("distribuidores/relaciones/<int:reporte_id>/relacion.zip", relaciones.paquete, name="relacion-paquete"),
    path("distribuidores/relaciones/<int:reporte_id>/enviar/", relaciones.enviar, name="relacion-enviar"),
]
