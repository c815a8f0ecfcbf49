from django.urls import path

from core.actos import apis as actos
from core.api import apis
from core.api.trabajos import TrabajoApi
from core.desvios import apis as desvios

urlpatterns = [
    path("auth/token/", apis.TokenApi.as_view(), name="api-token"),
    path("usuarios/", apis.UsuarioApi.as_view(), name="api-usuarios"),
    path("usuarios/<int:pk>/tokens/", apis.UsuarioTokensApi.as_view(), name="api-usuario-tokens"),
    path("yo/", apis.YoApi.as_view(), name="api-yo"),
    path("capitanias/", apis.CapitaniaApi.as_view(), name="api-capitanias"),
    path("distribuidores/", apis.DistribuidorApi.as_view(), name="api-distribuidores"),
    path("auditoria/", apis.AuditoriaApi.as_view(), name="api-auditoria"),
    path("alertas/", apis.AlertaApi.as_view(), name="api-alertas"),
    path("trabajos/<str:trabajo_id>/", TrabajoApi.as_view(), name="api-trabajo"),
    path("actos/<int:acto_id>/", actos.ActoApi.as_view(), name="api-acto"),
    path("actos/<int:acto_id>/pdf/", actos.ActoPdfApi.as_view(), name="api-acto-pdf"),
    path("actos/<int:acto_id>/escaneo/", actos.ActoEscaneoApi.as_view(), name="api-acto-escaneo"),
    path("actos/<int:acto_id>/interesados/", actos.ActoInteresadosApi.as_view(), name="api-acto-interesados"),
    path("actos/<int:acto_id>/notificaciones/", actos.ActoNotificacionesApi.as_view(), name="api-acto-notificaciones"),
    path("actos/<int:acto_id>/renuncias/", actos.ActoRenunciasApi.as_view(), name="api-acto-renuncias"),
    path("actos/<int:acto_id>/recursos/", actos.ActoRecursosApi.as_view(), name="api-acto-recursos"),
    path("recursos/<int:recurso_id>/decidir/", actos.RecursoDecidirApi.as_view(), name="api-recurso-decidir"),
    path("desvios/", desvios.DesviosApi.as_view(), name="api-desvios"),
    path("desvios/calcular/", desvios.DesviosCalcularApi.as_view(), name="api-desvios-calcular"),
    path("desvios/<int:caso_id>/marcar/", desvios.DesvioMarcarApi.as_view(), name="api-desvio-marcar"),
]
