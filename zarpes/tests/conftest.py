import pytest

from core.identidad.roles import Rol
from zarpes.tests.factories import nave_con_cupo, usar_ruta
from zarpes.tests.paginas import HOY, fijar_hoy


@pytest.fixture(params=["postgresql", "orm"])
def ambas_rutas(request, monkeypatch):
    """Run the test on both implementations of issuance (zarpes/services/zarpes_sql.py and the ORM)."""
    usar_ruta(request.param, monkeypatch)
    return request.param


# --- Pages (test_*_views.py) ---


@pytest.fixture
def hoy(monkeypatch):
    fijar_hoy(monkeypatch, HOY)
    return HOY


@pytest.fixture
def entrar(entrar):
    """The officer by default: zarpes' pages are the capitanía's."""

    def _entrar(quien=Rol.CAPITANIA_OFICIAL, **campos):
        return entrar(quien, **campos)

    return _entrar


@pytest.fixture
def oficial(crear_usuario):
    return crear_usuario(Rol.CAPITANIA_OFICIAL)  # CP05


@pytest.fixture
def dona_lucia(hoy):
    nave, _ = nave_con_cupo(nombre="Doña Lucía", matricula="MC-05-0777")
    return nave
