from django.apps import AppConfig


class ZarpesConfig(AppConfig):
    name = "zarpes"
    verbose_name = "Zarpes y certificados de cupo de exención"

    def ready(self):
        from core import registro
        from core.registro import Entrada
        from zarpes import demo, errors
        from zarpes.access import LECTORES_DESIGNACION, LECTORES_ZARPES

        registro.registrar_menu(
            Entrada("Zarpes", "zarpes:lista", frozenset(LECTORES_ZARPES), orden=200),
            # the register of the inspectors each capitanía designates.
            Entrada("Inspectores designados", "zarpes:inspectores", frozenset(LECTORES_DESIGNACION), orden=205),
        )
        registro.registrar_demo("zarpes", demo.cargar, orden=20)
        registro.registrar_errores(errors.ErrorZarpes)
        # Notices of every act in a vessel's name, and its "no fui yo" (core.mensajes.avisos).
        from zarpes.services import avisos

        for clase, describir in avisos.DESCRIPTORES.items():
            registro.registrar_acto_aviso(clase, describir)
        registro.registrar_enlace_alerta("zarpes", avisos.enlace_alerta)
        from django.urls import reverse

        from zarpes.pdf import TIPO_FIRMADO

        registro.registrar_firmable(
            registro.Firmable(
                TIPO_FIRMADO,
                "Certificado de cupo de exención",
                lambda codigo: reverse("zarpes:verificar", args=[codigo]),
            )
        )
        from zarpes.pdf import oficinas_de_las_capitanias

        registro.registrar_oficinas(oficinas_de_las_capitanias)
        # Issue 44: each certificate is signed right after its issuance commits, by the signing worker.
        from django.conf import settings

        from zarpes import tasks
        from zarpes.pdf import TAREA_FIRMAR

        registro.registrar_tarea(
            TAREA_FIRMAR,
            lambda numero: tasks.certificado_firmar_task.apply_async(args=[numero], queue=settings.FIRMA_COLA),
        )
        # Diversion flags (core.desvios): the zarpes' signals.
        from core import desvios
        from zarpes.desvios import SENALES

        for senal in SENALES:
            desvios.registrar_senal(senal)

        from zarpes import datos as datos_abiertos

        datos_abiertos.registrar()  # what it publishes under /datos/ (core.datos, issue 28)
