"""Fixtures shared by every test: users of each role with their scope, and API clients."""

import pytest
from rest_framework.test import APIClient

from core.api.auth import token_emitir
from core.identidad.roles import Rol
from core.tests.factories import CapitaniaFactory, DistribuidorFactory, UsuarioFactory
from core.tests.roles import api_de, usuario_de


@pytest.fixture(autouse=True)
def _datos_de_migracion(request):
    """Transactional tests truncate every table, data migrations included: put R-10's rules and P-02's recursos
    back."""
    if "live_server" in request.fixturenames:  # a browser journey: the server's database, flushed after each
        request.getfixturevalue("live_server")
    elif request.node.get_closest_marker("django_db") is None:
        return
    else:
        request.getfixturevalue("_django_db_helper")
    from cupos.tests.reglas import cargar_reglas_r10

    cargar_reglas_r10()  # and P-02's recursos


@pytest.fixture(autouse=True)
def _cache_limpia():
    """Rate-limit counters (DRF throttling) live in the cache: each test starts with none."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _axes_limpio(settings):
    """Failed-login counters live in the database; each test starts with none."""
    settings.AXES_ENABLED = True


@pytest.fixture(autouse=True)
def _sesion_con_segundo_factor(monkeypatch):
    """client.force_login of a user who signs or decides acts gives a session verified by a real, confirmed
    authenticator app (core.tests.segundo_factor), as the login's second step would: pages work as before,
    and an act's confirmation still asks for a fresh code (con_codigo)."""
    from django.test.client import Client

    from core.tests.segundo_factor import verificar_sesion

    original = Client.force_login

    def force_login(self, user, backend=None):
        original(self, user, backend)
        verificar_sesion(self, user)

    monkeypatch.setattr(Client, "force_login", force_login)


@pytest.fixture
def crear_usuario(db):
    """crear_usuario(rol) → a user with that role and the scope it needs."""

    def _crear(rol: str = Rol.UPME_ANALISTA, **campos):
        if rol == Rol.CAPITANIA_OFICIAL and "capitania" not in campos:
            campos["capitania"] = CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
        if rol == Rol.DISTRIBUIDOR and "distribuidor" not in campos:
            campos["distribuidor"] = DistribuidorFactory(nit="900456123", razon_social="Petromar S.A.S.")
        if rol == Rol.BENEFICIARIO and "beneficiario" not in campos:
            from cupos.tests.factories import NaveFactory

            campos["beneficiario"] = NaveFactory()
        if rol == Rol.AGENTE_MARITIMO:
            campos.setdefault("agencia_nit", "800123456")
        if rol == Rol.USUARIO_CARGA:
            campos.setdefault("nit", "900555123")
        if rol == Rol.CONFERENCIA:
            campos.setdefault("conferencia", "CONF-CARIBE")
        if rol == Rol.INTEGRACION:
            campos.setdefault("entidad", "dimar")
        if rol == Rol.ADMINISTRADOR:
            campos.setdefault("is_superuser", True)
            campos.setdefault("is_staff", True)
        return UsuarioFactory(rol=rol, **campos)

    return _crear


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def cliente(crear_usuario):
    """cliente(rol) → an APIClient authenticated by token as a new user of that role."""

    def _cliente(rol: str = Rol.UPME_ANALISTA, **campos):
        usuario = crear_usuario(rol, **campos)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token_emitir(usuario)[1]}")
        client.usuario = usuario
        return client

    return _cliente


admin_api = api_de(Rol.ADMINISTRADOR)
analista = usuario_de(Rol.UPME_ANALISTA)  # the actor of most services
upme = api_de(Rol.UPME_ANALISTA)


@pytest.fixture
def entrar(client, crear_usuario):
    """entrar(rol or user) → the Django test client logged in as that user (pages, not the API)."""

    def _entrar(quien=Rol.UPME_ANALISTA, **campos):
        usuario = crear_usuario(quien, **campos) if isinstance(quien, str) else quien
        client.force_login(usuario)
        client.usuario = usuario
        return client

    return _entrar


# --- Answers checked against the OpenAPI schema (tests/esquema_openapi.py) -----------------------------
# The API test modules: every /api/v1/ answer an APIClient gets there must be one the schema describes.
API_MODULOS = ("_api.py", "_apis.py", "test_api_contrato.py")


