"""The whole demo, loaded once for every module of this package (the crawler, the demo's consistency, its open
data, the admin's labels): loading it takes most of a minute, and these modules only read it.

It is loaded inside a transaction held for the package and rolled back when the package's last test ends; each
test runs in its own savepoint inside it (pytest-django's `db`), so what one test writes the next never sees.
Every test that uses it is sent whole to one xdist worker (the root conftest's `_grupo`: a package-scoped
fixture groups its package)."""

import pytest
from django.db import transaction
from django.test import override_settings


@pytest.fixture(scope="package")
def demo(django_db_setup, django_db_blocker, tmp_path_factory):
    """The demo as `manage.py cargar_demo` loads it, its closed months published as open data under the
    folder it yields (settings.DATOS_ROOT while it lives)."""
    from core.models import Usuario
    from cupos.tests.reglas import cargar_reglas_r10
    from tests import demo_completa
    from tests.crawler import permitir

    raiz = tmp_path_factory.mktemp("datos-demo")
    with override_settings(DATOS_ROOT=str(raiz)), django_db_blocker.unblock(), transaction.atomic():
        cargar_reglas_r10()  # a transactional test run before in this worker may have flushed them
        demo_completa.cargar_demo()  # its last loader publishes the demo's closed months (core.datos.demo)
        permitir(Usuario.objects.values_list("username", flat=True))  # login names are words people read
        yield raiz
        transaction.set_rollback(True)
