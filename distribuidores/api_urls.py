"""API routes of the wholesalers' module (API.md "Wholesalers"); route names are part of the contract."""

from django.urls import path

from distribuidores.apis import conciliacion, declaraciones, relaciones, reportes, ventas

urlpatterns = [
    path("ventas/", ventas.VentaListApi.as_view(), name="api-ventas"),
    path("ventas/<int:venta_id>/", ventas.VentaDetailApi.as_view(), name="api-venta"),
    path("declaraciones/", declaraciones.DeclaracionListApi.as_view(), name="api-declaraciones"),
]

# Monthly reports (R-20, API.md "Wholesalers").
urlpatterns += [
    path("reportes-mensuales/", reportes.ReporteListApi.as_view(), name="api-reportes-mensuales"),
    path("reportes-mensuales/plantilla.csv", reportes.PlantillaCsvApi.as_view(), name="api-reporte-plantilla-csv"),
    path("reportes-mensuales/plantilla.xlsx", reportes.PlantillaXlsxApi.as_view(), name="api-reporte-plantilla-xlsx"),
    path("reportes-mensuales/<int:reporte_id>/", reportes.ReporteDetailApi.as_view(), name="api-reporte-mensual"),
    path("reportes-mensuales/<int:reporte_id>/errores/", reportes.ReporteErroresApi.as_view(),
         name="api-reporte-mensual-errores"),
    path("reportes-mensuales/<int:reporte_id>/discrepancias/", reportes.ReporteDiscrepanciasApi.as_view(),
         name="api-reporte-mensual-discrepancias"),
]

# The monthly reconciliation.
urlpatterns += [
    path("conciliacion/", conciliacion.ConciliacionApi.as_view(), name="api-conciliacion"),
]

# The relación of exempt fuel sold, for Ecopetrol (D1505 art. 15).
urlpatterns += [
    path("relaciones/", relaciones.RelacionListApi.as_view(), name="api-relaciones"),
    path("relaciones/<int:reporte_id>/xlsx/", relaciones.RelacionXlsxApi.as_view(), name="api-relacion-xlsx"),
    path("relaciones/<int:reporte_id>/pdf/", relaciones.RelacionPdfApi.as_view(), name="api-relacion-pdf"),
    path("relaciones/<int:reporte_id>/paquete/", relaciones.RelacionPaqueteApi.as_view(), name="api-relacion-paquete"),
    path("relaciones/<int:reporte_id>/envios/", relaciones.RelacionEnviarApi.as_view(), name="api-relacion-envios"),
]
