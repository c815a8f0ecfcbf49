from django.contrib.auth import views as auth_views
from django.urls import path

from core import views, views_plazos

urlpatterns = [
    path("", views.inicio, name="inicio"),
    path("ingresar/", views.IngresoView.as_view(), name="login"),
    path("salir/", auth_views.LogoutView.as_view(), name="logout"),
    path("capitanias/", views.capitanias, name="capitanias"),
    path("distribuidores/", views.distribuidores, name="distribuidores"),
    path("auditoria/", views.auditoria, name="auditoria"),
    path("salud/", views.salud, name="salud"),
    path("alertas/", views_plazos.alertas, name="alertas"),
    path("calendario/", views_plazos.calendario, name="calendario"),
]
