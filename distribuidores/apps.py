from django.apps import AppConfig


class DistribuidoresConfig(AppConfig):
    name = "distribuidores"
    verbose_name = "Distribuidores: ventas y reportes mensuales"

    def ready(self):
        from core import registro
        from core.registro import Entrada
        from core.roles import Rol
        from distribuidores import plazos

        upme = frozenset({Rol.UPME_ANALISTA, Rol.AUDITOR})
        registro.registrar_menu(
            Entrada("Verificar venta", "distribuidores-verificar", frozenset({Rol.DISTRIBUIDOR}), orden=300),
            Entrada("Ventas", "distribuidores-ventas", upme | {Rol.DISTRIBUIDOR}, orden=310),
            Entrada("Reportes mensuales", "distribuidores-reportes", upme | {Rol.DISTRIBUIDOR}, orden=320),
            Entrada("Conciliación", "distribuidores-conciliacion", upme | {Rol.DISTRIBUIDOR}, orden=330),
            Entrada("Declaraciones", "distribuidores-declaraciones", upme | {Rol.BENEFICIARIO}, orden=340),
        )
        registro.registrar_revisiones(plazos.REVISIONES)
        registro.registrar_vencimientos("distribuidores", plazos.vencimientos)
