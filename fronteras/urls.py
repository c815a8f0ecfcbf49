"""Page routes of border zones, under /fronteras/ (the API lives in fronteras/api_urls.py).

config/urls.py: path("fronteras/", include("fronteras.urls")) before the catch-all core.urls.
"""

from django.urls import path

from fronteras.views import (
    asignaciones,
    compras,
    contratos,
    despachos,
    estaciones,
    grandes_consumidores,
    municipios,
    planes,
)

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
    path("contratos/", contratos.lista, name="contratos"),
    path("despachos/", despachos.despachos, name="despachos"),
    path("despachos/disponible/", despachos.disponible, name="despacho-disponible"),
    path("consumo/", despachos.consumo, name="consumo"),
    path("compras/cargar/", compras.cargar, name="compras-cargar"),
    path("compras/plantilla.<str:formato>", compras.plantilla, name="compras-plantilla"),
    path("grandes-consumidores/", grandes_consumidores.lista, name="grandes-consumidores"),
    path("grandes-consumidores/nuevo/", grandes_consumidores.nuevo, name="gran-consumidor-nuevo"),
    path("grandes-consumidores/<int:gran_consumidor_id>/", grandes_consumidores.detalle, name="gran-consumidor"),
    path("grandes-consumidores/<int:gran_consumidor_id>/ejecutoria/", grandes_consumidores.ejecutoria,
         name="gran-consumidor-ejecutoria"),
    path("grandes-consumidores/<int:gran_consumidor_id>/editar/", grandes_consumidores.editar,
         name="gran-consumidor-editar"),
    path("planes/", planes.lista, name="planes"),
    path("planes/nuevo/", planes.nuevo, name="plan-nuevo"),
    path("planes/<int:plan_id>/", planes.detalle, name="plan"),
    path("planes/<int:plan_id>/ajustes/", planes.solicitar_ajustes, name="plan-ajustes"),
    path("planes/<int:plan_id>/ajustar/", planes.ajustar, name="plan-ajustar"),
    path("planes/<int:plan_id>/aprobar/", planes.aprobar, name="plan-aprobar"),
    path("planes/<int:plan_id>/aprobacion.pdf", planes.aprobacion_pdf, name="plan-aprobacion-pdf"),
    path("planes/<int:plan_id>/ejecutoria/", planes.ejecutoria, name="plan-ejecutoria"),
    path("planes/<int:plan_id>/aviso-dian/", planes.aviso_dian, name="plan-aviso-dian"),
    path("planes/<int:plan_id>/informes/nuevo/", planes.informe, name="plan-informe"),
    path("transparencia/", despachos.transparencia_publica, name="transparencia"),
]
