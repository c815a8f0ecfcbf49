"""Fixtures shared by the wholesalers' tests."""

import pytest

from distribuidores.tests.test_conciliacion_selectors import mayorista, vender
from distribuidores.tests.test_ventas_apis import certificado_de
from zarpes.tests.factories import nave_con_cupo


@pytest.fixture
def venta_nave(db):
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    return petromar, vender(petromar, nave, "100", certificado_de(nave, "100"))
