"""Page routes of the cargo reservation, under /reserva/ (the API lives in reserva/api_urls.py)."""

from django.urls import path

from reserva.views import arribos, cumplimiento, deberes, exoneraciones, recargos

app_name = "reserva"

urlpatterns = [
    path("arribos/", arribos.lista, name="arribos"),
    path("arribos/plantilla.csv", arribos.plantilla, name="plantilla"),
    path("arribos/<int:arribo_id>/", arribos.detalle, name="arribo"),
    path("arribos/<int:arribo_id>/conocimientos/", arribos.conocimiento, name="conocimiento"),
    path("arribos/<int:arribo_id>/conocimientos/archivo/", arribos.archivo, name="archivo"),
    path("arribos/<int:arribo_id>/sobordo/", arribos.sobordo, name="sobordo"),
    path("arribos/<int:arribo_id>/sobordo/archivo/", arribos.sobordo_archivo, name="sobordo-archivo"),
    path("exoneraciones/", exoneraciones.lista, name="exoneraciones"),
    path("exoneraciones/<int:exoneracion_id>/", exoneraciones.detalle, name="exoneracion"),
    path("exoneraciones/<int:exoneracion_id>/documentos/", exoneraciones.documento, name="documento"),
    path(
        "exoneraciones/<int:exoneracion_id>/documentos/<int:documento_id>/",
        exoneraciones.documento_archivo,
        name="documento-archivo",
    ),
    path("exoneraciones/<int:exoneracion_id>/decidir/", exoneraciones.decidir, name="decidir"),
    path("exoneraciones/<int:exoneracion_id>/embarque/", exoneraciones.embarque, name="embarque"),
    path("exoneraciones/<int:exoneracion_id>/demora/", exoneraciones.demora, name="demora"),
    path("delegaciones/", exoneraciones.delegaciones, name="delegaciones"),
    path("exoneraciones/<int:exoneracion_id>/sello.pdf", exoneraciones.sello, name="sello"),
    path("exoneraciones/<int:exoneracion_id>/negacion.pdf", exoneraciones.negacion, name="negacion"),
    path("verificar/", exoneraciones.verificar, name="verificar"),
    path("verificar/<str:codigo>/", exoneraciones.verificar, name="verificar-codigo"),
    path("cumplimiento/", cumplimiento.cumplimiento, name="cumplimiento"),
    path("nacional/", cumplimiento.nacional, name="nacional"),
    path("recargos/", recargos.lista, name="recargos"),
    path("recargos/<int:recargo_id>/decidir/", recargos.decidir, name="recargo-decidir"),
    path("recargos/<int:recargo_id>/completar/", recargos.completar, name="recargo-completar"),
    path("recargos/<int:recargo_id>/negacion.pdf", recargos.negacion, name="recargo-negacion"),
    path("avisos/", recargos.avisos, name="avisos"),
    path("controles/<int:control_id>/resultado/", recargos.resultado, name="control-resultado"),
    path("ofertas/", deberes.ofertas_lista, name="ofertas"),
    path("ofertas/<int:solicitud_id>/", deberes.oferta, name="oferta"),
    path("ofertas/<int:solicitud_id>/agregar/", deberes.oferta_agregar, name="oferta-agregar"),
    path("ofertas/<int:solicitud_id>/calificar/", deberes.oferta_calificar, name="oferta-calificar"),
    path("contratos/", deberes.contratos_lista, name="contratos"),
    path("contratos/<int:contrato_id>/autorizar/", deberes.contrato_autorizar, name="contrato-autorizar"),
    path("contratos/<int:contrato_id>/negar/", deberes.contrato_negar, name="contrato-negar"),
    path("contratos/<int:contrato_id>/negacion.pdf", deberes.contrato_negacion, name="contrato-negacion"),
    path("contratos/<int:contrato_id>/registrar/", deberes.contrato_registrar, name="contrato-registrar"),
    path("informes/", deberes.informes_lista, name="informes"),
    path("controles/", deberes.controles_lista, name="controles"),
    path("controles/<int:control_id>/responder/", deberes.control_responder, name="control-responder"),
    path("controles/<int:control_id>/cerrar/", deberes.control_cerrar, name="control-cerrar"),
]
