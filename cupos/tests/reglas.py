"""R-10's accumulation rules, and P-02's table of recursos, in tests that flush the database (transactional and
live-server tests)."""


def cargar_reglas_r10() -> None:
    """R-10's rules as the migrations leave them (0003 seeds them, 0013 closes the TRB gap and dates the
    regimes), when a flush took them: never twice (0003 alone would add the old rows back)."""
    import importlib

    from django.apps import apps

    from core.actos.models import RecursoProcedente
    from cupos.models import ReglaAcumulacion

    if not RecursoProcedente.objects.exists():  # P-02 (core migration 0025): no act is issued without it
        importlib.import_module("core.migrations.0025_procedimiento_de_actos").sembrar_recursos(apps, None)
    if ReglaAcumulacion.objects.exists():
        return
    importlib.import_module("cupos.migrations.0003_reglas_y_libro_inmutable").cargar_reglas(apps, None)
    importlib.import_module("cupos.migrations.0013_reglas_trb_sin_vacio_bandera_y_fechas_por_confirmar").ajustar_reglas(
        apps, None
    )
