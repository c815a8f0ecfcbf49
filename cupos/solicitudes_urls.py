"""Pages for applications (R-03, R-04). Included at the site root: path("", include(...))."""

from django.urls import path

from cupos import solicitudes_views as views

app_name = "solicitudes"

urlpatterns = [
    path("solicitudes/", views.solicitud_lista, name="lista"),
    path("solicitudes/nueva/", views.solicitud_nueva, name="nueva"),
    path("solicitudes/<int:pk>/", views.solicitud_detalle, name="detalle"),
    path("solicitudes/<int:pk>/estado/", views.solicitud_estado, name="estado"),
    path("solicitudes/<int:pk>/causa-justificada/", views.solicitud_causa, name="causa"),
    path("solicitudes/<int:pk>/plazo/", views.solicitud_plazo, name="plazo"),
    path("solicitudes/<int:pk>/atunera/", views.solicitud_atunera, name="atunera"),
    path("solicitudes/<int:pk>/documentos/<slug:requisito>/", views.documento_cargar, name="documento"),
    path(
        "solicitudes/<int:pk>/documentos/<slug:requisito>/archivo/",
        views.documento_descargar,
        name="documento_descargar",
    ),
]
