"""Page routes of zarpes (the API lives in zarpes/api_urls.py)."""

from django.urls import path

from zarpes.views import certificados, inspectores, mostrador, oficial, verificacion, zarpes

app_name = "zarpes"

urlpatterns = [
    path("zarpes/", zarpes.zarpes, name="lista"),
    path("zarpes/naves/", oficial.buscar_naves, name="naves"),
    # Issue 43: the counter that keeps working offline (PWA).
    path("zarpes/mostrador/", mostrador.mostrador, name="mostrador"),
    path("zarpes/mostrador/sw.js", mostrador.service_worker, name="mostrador-sw"),
    path("zarpes/mostrador/manifiesto.webmanifest", mostrador.manifiesto, name="mostrador-manifiesto"),
    path("zarpes/naves/<int:nave_id>/", oficial.panel_nave, name="nave"),
    path("zarpes/expedir/", oficial.expedir, name="expedir"),
    path("zarpes/<int:zarpe_id>/inspeccion/", oficial.inspeccion, name="inspeccion"),
    path("zarpes/inspectores/", inspectores.inspectores, name="inspectores"),
    path("zarpes/inspectores/<int:inspector_id>/terminar/", inspectores.terminar, name="inspector-terminar"),
    path("zarpes/certificados/<str:numero>/anular/", certificados.anular, name="anular"),
    path("zarpes/certificados/<str:numero>/pdf/", certificados.certificado_documento, name="certificado-pdf"),
    path("zarpes/certificados/<str:numero>/pdf/estado/", certificados.certificado_estado, name="certificado-estado"),
    path("verificar/", verificacion.verificar_inicio, name="verificar-inicio"),
    path("verificar/sin-conexion/", verificacion.verificar_sin_conexion, name="verificar-sin-conexion"),
    path("verificar/sw.js", verificacion.service_worker, name="verificar-sw"),
    path("verificar/<str:codigo>/", verificacion.verificar, name="verificar"),
]
