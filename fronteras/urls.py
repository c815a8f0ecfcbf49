"""Page routes of border zones, under /fronteras/ (the API lives in fronteras/api_urls.py).

config/urls.py: path("fronteras/", include("fronteras.urls")) before the catch-all core.urls.
"""

from django.urls import path

from fronteras.views import asignaciones, compras, despachos, estaciones, municipios

app_name = "fronteras"

urlpatterns = [
    path("", municipios.inicio, name="inicio"),
    path("municipios/", municipios.lista, name="municipios"),
    path("municipios/<int:municipio_id>/", municipios.detalle, name="municipio"),
    path("municipios/<int:municipio_id>/prioridad/", municipios.prioridad, name="municipio-prioridad"),
    path("estaciones/", estaciones.lista, name="estaciones"),
    path("estaciones/<int:estacion_id>/", estaciones.detalle, name="estacion"),
    path("estaciones/<int:estacion_id>/certificados-transporte/", estaciones.certificado_transporte,
         name="estacion-certificado"),
    path("estaciones/<int:estacion_id>/certificados-conformidad/", estaciones.certificado_conformidad,
         name="estacion-conformidad"),
    path("asignaciones/", asignaciones.lista, name="asignaciones"),
    path("asignaciones/nueva/", asignaciones.nueva, name="asignacion-nueva"),
    path("asignaciones/nueva/estaciones/", asignaciones.estaciones_previas, name="asignacion-previa"),
    path("asignaciones/<int:asignacion_id>/", asignaciones.detalle, name="asignacion"),
    path("asignaciones/<int:asignacion_id>/ejecutoria/", asignaciones.ejecutoria, name="asignacion-ejecutoria"),
    path("asignaciones/<int:asignacion_id>/resolucion.pdf", asignaciones.documento_pdf, name="asignacion-pdf"),
    path("despachos/", despachos.despachos, name="despachos"),
    path("despachos/disponible/", despachos.disponible, name="despacho-disponible"),
    path("consumo/", despachos.consumo, name="consumo"),
    path("compras/cargar/", compras.cargar, name="compras-cargar"),
    path("compras/plantilla.<str:formato>", compras.plantilla, name="compras-plantilla"),
    path("transparencia/", despachos.transparencia_publica, name="transparencia"),
]
