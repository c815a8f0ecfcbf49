"""Page routes of the quota regime (the API lives in cupos/api_urls.py). Included at the site root."""

from django.urls import path

from cupos.views import (
    asignacion,
    beneficiarios,
    cupos,
    garantias,
    inactividad,
    modificatorias,
    novedades,
    resoluciones,
    solicitudes,
    tablero,
)

app_name = "cupos"

urlpatterns = [
    path("beneficiarios/", beneficiarios.lista, name="beneficiarios"),
    path("beneficiarios/nuevo/", beneficiarios.beneficiario_nuevo, name="beneficiario-nuevo"),
    path("beneficiarios/<int:beneficiario_id>/", beneficiarios.detalle, name="beneficiario"),
    path("beneficiarios/<int:beneficiario_id>/editar/", beneficiarios.beneficiario_editar, name="beneficiario-editar"),
    # a foreign vessel's guarantee and landings.
    path("beneficiarios/<int:beneficiario_id>/garantias/", garantias.garantia_nueva, name="garantia-nueva"),
    path("beneficiarios/<int:beneficiario_id>/desembarques/", garantias.desembarque_nuevo, name="desembarque-nuevo"),
    path("beneficiarios/<int:beneficiario_id>/convenios/", garantias.convenio_nuevo, name="convenio-nuevo"),
    path(
        "beneficiarios/<int:beneficiario_id>/garantias/<int:garantia_id>/ejecutar/",
        garantias.garantia_ejecucion,
        name="garantia-ejecutar",
    ),
    path("cupos/tablero/", tablero.tablero, name="tablero"),
    path("cupos/<int:cupo_id>/cancelar/", cupos.cancelar, name="cupo-cancelar"),
    path("cupos/<int:cupo_id>/causa-justificada/", cupos.causa_justificada, name="cupo-causa"),
    path("cupos/<int:cupo_id>/comunicacion/", cupos.comunicacion, name="cupo-comunicacion"),
    path("cupos/<int:cupo_id>/fin-continuidad/", cupos.fin_continuidad, name="cupo-fin-continuidad"),
    path("cupos/reglas-acumulacion/", cupos.reglas_acumulacion, name="reglas-acumulacion"),
    path("cupos/inactivos/", inactividad.inactivos, name="inactivos"),
    path("cupos/inactivos/<int:alerta_id>/decidir/", inactividad.inactivo_decidir, name="inactivo-decidir"),
    path("resoluciones/", resoluciones.lista, name="resoluciones"),
    path("resoluciones/nueva/", resoluciones.nueva, name="resolucion-nueva"),
    path("resoluciones/asignacion/", asignacion.asignacion_actual, name="asignacion"),
    path("resoluciones/<int:resolucion_id>/", resoluciones.detalle, name="resolucion"),
    path("resoluciones/<int:resolucion_id>/lineas/<int:beneficiario_id>/", asignacion.linea, name="resolucion-linea"),
    path("resoluciones/<int:resolucion_id>/beneficiarios/", modificatorias.buscar, name="modificatoria-buscar"),
    path(
        "resoluciones/<int:resolucion_id>/beneficiarios/<int:beneficiario_id>/",
        modificatorias.linea,
        name="modificatoria-linea",
    ),
    path(
        "resoluciones/<int:resolucion_id>/beneficiarios/<int:beneficiario_id>/quitar/",
        modificatorias.linea_quitar,
        name="modificatoria-quitar",
    ),
    path(
        "resoluciones/<int:resolucion_id>/considerandos/",
        modificatorias.considerandos,
        name="modificatoria-considerandos",
    ),
    path("resoluciones/<int:resolucion_id>/fijar/", asignacion.fijar_propuestas, name="resolucion-fijar"),
    path("resoluciones/<int:resolucion_id>/plantilla.xlsx", asignacion.exportar, name="resolucion-exportar"),
    path("resoluciones/<int:resolucion_id>/importar/", asignacion.importar, name="resolucion-importar"),
    path("resoluciones/<int:resolucion_id>/expedir/", asignacion.expedir, name="resolucion-expedir"),
    path("resoluciones/<int:resolucion_id>/expedicion/", asignacion.expedicion, name="resolucion-expedicion"),
    path("resoluciones/<int:resolucion_id>/firmeza/", resoluciones.firmeza, name="resolucion-firmeza"),
    path("resoluciones/<int:resolucion_id>/pdf/", resoluciones.documento_pdf, name="resolucion-pdf"),
    path("resoluciones/<int:resolucion_id>/documento/", resoluciones.documento_generar, name="resolucion-documento"),
    path(
        "resoluciones/<int:resolucion_id>/documento/estado/",
        resoluciones.documento_estado,
        name="resolucion-documento-estado",
    ),
    path(
        "resoluciones/<int:resolucion_id>/firmeza/estado/",
        resoluciones.firmeza_estado,
        name="resolucion-firmeza-estado",
    ),
    path("solicitudes/", solicitudes.solicitud_lista, name="solicitudes"),
    path("solicitudes/nueva/", solicitudes.solicitud_nueva, name="solicitud-nueva"),
    path("solicitudes/<int:pk>/", solicitudes.solicitud_detalle, name="solicitud"),
    path("solicitudes/<int:pk>/estado/", solicitudes.solicitud_estado, name="solicitud-estado"),
    path("solicitudes/<int:pk>/causa-justificada/", solicitudes.solicitud_causa, name="solicitud-causa"),
    path("solicitudes/<int:pk>/plazo/", solicitudes.solicitud_plazo, name="solicitud-plazo"),
    path("solicitudes/<int:pk>/requerir/", solicitudes.solicitud_requerir, name="solicitud-requerir"),
    path("solicitudes/<int:pk>/prorrogar/", solicitudes.solicitud_prorrogar, name="solicitud-prorrogar"),
    path("solicitudes/<int:pk>/atunera/", solicitudes.solicitud_atunera, name="solicitud-atunera"),
    path("solicitudes/<int:pk>/documentos/<slug:requisito>/", solicitudes.documento_cargar, name="solicitud-documento"),
    path(
        "solicitudes/<int:pk>/documentos/<slug:requisito>/archivo/",
        solicitudes.documento_descargar,
        name="solicitud-documento-archivo",
    ),
    path("novedades-dimar/", novedades.novedades, name="novedades"),
    path("novedades-dimar/altas/<int:alta_id>/decidir/", novedades.alta_decidir, name="alta-decidir"),
]
