"""Fixtures shared by the wholesalers' tests."""

import pytest

from distribuidores.tests.factories import certificado_de
from distribuidores.tests.test_conciliacion_selectors import mayorista, vender
from zarpes.tests.factories import nave_con_cupo


@pytest.fixture
def venta_nave(db):
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    return petromar, vender(petromar, nave, "100", certificado_de(nave, "100"))
