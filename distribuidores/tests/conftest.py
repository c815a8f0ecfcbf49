"""Fixtures shared by the wholesalers' tests."""

import pytest

from distribuidores.tests.archivos.escenario import construir_mundo
from distribuidores.tests.factories import certificado_de, sin_documentos
from distribuidores.tests.test_conciliacion_selectors import mayorista, vender
from zarpes.tests.factories import nave_con_cupo


@pytest.fixture
def media_temporal(settings, tmp_path):
    """Uploaded reports land in a folder of the test's own."""
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def mundo(mayorista):
    """The monthly reports' world (escenario.construir_mundo) of the module's `mayorista`: a user in the
    services' tests, an API client with its `.usuario` in the APIs'."""
    return construir_mundo(getattr(mayorista, "usuario", mayorista))


@pytest.fixture
def venta_nave(db):
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    # A sale registered before R-23 asked for its documents at the sale: the tests record them afterwards.
    return petromar, sin_documentos(vender(petromar, nave, "100", certificado_de(nave, "100")))
