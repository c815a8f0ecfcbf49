from django.urls import path

from zarpes.apis import certificados, inspecciones, mostradores, verificacion, zarpes

urlpatterns = [
    path("zarpes/", zarpes.ZarpeListApi.as_view(), name="api-zarpes"),
    path("zarpes/<int:zarpe_id>/", zarpes.ZarpeDetailApi.as_view(), name="api-zarpe"),
    path("zarpes/<int:zarpe_id>/inspeccion/", inspecciones.ZarpeInspeccionApi.as_view(), name="api-zarpe-inspeccion"),
    path("certificados/<str:numero>/", certificados.CertificadoDetailApi.as_view(), name="api-certificado"),
    path(
        "certificados/<str:numero>/anular/", certificados.CertificadoAnularApi.as_view(), name="api-certificado-anular"
    ),
    path("certificados/<str:numero>/pdf/", certificados.CertificadoPdfApi.as_view(), name="api-certificado-pdf"),
    path("verificar/<str:codigo>/", verificacion.VerificarApi.as_view(), name="api-verificar"),
    # Issue 43: the officer's counter that keeps working offline.
    path("mostradores/", mostradores.MostradorListApi.as_view(), name="api-mostradores"),
    path("mostradores/claves/", mostradores.ClavesApi.as_view(), name="api-mostradores-claves"),
    path("mostradores/<int:mostrador_id>/", mostradores.InstantaneaApi.as_view(), name="api-mostrador"),
    path("mostradores/<int:mostrador_id>/retenciones/", mostradores.RetenerApi.as_view(), name="api-mostrador-retener"),
    path("mostradores/<int:mostrador_id>/latido/", mostradores.LatidoApi.as_view(), name="api-mostrador-latido"),
    path("mostradores/<int:mostrador_id>/actos/", mostradores.SincronizarApi.as_view(), name="api-mostrador-actos"),
    path("mostradores/<int:mostrador_id>/terminar/", mostradores.TerminarApi.as_view(), name="api-mostrador-terminar"),
    path(
        "retenciones/<int:retencion_id>/romper/", mostradores.RomperRetencionApi.as_view(), name="api-retencion-romper"
    ),
]