# --- The order the two xdist workers take tests in (`make test`: -n 2 --dist loadgroup) -------------------
# Workers take tests in collection order, so the few that take minutes go first and the thousands of short
# ones fill in around them; last, a minutes-long test would leave one worker finishing alone. Most costly
# first (a prefix of the node id). A module whose tests share a costly module-scoped fixture (a `make run`
# server) is one group, run by one worker, so the fixture is built once, not twice; so is a package whose
# modules share a package-scoped one (tests/demo/: the whole demo, loaded once for four modules).
LENTOS = (
    "tests/demo/test_crawler_esco.py::test_make_run",
    "tests/demo/",
    "tests/test_topologia.py",
    "tests/test_alta_disponibilidad.py",
    "tests/e2e/make_run/",
    "cupos/tests/test_asignacion_apis.py::test_the_allocation_runs_under_make_run_on_sqlite",
    "tests/test_make_run.py",
    "tests/test_entrada_mala_profunda.py",
    "tests/test_plazos_escala.py",
    "tests/test_fallos_postgres.py",
    "fronteras/tests/test_planes_views.py::test_plan_pages_work_under_make_run_sqlite",
    "tests/test_despliegue.py",
    "reserva/tests/test_entrada_mala_apis.py",
    "tests/e2e/test_reserva_demo.py",
    "fronteras/tests/test_demo.py",
    "cupos/tests/test_demo.py",
    "tests/test_fallos_",
    "tests/test_respaldo.py",
    "tests/test_celery_worker.py",
    "zarpes/tests/test_concurrencia.py",
    "tests/e2e/",
    "tests/test_cliente_generado.py",
    "tests/test_fuzzer_api.py",
    "tests/test_entrada_mala.py",
)
BARATOS = {"browser"}  # module- or session-scoped fixtures cheap enough to build in each worker


def _grupo(item) -> str | None:
    """The package, when the test uses one of our costly package-scoped fixtures (tests/demo/: the demo loaded
    once for several modules); the module, when it uses a costly module- or session-scoped one."""
    for nombre, definiciones in item._fixtureinfo.name2fixturedefs.items():
        if nombre in BARATOS:
            continue
        if paquete := next((d.baseid for d in definiciones if d.scope == "package" and d.baseid), None):
            return paquete
        if any(d.scope in ("module", "session") and d.baseid for d in definiciones):
            return item.nodeid.split("::")[0]
    return None


def _costo(item) -> int:
    return next((i for i, prefijo in enumerate(LENTOS) if item.nodeid.startswith(prefijo)), len(LENTOS))


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which reads the xdist_group marks
def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name.endswith(API_MODULOS):
            item.fixturenames.append("respuestas_segun_esquema")
        if grupo := _grupo(item):
            item.add_marker(pytest.mark.xdist_group(grupo))
    items.sort(key=_costo)  # stable: the rest keep their order


_FIXTURES_DE_BASE = {
    "db",
    "transactional_db",
    "live_server",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
}


def _sin_base(item) -> bool:
    """The test never touches the test database (pytest-django's own reading of it)."""
    from django.test import TransactionTestCase

    cls = getattr(item, "cls", None)
    if cls is not None and issubclass(cls, TransactionTestCase):
        return False
    return item.get_closest_marker("django_db") is None and not _FIXTURES_DE_BASE & set(item.fixturenames)


class _LentosSinBasePrimero:
    """pytest-django sorts after us (as Django does: database tests, then transactional ones, then the
    rest), which sends the slow tests without a database (the topology, the `make run` journeys in
    Chromium) to the very end, where one worker runs them alone. They touch no test database, so running
    them first breaks none of Django's order: they go back to the front, slowest first."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        primero = [i for i in items if _costo(i) < len(LENTOS) and _sin_base(i)]
        if primero:
            elegidos = set(map(id, primero))
            items[:] = sorted(primero, key=_costo) + [i for i in items if id(i) not in elegidos]
        if config.getoption("loadgroup", default=False):
            _agrupar(items)


def _tipo(item) -> str:
    """pytest-django's classes: a database test, a transactional one (flushes the database), or none."""
    if _sin_base(item):
        return "ninguna"
    transaccional = {"transactional_db", "live_server", "django_db_reset_sequences"} & set(item.fixturenames)
    marca = item.get_closest_marker("django_db")
    if marca is not None and (marca.kwargs.get("transaction") or marca.kwargs.get("reset_sequences")):
        transaccional = True
    return "transaccional" if transaccional else "base"


def _agrupar(items) -> None:
    """pytest-xdist 3.8 marks a group by writing `item._nodeid`, which pytest 9 no longer reads (its node
    id is `item._id`): without this, --dist loadgroup split every group and a module's costly fixture (the
    whole demo, a `make run` server) was built on both workers. A group is sent whole to one worker only
    when its tests are all of one kind, database or none: a group mixing in transactional tests (which
    flush the database) keeps pytest-django's order, test by test, as before."""
    from _pytest.nodeid import coerce_node_id

    grupos: dict[str, set[str]] = {}
    nombres = {}
    for item in items:
        marcas = sorted(
            {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")}
        )
        if marcas and "@" not in item.nodeid:
            nombres[id(item)] = "_".join(marcas)
            grupos.setdefault(nombres[id(item)], set()).add(_tipo(item))
    for item in items:
        nombre = nombres.get(id(item))
        if nombre is not None and len(grupos[nombre]) == 1 and "transaccional" not in grupos[nombre]:
            item._id = coerce_node_id(f"{item.nodeid}@{nombre}")


def pytest_configure(config):
    config.pluginmanager.register(_LentosSinBasePrimero(), "lentos-sin-base-primero")


@pytest.fixture
def respuestas_segun_esquema(monkeypatch):
    from tests.esquema_openapi import revisar

    original = APIClient.request

    def request(self, **kwargs):
        respuesta = original(self, **kwargs)
        revisar(respuesta)
        return respuesta

    monkeypatch.setattr(APIClient, "request", request)
