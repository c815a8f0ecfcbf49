from django.apps import AppConfig


class FronterasConfig(AppConfig):
    name = "fronteras"
    verbose_name = "Zonas de frontera"

    def ready(self):
        from core import registro
        from core.registro import Entrada
        from fronteras import demo, errors, plazos
        from fronteras.access import ANALISTAS, DESPACHADORES, LECTORES_REGISTRO, PLANES_EVALUA, PLANES_PRESENTA
        from fronteras.models import TipoAlertaFronteras

        registro.registrar_menu(
            Entrada("Zonas de frontera", "fronteras:municipios", frozenset(LECTORES_REGISTRO), orden=400),
            Entrada("Grandes consumidores", "fronteras:grandes-consumidores", frozenset(ANALISTAS), orden=402),
            Entrada(
                "Planes de abastecimiento", "fronteras:planes", frozenset(PLANES_PRESENTA + PLANES_EVALUA), orden=405
            ),
            Entrada("Despachos en frontera", "fronteras:despachos", frozenset(DESPACHADORES), orden=410),
            Entrada("Transparencia en frontera", "fronteras:transparencia", orden=420),
        )
        registro.registrar_plazos("fronteras", plazos)
        registro.registrar_demo("fronteras", demo.cargar, orden=40)
        registro.registrar_errores(errors.ErrorFronteras)
        from fronteras.pdf import TIPO_FIRMADO

        registro.registrar_firmable(registro.Firmable(TIPO_FIRMADO, "Resolución de volúmenes máximos en frontera"))
        from fronteras import pdf_planes

        registro.registrar_firmable(registro.Firmable(pdf_planes.TIPO_FIRMADO, "Aprobación del plan de abastecimiento"))
        registro.registrar_tipos_alerta(TipoAlertaFronteras)
        from core.firma import oficinas

        registro.registrar_oficinas(lambda: [oficinas.UPME, oficinas.MINMINAS])
        from fronteras.services.asignaciones import AVISO_COPIA, AVISO_EJECUTORIA, asignacion_ecopetrol_acknowledged

        registro.registrar_acuse(AVISO_COPIA, asignacion_ecopetrol_acknowledged)  # F-05: when Ecopetrol got them
        registro.registrar_acuse(AVISO_EJECUTORIA, asignacion_ecopetrol_acknowledged)
        from fronteras.services.efectos import TIPO_ACTO_ASIGNACION, TIPO_ACTO_PLAN

        # DOMAIN §8: assignments (F-05) and plan approvals (F-07) are notified, contested and final under P-04.
        registro.registrar_tipo_acto(TIPO_ACTO_ASIGNACION)
        registro.registrar_tipo_acto(TIPO_ACTO_PLAN)

        from django.db.models.signals import post_delete, post_save

        from fronteras.selectors.despachos import transparencia_al_cambiar

        post_save.connect(transparencia_al_cambiar, dispatch_uid="fronteras-transparencia-save")
        post_delete.connect(transparencia_al_cambiar, dispatch_uid="fronteras-transparencia-delete")
        # Diversion flags (core.desvios): this app's signals.
        from core import desvios
        from fronteras.desvios import SENALES

        for senal in SENALES:
            desvios.registrar_senal(senal)

        from fronteras import datos as datos_abiertos

        datos_abiertos.registrar()  # what it publishes under /datos/ (core.datos, issue 28)
