from django.apps import AppConfig


class CuposConfig(AppConfig):
    name = "cupos"
    verbose_name = "Cupos de combustible exento"

    def ready(self):
        from core import registro
        from core.registro import Entrada
        from core.roles import Rol
        from cupos import demo, errors, plazos
        from cupos.access import ANALISTAS, ESCRITORES, LECTORES_LISTA, LECTORES_NOVEDADES

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
        registro.registrar_revisiones(plazos.REVISIONES)
        registro.registrar_enlace_alerta("cupos", plazos.enlace_alerta)
        registro.registrar_vencimientos("cupos", plazos.vencimientos)
        registro.registrar_demo("cupos", demo.cargar, orden=10)
        registro.registrar_errores(errors.ErrorCupos)
        from cupos.services.avisos import CANCELACION, describir_cancelacion

        registro.registrar_acto_aviso(CANCELACION, describir_cancelacion)  # "no fui yo" (core.avisos)
        from cupos.selectors.libro import libro_totales

        registro.registrar_control("cupos.libro", libro_totales)  # backups check the ledger's sums

        # the cupo starts when Dimar acknowledges its notice (core's outbox tells us).
        from core.models import Alerta
        from cupos.services.cupos import AVISO_DIMAR, cupo_dimar_acknowledged
        from cupos.views.cupos import accion_alerta_baja, accion_alerta_beneficiario

        registro.registrar_acuse(AVISO_DIMAR, cupo_dimar_acknowledged)
        registro.registrar_accion_alerta(Alerta.Tipo.BAJA_DIMAR_POR_DECIDIR, accion_alerta_baja)
        registro.registrar_accion_alerta(Alerta.Tipo.PERMISO_EXTRANJERO_POR_VENCER, accion_alerta_beneficiario)

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
