"""Issue 43 through /api/v1/: enrol a counter, hold, snapshot, and a sync the link cut halfway."""

import uuid

import pytest

from core.identidad.roles import Rol
from zarpes.models import Certificado
from zarpes.tests.dispositivo import Dispositivo
from zarpes.tests.factories import nave_con_cupo
from zarpes.tests.paginas import HOY


@pytest.fixture
def api_oficial(cliente):
    return cliente(Rol.CAPITANIA_OFICIAL)


@pytest.mark.django_db
def test_a_sync_cut_halfway_replays_with_no_duplicate_and_no_gap(api_oficial, api, hoy):
    dispositivo = Dispositivo()
    r = api_oficial.post(
        "/api/v1/mostradores/", {"nombre": "Ventanilla 1", "clave_publica": dispositivo.jwk()}, format="json"
    )
    assert r.status_code == 201, r.json()
    mostrador = r.json()["mostrador"]["id"]
    assert r.json()["bloques"] == [{"anio": 2026, "prefijo": "CP05-2026-", "desde": 1, "hasta": 50}]
    uno, _ = nave_con_cupo(capacidad="500")
    dos, _ = nave_con_cupo(capacidad="800")
    r = api_oficial.post(f"/api/v1/mostradores/{mostrador}/retenciones/", {"naves": [uno.id, dos.id]}, format="json")
    assert r.status_code == 201, r.json()
    instantanea = r.json()
    retenciones = {n["id"]: n["retencion"] for n in instantanea["naves"]}
    assert {k: v["galones"] for k, v in retenciones.items()} == {uno.id: "500.00", dos.id: "800.00"}
    assert instantanea["siguiente"] == 1

    class R:  # what the act needs of the hold
        def __init__(self, id):
            self.id = id

    a1 = dispositivo.acto(
        numero="CP05-2026-000001",
        retencion=R(retenciones[uno.id]["id"]),
        nave=uno,
        fecha=HOY,
        solicitados="300.00",
        autorizados="300.00",
    )
    a2 = dispositivo.acto(
        numero="CP05-2026-000002",
        retencion=R(retenciones[dos.id]["id"]),
        nave=dos,
        fecha=HOY,
        solicitados="100.00",
        autorizados="100.00",
    )
    a3 = dispositivo.acto(
        numero="CP05-2026-000003",
        retencion=R(retenciones[uno.id]["id"]),
        nave=uno,
        fecha=HOY,
        solicitados="400.00",
        autorizados="200.00",
        anterior=a1["numero"],
    )
    # the queue keeps each act with its signature (ECDSA signs differently each time) and its key
    cola = [({"acto": a, "firma": dispositivo.firmar(a)}, str(uuid.uuid4())) for a in (a1, a2, a3)]

    def enviar(cuerpo, clave):
        return api_oficial.post(
            f"/api/v1/mostradores/{mostrador}/actos/",
            cuerpo,
            format="json",
            HTTP_IDEMPOTENCY_KEY=clave,
        )

    # the link drops after the second act reached the server but before its answer came back
    assert enviar(*cola[0]).status_code == 201
    assert enviar(*cola[1]).status_code == 201
    # later: the counter replays what it has not seen acknowledged, with the same keys
    r2 = enviar(*cola[1])
    assert r2.status_code == 201 and r2["Idempotent-Replayed"] == "true"
    r3 = enviar(*cola[2])
    assert r3.status_code == 201, r3.json()
    assert r3.json()["certificado"]["galones_autorizados"] == "200.00"
    # a replay under a new key (the key was lost too) still finds the certificate: created false
    r1 = enviar({"acto": a1, "firma": dispositivo.firmar(a1)}, str(uuid.uuid4()))
    assert (r1.status_code, r1.json()["creado"]) == (200, False)

    numeros = list(Certificado.objects.order_by("consecutivo").values_list("consecutivo", flat=True))
    assert numeros == [1, 2, 3]
    r = api_oficial.post(f"/api/v1/mostradores/{mostrador}/terminar/", format="json")
    assert r.status_code == 200 and r.json()["naves"] == []
    # online verification of a synced certificate, and the published key for offline verification
    codigo = r3.json()["certificado"]["codigo_verificacion"]
    v = api.get(f"/api/v1/verificar/{codigo}/")
    assert v.status_code == 200 and v.json()["numero"] == "CP05-2026-000003"
    claves = api.get("/api/v1/mostradores/claves/").json()["claves"]
    assert [c["clave_publica"] for c in claves] == [dispositivo.jwk()]


@pytest.mark.django_db
def test_a_counter_of_another_capitania_is_not_found(api_oficial, cliente, hoy):
    """Every /api/v1/mostradores/<id>/ route: the owner's officer gets an answer, another capitanía's a 404."""
    from core.tests.factories import CapitaniaFactory

    r = api_oficial.post("/api/v1/mostradores/", {"nombre": "V", "clave_publica": Dispositivo().jwk()}, format="json")
    m = r.json()["mostrador"]["id"]
    otro = cliente(Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP07", nombre="Bahía Solano"))
    acto = {
        "acto": {
            "id": "a1",
            "numero": "CP05-2026-000001",
            "retencion": 1,
            "nave": 1,
            "fecha": "2026-03-20",
            "galones_solicitados": "1.00",
            "galones_autorizados": "1.00",
            "certificado_anterior": "",
            "codigo_verificacion": "AAAA-AAAA-AAAA-AAAA",
            "emitido": "2026-03-20T10:00:00-05:00",
        },
        "firma": "x",
    }
    rutas = [
        ("get", f"/api/v1/mostradores/{m}/", None, 200),
        ("post", f"/api/v1/mostradores/{m}/retenciones/", {}, 201),
        ("post", f"/api/v1/mostradores/{m}/latido/", {"pendientes": 0}, 200),
        ("post", f"/api/v1/mostradores/{m}/terminar/", {}, 200),
    ]
    for metodo, ruta, cuerpo, estado in rutas:
        assert getattr(otro, metodo)(ruta, cuerpo, format="json").status_code == 404, ruta
        assert getattr(api_oficial, metodo)(ruta, cuerpo, format="json").status_code == estado, ruta
    assert otro.post(f"/api/v1/mostradores/{m}/actos/", acto, format="json").status_code == 404
    assert cliente(Rol.DISTRIBUIDOR).get(f"/api/v1/mostradores/{m}/").status_code == 403
