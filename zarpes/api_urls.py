from django.urls import path

from zarpes import apis

urlpatterns = [
    path("zarpes/", apis.ZarpeListApi.as_view(), name="api-zarpes"),
    path("zarpes/<int:zarpe_id>/", apis.ZarpeDetailApi.as_view(), name="api-zarpe"),
    path("zarpes/<int:zarpe_id>/inspeccion/", apis.ZarpeInspeccionApi.as_view(), name="api-zarpe-inspeccion"),
    path("certificados/<str:numero>/", apis.CertificadoDetailApi.as_view(), name="api-certificado"),
    path("certificados/<str:numero>/pdf/", apis.CertificadoPdfApi.as_view(), name="api-certificado-pdf"),
    path("verificar/<str:codigo>/", apis.VerificarApi.as_view(), name="api-verificar"),
]
