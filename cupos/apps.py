from django.apps import AppConfig


class CuposConfig(AppConfig):
    name = "cupos"
    verbose_name = "Cupos de combustible exento"

    def ready(self):
        from core import registro
        from core.identidad.roles import Rol
        from core.registro import Entrada
        from cupos import demo, errors, plazos
        from cupos.access import ANALISTAS, ESCRITORES, LECTORES_LISTA, LECTORES_NOVEDADES
        from cupos.models import TipoAlertaCupos

        analistas = frozenset(ANALISTAS)
        registro.registrar_menu(
            Entrada("Tablero de cupos", "cupos:tablero", analistas, orden=100),
            Entrada("Beneficiarios", "cupos:beneficiarios", frozenset(LECTORES_LISTA), orden=110),
            Entrada("Resoluciones", "cupos:resoluciones", analistas, orden=120),
            Entrada("Asignación anual", "cupos:asignacion", frozenset(ESCRITORES), orden=121),
            Entrada("Solicitudes", "cupos:solicitudes", analistas | {Rol.BENEFICIARIO}, orden=130),
            Entrada("Novedades Dimar", "cupos:novedades", frozenset(LECTORES_NOVEDADES), orden=620),
            Entrada("Cupos inactivos", "cupos:inactivos", analistas, orden=630),
        )
        registro.registrar_plazos("cupos", plazos)
        registro.registrar_demo("cupos", demo.cargar, orden=10)
        registro.registrar_errores(errors.ErrorCupos)
        from cupos.services.documentos import TIPO_FIRMADO

        registro.registrar_firmable(registro.Firmable(TIPO_FIRMADO, "Resolución de cupos de la UPME"))
        from core.firma import oficinas

        registro.registrar_oficinas(lambda: [oficinas.UPME])
        import dataclasses

        from cupos.services.documentos import documento_del_acto
        from cupos.services.efectos import (
            TIPO_ACTO,
            TIPO_ACTO_CANCELACION,
            TIPO_ACTO_DESISTIMIENTO,
            TIPO_ACTO_RECHAZO,
        )

        # DOMAIN §8: a resolution's, a cancellation's, a refusal's and a withdrawal's notification, recursos and
        # firmeza; the resolution's act answers its own stored PDF (the others get core's, core.actos.documento)
        resolucion = dataclasses.replace(TIPO_ACTO, documento=documento_del_acto)
        from cupos.services.condiciones import TIPO_ACTO_GARANTIA

        for tipo in (resolucion, TIPO_ACTO_CANCELACION, TIPO_ACTO_RECHAZO, TIPO_ACTO_DESISTIMIENTO, TIPO_ACTO_GARANTIA):
            registro.registrar_tipo_acto(tipo)
        registro.registrar_tipos_alerta(TipoAlertaCupos)
        from cupos.services.avisos import CANCELACION, describir_cancelacion

        registro.registrar_acto_aviso(CANCELACION, describir_cancelacion)  # "no fui yo" (core.mensajes.avisos)
        from cupos.selectors.libro import libro_totales

        registro.registrar_control("cupos.libro", libro_totales)  # backups check the ledger's sums

        # the cupo starts when Dimar acknowledges its notice (core's outbox tells us).
        from cupos.services.cupos import AVISO_DIMAR, cupo_dimar_acknowledged
        from cupos.views.cupos import accion_alerta_baja, accion_alerta_beneficiario

        registro.registrar_acuse(AVISO_DIMAR, cupo_dimar_acknowledged)
        registro.registrar_accion_alerta(TipoAlertaCupos.BAJA_DIMAR_POR_DECIDIR, accion_alerta_baja)
        registro.registrar_accion_alerta(TipoAlertaCupos.PERMISO_EXTRANJERO_POR_VENCER, accion_alerta_beneficiario)
        # a foreign vessel's guarantee and landings: UPME decides on its page (cancellation or the call).
        from cupos.views.condiciones import accion_alerta_condiciones

        for tipo in (
            TipoAlertaCupos.GARANTIA_POR_VENCER,
            TipoAlertaCupos.DESEMBARQUES_REZAGADOS,
            TipoAlertaCupos.DESEMBARQUE_MINIMO_INCUMPLIDO,
        ):
            registro.registrar_accion_alerta(tipo, accion_alerta_condiciones)

        # at national size: the stored PDF and the bulk firmeza are recoverable jobs.
        from cupos.models import DocumentoResolucion, FirmezaMasiva
        from cupos.services import documentos, firmezas
        from cupos.tasks import firmeza_masiva_task, generar_documento_resolucion_task

        registro.registrar_trabajo(
            registro.Trabajo(
                nombre=documentos.TRABAJO,
                modelo=DocumentoResolucion,
                en_espera=(DocumentoResolucion.Estado.EN_ESPERA,),
                en_curso=(DocumentoResolucion.Estado.GENERANDO,),
                encolar=generar_documento_resolucion_task.delay,
                abandonar=documentos.resolucion_documento_abandon,
            )
        )
        registro.registrar_trabajo(
            registro.Trabajo(
                nombre=firmezas.TRABAJO,
                modelo=FirmezaMasiva,
                en_espera=(FirmezaMasiva.Estado.EN_ESPERA,),
                en_curso=(FirmezaMasiva.Estado.EN_CURSO,),
                encolar=firmeza_masiva_task.delay,
                abandonar=firmezas.firmeza_masiva_abandon,
            )
        )

        # The jobs the API answers 202 for, followed at GET /api/v1/trabajos/{id}/ (core.api.trabajos).
        from cupos.access import documento_resolucion_access, firmeza_masiva_access, resolucion_access
        from cupos.selectors import trabajos as vistas

        registro.registrar_trabajo_consultable(registro.TrabajoConsultable(
            prefijo=vistas.PREFIJO_EXPEDICION, tipo="expedicion_resolucion",
            acceso=resolucion_access, describir=vistas.expedicion_vista,
        ))
        registro.registrar_trabajo_consultable(registro.TrabajoConsultable(
            prefijo=vistas.PREFIJO_FIRMEZA, tipo="firmeza_masiva",
            acceso=firmeza_masiva_access, describir=vistas.firmeza_vista,
        ))
        registro.registrar_trabajo_consultable(registro.TrabajoConsultable(
            prefijo=vistas.PREFIJO_DOCUMENTO, tipo="documento_resolucion",
            acceso=documento_resolucion_access, describir=vistas.documento_vista,
        ))

        # an issuing left waiting or half-done by a dead worker or a broker outage is queued again;
        # one whose workers died too often goes back to borrador with the error recorded.
        from cupos.models import Resolucion
        from cupos.services.asignacion import TRABAJO, resolucion_expedicion_abandon
        from cupos.tasks import expedir_resolucion_task

        registro.registrar_trabajo(
            registro.Trabajo(
                nombre=TRABAJO,
                modelo=Resolucion,
                en_espera=(),
                en_curso=(Resolucion.Estado.EXPIDIENDO,),
                encolar=expedir_resolucion_task.delay,
                abandonar=resolucion_expedicion_abandon,
            )
        )
        # Diversion flags (core.desvios): this app's signals.
        from core import desvios
        from cupos.desvios import SENALES

        for senal in SENALES:
            desvios.registrar_senal(senal)

        from cupos import datos as datos_abiertos

        datos_abiertos.registrar()  # what it publishes under /datos/ (core.datos, issue 28)
