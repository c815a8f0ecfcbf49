from django.urls import path

from distribuidores import apis, apis_reportes

urlpatterns = [
    path("ventas/", apis.VentaListApi.as_view(), name="api-ventas"),
    path("ventas/<int:venta_id>/", apis.VentaDetailApi.as_view(), name="api-venta"),
    path("declaraciones/", apis.DeclaracionListApi.as_view(), name="api-declaraciones"),
]

# Monthly reports (R-20, API.md "Wholesalers").
urlpatterns += [
    path("reportes-mensuales/", apis_reportes.ReporteListApi.as_view(), name="api-reportes-mensuales"),
    path("reportes-mensuales/plantilla.csv", apis_reportes.PlantillaCsvApi.as_view(), name="api-reporte-plantilla-csv"),
    path("reportes-mensuales/plantilla.xlsx", apis_reportes.PlantillaXlsxApi.as_view(), name="api-reporte-plantilla-xlsx"),
    path("reportes-mensuales/<int:reporte_id>/", apis_reportes.ReporteDetailApi.as_view(), name="api-reporte-mensual"),
    path("reportes-mensuales/<int:reporte_id>/errores/", apis_reportes.ReporteErroresApi.as_view(),
         name="api-reporte-mensual-errores"),
    path("reportes-mensuales/<int:reporte_id>/discrepancias/", apis_reportes.ReporteDiscrepanciasApi.as_view(),
         name="api-reporte-mensual-discrepancias"),
]
