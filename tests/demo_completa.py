"""The whole demo as `manage.py cargar_demo` loads it, for the tests that read the portal through it
(tests/demo/, whose conftest loads it once for the package; the crawler's `make run` script)."""


def cargar_demo() -> None:
    """Every app's loader in its order, then today's deadline review (as the command does)."""
    from core import registro
    from core.vencimientos.calendario import today
    from core.vencimientos.plazos import revisar_plazos

    for cargador in registro.demos():
        cargador.cargar()
    revisar_plazos(fecha=today())
