from django.apps import AppConfig


class DistribuidoresConfig(AppConfig):
    name = "distribuidores"
    verbose_name = "Distribuidores: ventas y reportes mensuales"

    def ready(self):
        from core import registro
        from core.registro import Entrada
        from distribuidores import errors, plazos
        from distribuidores.access import (
            ESCRITORES,
            LECTORES,
            LECTORES_CONCILIACION,
            LECTORES_DECLARACIONES,
            LECTORES_RELACION,
        )

        registro.registrar_menu(
            Entrada("Verificar venta", "distribuidores:verificar", frozenset(ESCRITORES), orden=300),
            Entrada("Ventas", "distribuidores:ventas", frozenset(LECTORES), orden=310),
            Entrada("Reportes mensuales", "distribuidores:reportes", frozenset(LECTORES), orden=320),
            Entrada("Conciliación", "distribuidores:conciliacion", frozenset(LECTORES_CONCILIACION), orden=330),
            Entrada("Declaraciones", "distribuidores:declaraciones", frozenset(LECTORES_DECLARACIONES), orden=340),
            Entrada("Relación a Ecopetrol", "distribuidores:relaciones", frozenset(LECTORES_RELACION), orden=350),
        )
        registro.registrar_revisiones(plazos.REVISIONES)
        registro.registrar_vencimientos("distribuidores", plazos.vencimientos)
        registro.registrar_errores(errors.ErrorDistribuidores)
        registro.registrar_errores(errors.DiscrepanciaConciliacion)
