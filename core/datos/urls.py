from django.urls import path, re_path

from core.datos import views

app_name = "datos"

urlpatterns = [
    path("", views.inicio, name="inicio"),
    path("catalogo.jsonld", views.catalogo, name="catalogo"),
    re_path(r"^(?P<ruta>[a-z0-9-]+/[A-Za-z0-9./-]+)$", views.archivo, name="archivo"),
]
