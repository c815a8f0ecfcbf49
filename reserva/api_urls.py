"""REST API of the cargo reservation, under /api/v1/reserva/ (API.md "Cargo reservation")."""

from django.urls import path

from reserva.apis import (
    arribos,
    conocimientos,
    controles,
    cumplimiento,
    deberes,
    exoneraciones,
    registros,
)

urlpatterns = [
    path("rutas/", registros.RutaApi.as_view(), name="api-reserva-rutas"),
    path("agencias/", registros.AgenciaApi.as_view(), name="api-reserva-agencias"),
    path("naves/", registros.NaveApi.as_view(), name="api-reserva-naves"),
    path("navieras/", registros.NavieraApi.as_view(), name="api-reserva-navieras"),
    path("puertos/", registros.PuertoApi.as_view(), name="api-reserva-puertos"),
    path("porcentajes-pais/", registros.PorcentajePaisApi.as_view(), name="api-reserva-porcentajes-pais"),
    path("delegaciones/", registros.DelegacionApi.as_view(), name="api-reserva-delegaciones"),
    path("arribos/", arribos.ArriboApi.as_view(), name="api-reserva-arribos"),
    path("arribos/<int:arribo_id>/", arribos.ArriboDetailApi.as_view(), name="api-reserva-arribo"),
    path("arribos/<int:arribo_id>/sobordo/", arribos.SobordoApi.as_view(), name="api-reserva-sobordo"),
    path(
        "arribos/<int:arribo_id>/conocimientos-entregados/",
        arribos.ConocimientosEntregadosApi.as_view(),
        name="api-reserva-conocimientos-entregados",
    ),
    path(
        "arribos/<int:arribo_id>/conocimientos/archivo/",
        conocimientos.ConocimientoArchivoApi.as_view(),
        name="api-reserva-conocimientos-archivo",
    ),
    path("conocimientos/", conocimientos.ConocimientoApi.as_view(), name="api-reserva-conocimientos"),
    path("cumplimiento/", cumplimiento.CumplimientoApi.as_view(), name="api-reserva-cumplimiento"),
    path("cumplimiento/nacional/", cumplimiento.CumplimientoNacionalApi.as_view(), name="api-reserva-nacional"),
    path("exoneraciones/", exoneraciones.ExoneracionApi.as_view(), name="api-reserva-exoneraciones"),
    path(
        "exoneraciones/<int:exoneracion_id>/",
        exoneraciones.ExoneracionDetailApi.as_view(),
        name="api-reserva-exoneracion",
    ),
    path(
        "exoneraciones/<int:exoneracion_id>/decidir/",
        exoneraciones.DecidirApi.as_view(),
        name="api-reserva-exoneracion-decidir",
    ),
    path(
        "exoneraciones/<int:exoneracion_id>/demora/",
        exoneraciones.DemoraApi.as_view(),
        name="api-reserva-exoneracion-demora",
    ),
    path(
        "exoneraciones/<int:exoneracion_id>/embarque/",
        exoneraciones.EmbarqueApi.as_view(),
        name="api-reserva-exoneracion-embarque",
    ),
    path(
        "exoneraciones/<int:exoneracion_id>/documentos/",
        exoneraciones.DocumentoApi.as_view(),
        name="api-reserva-exoneracion-documentos",
    ),
    path("verificar/<str:codigo>/", exoneraciones.VerificarExoneracionApi.as_view(), name="api-reserva-verificar"),
    path("contratos-anuales/", deberes.ContratoApi.as_view(), name="api-reserva-contratos"),
    path(
        "contratos-anuales/<int:contrato_id>/autorizar/",
        deberes.ContratoAutorizarApi.as_view(),
        name="api-reserva-contrato-autorizar",
    ),
    path(
        "contratos-anuales/<int:contrato_id>/negar/",
        deberes.ContratoNegarApi.as_view(),
        name="api-reserva-contrato-negar",
    ),
    path(
        "contratos-anuales/<int:contrato_id>/registro/",
        deberes.ContratoRegistroApi.as_view(),
        name="api-reserva-contrato-registro",
    ),
    path("informes-semestrales/", deberes.InformeApi.as_view(), name="api-reserva-informes"),
    path(
        "listas-sistemas-especiales/",
        deberes.ListaSistemasEspecialesApi.as_view(),
        name="api-reserva-listas-sistemas-especiales",
    ),
    path("recargos/", deberes.RecargoApi.as_view(), name="api-reserva-recargos"),
    path("recargos/<int:recargo_id>/decidir/", deberes.RecargoDecidirApi.as_view(), name="api-reserva-recargo-decidir"),
    path(
        "recargos/<int:recargo_id>/completar/",
        deberes.RecargoCompletarApi.as_view(),
        name="api-reserva-recargo-completar",
    ),
    path("solicitudes-ofertas/", controles.SolicitudOfertaApi.as_view(), name="api-reserva-solicitudes-ofertas"),
    path("solicitudes-ofertas/<int:solicitud_id>/ofertas/", controles.OfertaApi.as_view(), name="api-reserva-ofertas"),
    path(
        "solicitudes-ofertas/<int:solicitud_id>/calificar/",
        controles.CalificarApi.as_view(),
        name="api-reserva-ofertas-calificar",
    ),
    path("controles/", controles.ControlApi.as_view(), name="api-reserva-controles"),
    path(
        "controles/<int:control_id>/respuesta/",
        controles.ControlRespuestaApi.as_view(),
        name="api-reserva-control-respuesta",
    ),
    path("controles/<int:control_id>/cierre/", controles.ControlCierreApi.as_view(), name="api-reserva-control-cierre"),
    path(
        "controles/<int:control_id>/resultado/",
        controles.ControlResultadoApi.as_view(),
        name="api-reserva-control-resultado",
    ),
    path("avisos/", controles.AvisoApi.as_view(), name="api-reserva-avisos"),
]
