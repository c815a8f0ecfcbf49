"""Page routes of zarpes (the API lives in zarpes/api_urls.py)."""

from django.urls import path

from zarpes import views

urlpatterns = [
    path("zarpes/", views.zarpes, name="zarpes"),
    path("zarpes/naves/", views.buscar_naves, name="zarpes-naves"),
    path("zarpes/naves/<int:nave_id>/", views.panel_nave, name="zarpes-nave"),
    path("zarpes/expedir/", views.expedir, name="zarpes-expedir"),
    path("zarpes/<int:zarpe_id>/inspeccion/", views.inspeccion, name="zarpes-inspeccion"),
    path("zarpes/certificados/<str:numero>/pdf/", views.certificado_documento, name="zarpes-certificado-pdf"),
    path("verificar/<str:codigo>/", views.verificar, name="verificar"),
]
