from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Plataforma"

    def ready(self):
        from core import checks, demo, errors, menu, registro  # noqa: F401  (menu and checks register themselves)
        from core.api.fields import instalar_texto_no_nulo
        from core.models import Alerta

        instalar_texto_no_nulo()

        registro.registrar_demo("core", demo.cargar, orden=0)
        registro.registrar_errores(errors.ErrorCore)
        registro.registrar_tipos_alerta(Alerta.Tipo)
        # Services queue tasks by name and the outbox delivers notices through the registry, so neither
        # imports core.tasks nor core.avisos (no import circles). Late-bound: tests may patch the task.
        from core import avisos, outbox, tasks

        registro.registrar_tarea(outbox.TAREA_ENTREGAR, lambda *args: tasks.outbox_deliver_task.delay(*args))
        registro.registrar_entrega(avisos.TIPO_MENSAJE, lambda mensaje: avisos.entregar(mensaje))
