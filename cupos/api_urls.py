from django.urls import path

from cupos import apis

urlpatterns = [
    path("beneficiarios/", apis.BeneficiarioListApi.as_view(), name="api-beneficiarios"),
    path("beneficiarios/<int:beneficiario_id>/", apis.BeneficiarioDetailApi.as_view(), name="api-beneficiario"),
    path("beneficiarios/<int:beneficiario_id>/saldo/", apis.BeneficiarioSaldoApi.as_view(), name="api-beneficiario-saldo"),
    path("resoluciones/", apis.ResolucionListApi.as_view(), name="api-resoluciones"),
    path("resoluciones/<int:resolucion_id>/", apis.ResolucionDetailApi.as_view(), name="api-resolucion"),
    path("cupos/", apis.CupoListApi.as_view(), name="api-cupos"),
    path("cupos/<int:cupo_id>/", apis.CupoDetailApi.as_view(), name="api-cupo"),
    path("cupos/<int:cupo_id>/firmeza/", apis.CupoFirmezaApi.as_view(), name="api-cupo-firmeza"),
    path("cupos/<int:cupo_id>/cancelar/", apis.CupoCancelarApi.as_view(), name="api-cupo-cancelar"),
    path("cupos/<int:cupo_id>/saldo/", apis.CupoSaldoApi.as_view(), name="api-cupo-saldo"),
    path("cupos/<int:cupo_id>/movimientos/", apis.CupoMovimientosApi.as_view(), name="api-cupo-movimientos"),
]

from cupos.apis_novedades import NovedadDimarApi  # noqa: E402

urlpatterns.append(path("novedades-dimar/", NovedadDimarApi.as_view(), name="api-novedades-dimar"))
