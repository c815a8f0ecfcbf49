from django.urls import path

from cupos import views_plazos

urlpatterns = [
    path("novedades-dimar/", views_plazos.novedades, name="novedades-dimar"),
    path("novedades-dimar/altas/<int:alta_id>/decidir/", views_plazos.alta_decidir, name="alta-decidir"),
    path("cupos/inactivos/", views_plazos.inactivos, name="cupos-inactivos"),
    path("cupos/inactivos/<int:alerta_id>/decidir/", views_plazos.inactivo_decidir, name="inactivo-decidir"),
]
