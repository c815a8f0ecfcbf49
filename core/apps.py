from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Plataforma"

    def ready(self):
        from core import checks, demo, errors, menu, registro  # noqa: F401  (menu and checks register themselves)
        from core.api.fields import instalar_cifras_ascii, instalar_texto_no_nulo
        from core.models import Alerta

        instalar_texto_no_nulo()
        instalar_cifras_ascii()

        registro.registrar_demo("core", demo.cargar, orden=0)
        registro.registrar_errores(errors.ErrorCore)
        registro.registrar_tipos_alerta(Alerta.Tipo)
