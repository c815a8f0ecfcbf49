from django.urls import path

from distribuidores import apis

urlpatterns = [
    path("ventas/", apis.VentaListApi.as_view(), name="api-ventas"),
    path("ventas/<int:venta_id>/", apis.VentaDetailApi.as_view(), name="api-venta"),
    path("declaraciones/", apis.DeclaracionListApi.as_view(), name="api-declaraciones"),
]
