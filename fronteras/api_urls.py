"""API routes of border zones, under /api/v1/fronteras/ (config/urls.py). No app_name: the route
names (api-fronteras-…) are what clients and tests reverse."""

from django.urls import path

from fronteras.apis import asignaciones, compras, despachos, estaciones, grandes_consumidores, municipios, planes

urlpatterns = [
    path("municipios/", municipios.MunicipioApi.as_view(), name="api-fronteras-municipios"),
    path("contratos/", municipios.ContratoEcopetrolApi.as_view(), name="api-fronteras-contratos"),
    path("estaciones/", estaciones.EstacionApi.as_view(), name="api-fronteras-estaciones"),
    path("estaciones/<int:estacion_id>/volumen/", estaciones.EstacionVolumenApi.as_view(),
         name="api-fronteras-volumen"),
    path("estaciones/<int:estacion_id>/certificados-transporte/", estaciones.CertificadoTransporteApi.as_view(),
         name="api-fronteras-certificados-transporte"),
    path("estaciones/<int:estacion_id>/certificados-conformidad/", estaciones.CertificadoConformidadApi.as_view(),
         name="api-fronteras-certificados-conformidad"),
    path("grandes-consumidores/", grandes_consumidores.GranConsumidorApi.as_view(),
         name="api-fronteras-grandes-consumidores"),
    path("grandes-consumidores/<int:gran_consumidor_id>/volumen/",
         grandes_consumidores.GranConsumidorVolumenApi.as_view(), name="api-fronteras-gran-consumidor-volumen"),
    path("grandes-consumidores/<int:gran_consumidor_id>/ejecutoria/",
         grandes_consumidores.GranConsumidorEjecutoriaApi.as_view(), name="api-fronteras-gran-consumidor-ejecutoria"),
    path("compras/", compras.CompraApi.as_view(), name="api-fronteras-compras"),
    path("asignaciones/", asignaciones.AsignacionApi.as_view(), name="api-fronteras-asignaciones"),
    path("asignaciones/<int:asignacion_id>/", asignaciones.AsignacionDetailApi.as_view(),
         name="api-fronteras-asignacion"),
    path("asignaciones/<int:asignacion_id>/ejecutoria/", asignaciones.AsignacionEjecutoriaApi.as_view(),
         name="api-fronteras-ejecutoria"),
    path("despachos/", despachos.DespachoApi.as_view(), name="api-fronteras-despachos"),
    path("transparencia/", despachos.TransparenciaApi.as_view(), name="api-fronteras-transparencia"),
    path("planes/", planes.PlanApi.as_view(), name="api-fronteras-planes"),
    path("planes/<int:plan_id>/", planes.PlanDetailApi.as_view(), name="api-fronteras-plan"),
    path("planes/<int:plan_id>/ajustes/", planes.PlanSolicitarAjustesApi.as_view(), name="api-fronteras-plan-ajustes"),
    path("planes/<int:plan_id>/ajustar/", planes.PlanAjustarApi.as_view(), name="api-fronteras-plan-ajustar"),
    path("planes/<int:plan_id>/aprobar/", planes.PlanAprobarApi.as_view(), name="api-fronteras-plan-aprobar"),
    path("planes/<int:plan_id>/ejecutoria/", planes.PlanEjecutoriaApi.as_view(), name="api-fronteras-plan-ejecutoria"),
    path("planes/<int:plan_id>/aviso-dian/", planes.PlanAvisoDianApi.as_view(), name="api-fronteras-plan-aviso-dian"),
    path("planes/<int:plan_id>/informes/", planes.PlanInformeApi.as_view(), name="api-fronteras-plan-informes"),
]
