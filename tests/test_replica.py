"""Read-heavy pages read from a replica when one is configured (issue 14 §5, core.plataforma.db).

The test settings give a second alias, `replica`, on the same test database (TEST MIRROR), off unless
LECTURA_REPLICA is on. Each connection's queries are captured apart: the pages that opt in read on
`replica`; writes, reads inside a transaction and the balance stay on `default`; with the replica
off nothing moves."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import connections, transaction
from django.test.utils import CaptureQueriesContext

from core.identidad.roles import Rol
from core.plataforma.db import lectura_replica

pytestmark = pytest.mark.django_db(transaction=True, databases=["default", "replica"])


class Consultas:
    """The queries each alias ran inside the block."""

    def __enter__(self):
        self.primaria = CaptureQueriesContext(connections["default"]).__enter__()
        self.replica = CaptureQueriesContext(connections["replica"]).__enter__()
        return self

    def __exit__(self, *exc):
        self.replica.__exit__(*exc)
        self.primaria.__exit__(*exc)

    def en(self, alias: str, tabla: str) -> list[str]:
        capturadas = self.primaria if alias == "default" else self.replica
        return [q["sql"] for q in capturadas.captured_queries if f'"{tabla}' in q["sql"]]


@pytest.fixture
def con_replica(settings):
    settings.LECTURA_REPLICA = True


def test_transparency_page_and_csv_read_from_the_replica(client, con_replica):
    from fronteras.models import Municipio

    Municipio.objects.create(codigo_dane="81001", nombre="Arauca", departamento="Arauca", poblacion=90000)
    with Consultas() as q:
        pagina = client.get("/fronteras/transparencia/")
        csv = client.get("/api/v1/fronteras/transparencia/?formato=csv")
    assert pagina.status_code == 200 and csv.status_code == 200
    assert q.en("replica", "fronteras_") and not q.en("default", "fronteras_")


def test_dashboard_and_export_read_from_the_replica_the_session_stays_on_the_primary(
    client, con_replica, crear_usuario
):
    client.force_login(crear_usuario(Rol.UPME_ANALISTA))
    with Consultas() as q:
        tablero = client.get("/cupos/tablero/")
        xlsx = client.get("/distribuidores/conciliacion/exportar.xlsx")
    assert tablero.status_code == 200 and xlsx.status_code == 200
    assert q.en("replica", "cupos_") and not q.en("default", "cupos_")
    assert q.en("replica", "zarpes_") or q.en("replica", "distribuidores_")
    # The middleware (session, user) runs outside the page's opt-in: on the primary.
    assert q.en("default", "django_session") and not q.en("replica", "django_session")


def test_writes_transactions_and_the_balance_stay_on_the_primary(con_replica, crear_usuario):
    from core.models import Capitania
    from cupos.selectors.saldos import beneficiario_saldo
    from cupos.services.cupos import cupo_declare_firm, cupo_grant
    from cupos.tests.factories import NaveFactory, ResolucionFactory

    analista = crear_usuario(Rol.UPME_ANALISTA)
    nave = NaveFactory()
    cupo = cupo_grant(
        actor=analista,
        resolucion=ResolucionFactory(anio=2026, fecha_expedicion=dt.date(2026, 2, 20)),
        beneficiario=nave,
        galones_anuales=Decimal(1200),
    )
    cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=dt.date(2026, 3, 10))
    with Consultas() as q, lectura_replica():
        assert Capitania.objects.filter(codigo="CP77").count() == 0  # a read: replica
        Capitania.objects.create(codigo="CP77", nombre="Capitanía de prueba")  # a write: primary
        with transaction.atomic():
            assert Capitania.objects.filter(codigo="CP77").exists()  # inside a transaction: primary
        saldo = beneficiario_saldo(beneficiario_id=nave.id, fecha=dt.date(2026, 4, 1))
    assert saldo.disponible > 0
    assert len(q.en("replica", "core_capitania")) == 1
    assert any(s.startswith("INSERT") for s in q.en("default", "core_capitania"))
    assert any("EXISTS" in s.upper() or "LIMIT 1" in s for s in q.en("default", "core_capitania"))
    assert q.en("default", "cupos_movimiento") and not q.en("replica", "cupos_")  # the balance: primary


def test_without_the_replica_nothing_moves(client):
    with Consultas() as q:
        assert client.get("/fronteras/transparencia/").status_code == 200
    assert q.en("default", "fronteras_") and not q.replica.captured_queries


def test_replica_routed_pages_say_how_fresh_their_data_are(client, con_replica):
    pagina = client.get("/fronteras/transparencia/").content.decode()
    # The test mirror is not a standby: nothing to replay, the replica is current.
    assert "Datos actualizados hace 0 s." in pagina
    assert "Datos actualizados" not in client.get("/").content.decode()  # pages that do not opt in say nothing


def test_a_users_write_records_the_primarys_wal_position_for_read_your_writes(client, con_replica, crear_usuario):
    from django.core.cache import cache

    from core.api.auth import token_emitir

    analista = crear_usuario(Rol.UPME_ANALISTA)
    cabeceras = {"HTTP_AUTHORIZATION": f"Token {token_emitir(analista)[1]}"}
    assert cache.get(f"replica:lsn:{analista.pk}") is None
    assert client.get("/api/v1/resoluciones/", **cabeceras).status_code == 200
    assert cache.get(f"replica:lsn:{analista.pk}") is None  # a read records nothing
    respuesta = client.post(
        "/api/v1/resoluciones/",
        {"anio": 2026, "numero": "RYW-1", "fecha_expedicion": "2026-02-20"},
        content_type="application/json",
        **cabeceras,
    )
    assert respuesta.status_code == 201, respuesta.content
    lsn = cache.get(f"replica:lsn:{analista.pk}")
    assert lsn and "/" in lsn
    with connections["default"].cursor() as c:
        c.execute("SELECT %s::pg_lsn <= pg_current_wal_insert_lsn()", [lsn])
        assert c.fetchone()[0]
