from django.contrib.auth import views as auth_views
from django.urls import path

from core.desvios import views as desvios
from core.web.views import actos, avisos, firma, paginas, plazos, segundo_factor

urlpatterns = [
    path("", paginas.inicio, name="inicio"),
    path("ingresar/", paginas.IngresoView.as_view(), name="login"),
    path("ingresar/codigo/", segundo_factor.codigo, name="segundo-factor"),
    path("salir/", segundo_factor.sin_segundo_factor(auth_views.LogoutView.as_view()), name="logout"),
    path("cuenta/seguridad/", segundo_factor.seguridad, name="seguridad"),
    path("cuenta/seguridad/inscribir/", segundo_factor.inscribir, name="segundo-factor-inscribir"),
    path("capitanias/", paginas.capitanias, name="capitanias"),
    path("distribuidores/", paginas.distribuidores, name="distribuidores"),
    path("auditoria/", paginas.auditoria, name="auditoria"),
    path("salud/", paginas.salud, name="salud"),
    path("decisiones/", paginas.decisiones, name="decisiones"),
    path("alertas/", plazos.alertas, name="alertas"),
    path("actos/mios/", actos.mis_actos, name="mis-actos"),
    path("actos/notificacion/<str:token>/", actos.notificacion, name="acto-notificacion"),
    path("actos/<int:acto_id>/", actos.acto_detalle, name="acto"),
    path("actos/<int:acto_id>/pdf/", actos.acto_pdf, name="acto-pdf"),
    path("actos/<int:acto_id>/interesados/<int:interesado_id>/", actos.acto_interesado, name="acto-interesado"),
    path("actos/recursos/<int:recurso_id>/decidir/", actos.recurso_decidir, name="recurso-decidir"),
    path("calendario/", plazos.calendario, name="calendario"),
    path("desvios/", desvios.casos, name="desvios"),
    path("desvios/calcular/", desvios.calcular, name="desvios-calcular"),
    path("desvios/<int:caso_id>/", desvios.caso, name="desvio"),
    path("desvios/<int:caso_id>/marcar/", desvios.marcar, name="desvio-marcar"),
    path("avisos/no-fui-yo/<str:token>/", avisos.no_fui_yo, name="no-fui-yo"),
    path("firma/cadena.pem", firma.cadena, name="firma-cadena"),
    path("firma/demo.crl", firma.crl_demo, name="firma-demo-crl"),
    path("firma/verificar/", firma.verificar_archivo, name="firma-verificar"),
]
