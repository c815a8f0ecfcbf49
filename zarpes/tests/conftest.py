import pytest

from zarpes.tests.factories import usar_ruta


@pytest.fixture(params=["postgresql", "orm"])
def ambas_rutas(request, monkeypatch):
    """Run the test on both implementations of issuance (zarpes/services/zarpes_sql.py and the ORM)."""
    usar_ruta(request.param, monkeypatch)
    return request.param
