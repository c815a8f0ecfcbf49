from django.apps import AppConfig


class CuposConfig(AppConfig):
    name = "cupos"
    verbose_name = "Cupos de combustible exento"

    def ready(self):
        from core import registro
        from core.registro import Entrada
        from core.roles import Rol
        from cupos import demo, errors, plazos
        from cupos.access import ANALISTAS, LECTORES_LISTA, LECTORES_NOVEDADES

        analistas = frozenset(ANALISTAS)
        registro.registrar_menu(
            Entrada("Tablero de cupos", "cupos:tablero", analistas, orden=100),
            Entrada("Beneficiarios", "cupos:beneficiarios", frozenset(LECTORES_LISTA), orden=110),
            Entrada("Resoluciones", "cupos:resoluciones", analistas, orden=120),
            Entrada("Solicitudes", "cupos:solicitudes", analistas | {Rol.BENEFICIARIO}, orden=130),
            Entrada("Novedades Dimar", "cupos:novedades", frozenset(LECTORES_NOVEDADES), orden=620),
            Entrada("Cupos inactivos", "cupos:inactivos", analistas, orden=630),
        )
        registro.registrar_revisiones(plazos.REVISIONES)
        registro.registrar_vencimientos("cupos", plazos.vencimientos)
        registro.registrar_demo("cupos", demo.cargar, orden=10)
        registro.registrar_errores(errors.ErrorCupos)
