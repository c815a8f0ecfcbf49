from django.contrib.auth import views as auth_views
from django.urls import path

from core.views import avisos, firma, paginas, plazos

urlpatterns = [
    path("", paginas.inicio, name="inicio"),
    path("ingresar/", paginas.IngresoView.as_view(), name="login"),
    path("salir/", auth_views.LogoutView.as_view(), name="logout"),
    path("capitanias/", paginas.capitanias, name="capitanias"),
    path("distribuidores/", paginas.distribuidores, name="distribuidores"),
    path("auditoria/", paginas.auditoria, name="auditoria"),
    path("salud/", paginas.salud, name="salud"),
    path("decisiones/", paginas.decisiones, name="decisiones"),
    path("alertas/", plazos.alertas, name="alertas"),
    path("calendario/", plazos.calendario, name="calendario"),
    path("avisos/no-fui-yo/<str:token>/", avisos.no_fui_yo, name="no-fui-yo"),
    path("firma/cadena.pem", firma.cadena, name="firma-cadena"),
    path("firma/verificar/", firma.verificar_archivo, name="firma-verificar"),
]
