"""The whole demo as `manage.py cargar_demo` loads it, for the tests that read the portal through it
(tests/test_crawler_esco.py, tests/test_demo_coherente.py)."""

import pytest
from django.db import transaction


def cargar_demo() -> None:
    """Every app's loader in its order, then today's deadline review (as the command does)."""
    from core import registro
    from core.calendario import today
    from core.plazos import revisar_plazos

    for cargador in registro.demos():
        cargador.cargar()
    revisar_plazos(fecha=today())


def fixture_demo(cargar=cargar_demo):
    """A module-scoped fixture: the demo loaded once (by `cargar`) inside a transaction rolled back at the end."""

    @pytest.fixture(scope="module")
    def demo(django_db_setup, django_db_blocker):
        with django_db_blocker.unblock(), transaction.atomic():
            cargar()
            yield
            transaction.set_rollback(True)

    return demo
