from django.urls import path

from fronteras import apis
from fronteras.apis_planes import (
    PlanAjustarApi,
    PlanApi,
    PlanAprobarApi,
    PlanAvisoDianApi,
    PlanDetailApi,
    PlanEjecutoriaApi,
    PlanInformeApi,
    PlanSolicitarAjustesApi,
)

urlpatterns = [
    path("municipios/", apis.MunicipioApi.as_view(), name="api-fronteras-municipios"),
    path("estaciones/", apis.EstacionApi.as_view(), name="api-fronteras-estaciones"),
    path("estaciones/<int:estacion_id>/volumen/", apis.EstacionVolumenApi.as_view(), name="api-fronteras-volumen"),
    path("compras/", apis.CompraApi.as_view(), name="api-fronteras-compras"),
    path("asignaciones/", apis.AsignacionApi.as_view(), name="api-fronteras-asignaciones"),
    path("asignaciones/<int:asignacion_id>/", apis.AsignacionDetailApi.as_view(), name="api-fronteras-asignacion"),
    path("asignaciones/<int:asignacion_id>/ejecutoria/", apis.AsignacionEjecutoriaApi.as_view(), name="api-fronteras-ejecutoria"),
    path("despachos/", apis.DespachoApi.as_view(), name="api-fronteras-despachos"),
    path("transparencia/", apis.TransparenciaApi.as_view(), name="api-fronteras-transparencia"),
]
urlpatterns += [
    path("planes/", PlanApi.as_view(), name="api-fronteras-planes"),
    path("planes/<int:plan_id>/", PlanDetailApi.as_view(), name="api-fronteras-plan"),
    path("planes/<int:plan_id>/ajustes/", PlanSolicitarAjustesApi.as_view(), name="api-fronteras-plan-ajustes"),
    path("planes/<int:plan_id>/ajustar/", PlanAjustarApi.as_view(), name="api-fronteras-plan-ajustar"),
    path("planes/<int:plan_id>/aprobar/", PlanAprobarApi.as_view(), name="api-fronteras-plan-aprobar"),
    path("planes/<int:plan_id>/ejecutoria/", PlanEjecutoriaApi.as_view(), name="api-fronteras-plan-ejecutoria"),
    path("planes/<int:plan_id>/aviso-dian/", PlanAvisoDianApi.as_view(), name="api-fronteras-plan-aviso-dian"),
    path("planes/<int:plan_id>/informes/", PlanInformeApi.as_view(), name="api-fronteras-plan-informes"),
]
