"""Page routes of border zones, under /fronteras/ (the API lives in fronteras/api_urls.py).

config/urls.py: path("fronteras/", include("fronteras.urls")) before the catch-all core.urls.
"""

from django.urls import path

from fronteras.views import asignaciones, compras, despachos, estaciones, municipios, transparencia

urlpatterns = [
    path("", municipios.inicio, name="fronteras-inicio"),
    path("municipios/", municipios.lista, name="fronteras-municipios"),
    path("municipios/<int:municipio_id>/", municipios.detalle, name="fronteras-municipio"),
    path("municipios/<int:municipio_id>/prioridad/", municipios.prioridad, name="fronteras-municipio-prioridad"),
    path("estaciones/", estaciones.lista, name="fronteras-estaciones"),
    path("estaciones/<int:estacion_id>/", estaciones.detalle, name="fronteras-estacion"),
    path("estaciones/<int:estacion_id>/certificados-transporte/", estaciones.certificado_transporte,
         name="fronteras-estacion-certificado"),
    path("asignaciones/", asignaciones.lista, name="fronteras-asignaciones"),
    path("asignaciones/nueva/", asignaciones.nueva, name="fronteras-asignacion-nueva"),
    path("asignaciones/nueva/estaciones/", asignaciones.estaciones_previas, name="fronteras-asignacion-previa"),
    path("asignaciones/<int:asignacion_id>/", asignaciones.detalle, name="fronteras-asignacion"),
    path("asignaciones/<int:asignacion_id>/ejecutoria/", asignaciones.ejecutoria, name="fronteras-asignacion-ejecutoria"),
    path("asignaciones/<int:asignacion_id>/resolucion.pdf", asignaciones.documento_pdf, name="fronteras-asignacion-pdf"),
    path("despachos/", despachos.despachos, name="fronteras-despachos"),
    path("despachos/disponible/", despachos.disponible, name="fronteras-despacho-disponible"),
    path("consumo/", despachos.consumo, name="fronteras-consumo"),
    path("compras/cargar/", compras.cargar, name="fronteras-compras-cargar"),
    path("compras/plantilla.<str:formato>", compras.plantilla, name="fronteras-compras-plantilla"),
    path("transparencia/", transparencia.transparencia, name="fronteras-transparencia"),
]
