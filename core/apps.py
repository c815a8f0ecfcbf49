from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Plataforma"

    def ready(self):
        from core import demo, errors, menu, registro  # noqa: F401  (menu registers core's entries)

        registro.registrar_demo("core", demo.cargar, orden=0)
        registro.registrar_errores(errors.ErrorCore)
