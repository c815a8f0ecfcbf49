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

        # Open data (issue 28): the demo's closed months are published, and the monthly beat task is known.
        from core.datos import demo as datos_demo
        from core.datos import tasks as datos_tasks  # noqa: F401  (registers publicar_datos_task)

        registro.registrar_demo("datos abiertos", datos_demo.cargar, orden=1000)
