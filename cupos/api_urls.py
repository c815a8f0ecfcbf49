"""API routes of the quota regime (mounted under /api/v1/). Route names are public: clients reverse them."""

from django.urls import path

from cupos.apis import beneficiarios, condiciones, cupos, libro, novedades, resoluciones, saldos, solicitudes

urlpatterns = [
    path("beneficiarios/", beneficiarios.BeneficiarioListApi.as_view(), name="api-beneficiarios"),
    path(
        "beneficiarios/<int:beneficiario_id>/", beneficiarios.BeneficiarioDetailApi.as_view(), name="api-beneficiario"
    ),
    path(
        "beneficiarios/<int:beneficiario_id>/saldo/",
        saldos.BeneficiarioSaldoApi.as_view(),
        name="api-beneficiario-saldo",
    ),
    # a foreign vessel's standing conditions.
    path(
        "beneficiarios/<int:beneficiario_id>/garantias/",
        condiciones.BeneficiarioGarantiasApi.as_view(),
        name="api-beneficiario-garantias",
    ),
    path(
        "beneficiarios/<int:beneficiario_id>/desembarques/",
        condiciones.BeneficiarioDesembarquesApi.as_view(),
        name="api-beneficiario-desembarques",
    ),
    # the Armada's convenio with its wholesaler.
    path(
        "beneficiarios/<int:beneficiario_id>/convenios/",
        condiciones.BeneficiarioConveniosApi.as_view(),
        name="api-beneficiario-convenios",
    ),
    path(
        "beneficiarios/<int:beneficiario_id>/obligaciones/",
        condiciones.BeneficiarioObligacionesApi.as_view(),
        name="api-beneficiario-obligaciones",
    ),
    # applications; a refusal is an act (DOMAIN §8).
    path("solicitudes/", solicitudes.SolicitudListApi.as_view(), name="api-solicitudes"),
    path("solicitudes/<int:solicitud_id>/", solicitudes.SolicitudDetailApi.as_view(), name="api-solicitud"),
    path(
        "solicitudes/<int:solicitud_id>/aprobar/",
        solicitudes.SolicitudAprobarApi.as_view(),
        name="api-solicitud-aprobar",
    ),
    path(
        "solicitudes/<int:solicitud_id>/rechazar/",
        solicitudes.SolicitudRechazarApi.as_view(),
        name="api-solicitud-rechazar",
    ),
    path("resoluciones/", resoluciones.ResolucionListApi.as_view(), name="api-resoluciones"),
    path("resoluciones/<int:resolucion_id>/", resoluciones.ResolucionDetailApi.as_view(), name="api-resolucion"),
    path(
        "resoluciones/<int:resolucion_id>/propuesta/",
        resoluciones.ResolucionPropuestaApi.as_view(),
        name="api-resolucion-propuesta",
    ),
    path(
        "resoluciones/<int:resolucion_id>/lineas/",
        resoluciones.ResolucionLineasApi.as_view(),
        name="api-resolucion-lineas",
    ),
    path(
        "resoluciones/<int:resolucion_id>/lineas/xlsx/",
        resoluciones.ResolucionLineasXlsxApi.as_view(),
        name="api-resolucion-lineas-xlsx",
    ),
    path(
        "resoluciones/<int:resolucion_id>/expedir/",
        resoluciones.ResolucionExpedirApi.as_view(),
        name="api-resolucion-expedir",
    ),
    path(
        "resoluciones/<int:resolucion_id>/firmeza/",
        resoluciones.ResolucionFirmezaApi.as_view(),
        name="api-resolucion-firmeza",
    ),
    path("cupos/", cupos.CupoListApi.as_view(), name="api-cupos"),
    path("cupos/<int:cupo_id>/", cupos.CupoDetailApi.as_view(), name="api-cupo"),
    path("cupos/<int:cupo_id>/firmeza/", cupos.CupoFirmezaApi.as_view(), name="api-cupo-firmeza"),
    path("cupos/<int:cupo_id>/cancelar/", cupos.CupoCancelarApi.as_view(), name="api-cupo-cancelar"),
    path("cupos/<int:cupo_id>/comunicacion/", cupos.CupoComunicacionApi.as_view(), name="api-cupo-comunicacion"),
    path(
        "cupos/<int:cupo_id>/fin-continuidad/", cupos.CupoFinContinuidadApi.as_view(), name="api-cupo-fin-continuidad"
    ),
    path("cupos/<int:cupo_id>/saldo/", saldos.CupoSaldoApi.as_view(), name="api-cupo-saldo"),
    path("cupos/<int:cupo_id>/movimientos/", libro.CupoMovimientosApi.as_view(), name="api-cupo-movimientos"),
    path("novedades-dimar/", novedades.NovedadDimarApi.as_view(), name="api-novedades-dimar"),
]
