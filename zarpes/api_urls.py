from django.urls import path

from zarpes.apis import certificados, inspecciones, verificacion, zarpes

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
]
