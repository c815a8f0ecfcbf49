"""Page routes of the wholesalers' module (the API lives in api_urls.py and api_urls_conciliacion.py)."""

from django.urls import path

from distribuidores.views import conciliacion, declaraciones, reportes, ventas, verificar

urlpatterns = [
    path("distribuidores/conciliacion/", conciliacion.conciliacion, name="distribuidores-conciliacion"),
    path("distribuidores/conciliacion/exportar.xlsx", conciliacion.exportar, name="distribuidores-conciliacion-xlsx"),
    path("distribuidores/verificar/", verificar.verificar, name="distribuidores-verificar"),
    path("distribuidores/verificar/beneficiarios/", verificar.buscar_beneficiarios, name="distribuidores-verificar-beneficiarios"),
    path("distribuidores/ventas/", ventas.lista, name="distribuidores-ventas"),
    path("distribuidores/ventas/registrar/", verificar.registrar, name="distribuidores-venta-registrar"),
    path("distribuidores/ventas/<int:venta_id>/", ventas.detalle, name="distribuidores-venta"),
    path("distribuidores/ventas/<int:venta_id>/documentos/<slug:tipo>/adjuntar/", ventas.adjuntar,
         name="distribuidores-documento-adjuntar"),
    path("distribuidores/ventas/<int:venta_id>/documentos/<slug:tipo>/conservar/", ventas.conservar,
         name="distribuidores-documento-conservar"),
    path("distribuidores/ventas/<int:venta_id>/documentos/<slug:tipo>/archivo/", ventas.archivo,
         name="distribuidores-documento-archivo"),
    path("distribuidores/reportes/", reportes.lista, name="distribuidores-reportes"),
    path("distribuidores/reportes/<int:reporte_id>/", reportes.detalle, name="distribuidores-reporte"),
    path("distribuidores/reportes/<int:reporte_id>/estado/", reportes.estado, name="distribuidores-reporte-estado"),
    path("distribuidores/declaraciones/", declaraciones.declaraciones, name="distribuidores-declaraciones"),
]
