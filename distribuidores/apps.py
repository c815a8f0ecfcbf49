from django.apps import AppConfig


class DistribuidoresConfig(AppConfig):
    name = "distribuidores"
    verbose_name = "Distribuidores: ventas y reportes mensuales"

    def ready(self):
        from core import registro
        from core.registro import Entrada
        from distribuidores import demo, errors, plazos
        from distribuidores.access import (
            ESCRITORES,
            LECTORES,
            LECTORES_CONCILIACION,
            LECTORES_DECLARACIONES,
            LECTORES_RELACION,
        )
        from distribuidores.models import TipoAlertaDistribuidores

        registro.registrar_menu(
            Entrada(
                "Verificar venta", "distribuidores:verificar", frozenset(ESCRITORES), orden=300, administrador=False
            ),
            Entrada("Ventas", "distribuidores:ventas", frozenset(LECTORES), orden=310),
            Entrada("Reportes mensuales", "distribuidores:reportes", frozenset(LECTORES), orden=320),
            Entrada("Conciliación", "distribuidores:conciliacion", frozenset(LECTORES_CONCILIACION), orden=330),
            Entrada("Declaraciones", "distribuidores:declaraciones", frozenset(LECTORES_DECLARACIONES), orden=340),
            Entrada("Relación al productor o importador", "distribuidores:relaciones", frozenset(LECTORES_RELACION),
                    orden=350),
        )
        registro.registrar_plazos("distribuidores", plazos)
        registro.registrar_demo("distribuidores", demo.cargar, orden=30)
        registro.registrar_errores(errors.ErrorDistribuidores)
        registro.registrar_tipos_alerta(TipoAlertaDistribuidores)
        from distribuidores.services import avisos

        registro.registrar_acto_aviso(avisos.VENTA, avisos.describir_venta)  # "no fui yo" (core.mensajes.avisos)
        from distribuidores.services.relaciones import AVISO_RELACION, relacion_acknowledged

        registro.registrar_acuse(AVISO_RELACION, relacion_acknowledged)  # art. 15: when the recipient got it
        registro.registrar_enlace_alerta("distribuidores.avisos", avisos.enlace_alerta)
        # a report left waiting or half-processed by a dead worker or a broker outage is queued again.
        from distribuidores.models import ReporteMensual
        from distribuidores.services.reportes.ingesta import TRABAJO, reporte_abandon
        from distribuidores.tasks import procesar_reporte_task

        Estado = ReporteMensual.Estado
        registro.registrar_trabajo(registro.Trabajo(
            nombre=TRABAJO, modelo=ReporteMensual, en_espera=(Estado.RECIBIDO,), en_curso=(Estado.PROCESANDO,),
            encolar=procesar_reporte_task.delay, abandonar=reporte_abandon,
        ))
        from distribuidores.access import reporte_access
        from distribuidores.selectors.reportes import PREFIJO_TRABAJO, reporte_vista_trabajo

        registro.registrar_trabajo_consultable(registro.TrabajoConsultable(
            prefijo=PREFIJO_TRABAJO, tipo="reporte_mensual", acceso=reporte_access, describir=reporte_vista_trabajo,
        ))  # GET /api/v1/trabajos/reporte-<id>/ follows the upload's 202 (core.api.trabajos)
        registro.registrar_errores(errors.DiscrepanciaConciliacion)
        # The service queues its recompute by name: distribuidores.tasks imports the service, never the reverse.
        from distribuidores import tasks
        from distribuidores.services.resumen_conciliacion import TAREA_RECALCULAR

        registro.registrar_tarea(TAREA_RECALCULAR, lambda *args: tasks.conciliacion_recalcular_task.delay(*args))
        # a year's reconciliation workbook is a recoverable job too (issue 14).
        from distribuidores.models import ExportacionConciliacion
        from distribuidores.services import conciliacion
        from distribuidores.tasks import conciliacion_anual_task

        registro.registrar_trabajo(registro.Trabajo(
            nombre=conciliacion.TRABAJO, modelo=ExportacionConciliacion,
            en_espera=(ExportacionConciliacion.Estado.EN_ESPERA,), en_curso=(ExportacionConciliacion.Estado.GENERANDO,),
            encolar=conciliacion_anual_task.delay, abandonar=conciliacion.conciliacion_anual_abandon,
        ))
        # Diversion flags (core.desvios): this app's signals.
        from core import desvios
        from distribuidores.desvios import SENALES

        for senal in SENALES:
            desvios.registrar_senal(senal)

        from distribuidores import datos as datos_abiertos

        datos_abiertos.registrar()  # what it publishes under /datos/ (core.datos, issue 28)
