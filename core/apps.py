from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Plataforma"

    def ready(self):
        from core import demo, registro
        from core.api.fields import instalar_cifras_ascii, instalar_texto_no_nulo
        from core.comun import errors
        from core.models import Alerta
        from core.plataforma import checks  # noqa: F401  (the deploy checks register themselves)
        from core.web import menu  # noqa: F401  (the menu registers itself)

        instalar_texto_no_nulo()
        instalar_cifras_ascii()

        registro.registrar_demo("core", demo.cargar, orden=0)
        registro.registrar_errores(errors.ErrorCore)
        registro.registrar_tipos_alerta(Alerta.Tipo)
        from core.actos.services import TIPO_DECISION

        registro.registrar_tipo_acto(registro.TipoActo(TIPO_DECISION, "Decisión sobre un recurso"))
        from core.actos import documento as documento_acto

        registro.registrar_firmable(registro.Firmable(documento_acto.TIPO_FIRMADO, "Acto administrativo del portal"))
        from core.actos.plazos import NotificacionPendiente, RecursoPorDecidir

        registro.registrar_revisiones([NotificacionPendiente(), RecursoPorDecidir()])
        # Services queue tasks by name and the outbox delivers notices through the registry, so neither
        # imports core.tasks nor core.mensajes.avisos (no import circles). Late-bound: tests may patch the task.
        from core import tasks
        from core.mensajes import avisos, outbox

        registro.registrar_tarea(outbox.TAREA_ENTREGAR, lambda *args: tasks.outbox_deliver_task.delay(*args))
        registro.registrar_tarea(outbox.TAREA_ENTREGAR_LOTE, lambda *args: tasks.outbox_deliver_lote_task.delay(*args))
        from core.firma import servicio

        registro.registrar_tarea(  # the signing worker's queue (core.firma.servicio): the caller awaits the answer
            servicio.TAREA_FIRMAR,
            lambda pedido, **opciones: tasks.firmar_documento_task.apply_async(kwargs=pedido, **opciones),
        )
        from core.actos import notificacion

        registro.registrar_entrega(notificacion.TIPO_MENSAJE, lambda mensaje: avisos.entregar(mensaje))
        registro.registrar_entrega(avisos.TIPO_MENSAJE, lambda mensaje: avisos.entregar(mensaje))
        # Diversion flags (core.desvios): the scoring is a recoverable job the API follows; the apps
        # register their signals in their own ready().
        from core.desvios import access as desvios_access
        from core.desvios import selectors as desvios_selectors
        from core.desvios import services as desvios_services
        from core.desvios import tasks as desvios_tasks
        from core.desvios.models import CalculoDesvios
        from core.registro import Entrada

        registro.registrar_trabajo(registro.Trabajo(
            nombre=desvios_services.TRABAJO, modelo=CalculoDesvios, en_espera=(CalculoDesvios.Estado.EN_ESPERA,),
            en_curso=(CalculoDesvios.Estado.CALCULANDO,), encolar=desvios_tasks.desvios_calcular_task.delay,
            abandonar=desvios_services.desvios_calcular_abandon,
        ))
        registro.registrar_trabajo_consultable(registro.TrabajoConsultable(
            prefijo=desvios_selectors.PREFIJO_TRABAJO, tipo="calculo_desvios",
            acceso=desvios_selectors.calculo_access, describir=desvios_selectors.calculo_vista_trabajo,
        ))
        registro.registrar_menu(
            Entrada("Alertas de desvío", "desvios", frozenset(desvios_access.LECTORES), orden=605),
        )

        # Open data (issue 28): the demo's closed months are published, and the monthly beat task is known.
        from core.datos import demo as datos_demo
        from core.datos import tasks as datos_tasks  # noqa: F401  (registers publicar_datos_task)

        registro.registrar_demo("datos abiertos", datos_demo.cargar, orden=1000)
