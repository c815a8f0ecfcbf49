"""Page routes of the quota regime (the API lives in cupos/api_urls.py)."""

from django.urls import path

from cupos.views import acciones, beneficiarios, resoluciones, tablero

urlpatterns = [
    path("beneficiarios/", beneficiarios.lista, name="cupos-beneficiarios"),
    path("beneficiarios/<int:beneficiario_id>/", beneficiarios.detalle, name="cupos-beneficiario"),
    path("cupos/tablero/", tablero.tablero, name="cupos-tablero"),
    path("cupos/<int:cupo_id>/cancelar/", acciones.cancelar, name="cupos-cupo-cancelar"),
    path("cupos/<int:cupo_id>/causa-justificada/", acciones.causa_justificada, name="cupos-cupo-causa-justificada"),
    path("resoluciones/", resoluciones.lista, name="cupos-resoluciones"),
    path("resoluciones/<int:resolucion_id>/", resoluciones.detalle, name="cupos-resolucion"),
    path("resoluciones/<int:resolucion_id>/firmeza/", resoluciones.firmeza, name="cupos-resolucion-firmeza"),
    path("resoluciones/<int:resolucion_id>/pdf/", resoluciones.documento_pdf, name="cupos-resolucion-pdf"),
]
