from django.urls import path

from fronteras import apis

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
