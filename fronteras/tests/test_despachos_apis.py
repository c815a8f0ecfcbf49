"""Deliveries through the API (F-05): refused above the month's volume, serialized under
concurrency, and the public transparency report as JSON and CSV."""

from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from core.api.auth import token_emitir
from core.identidad.roles import Rol
from core.tests.concurrencia import a_la_vez
from core.tests.factories import DistribuidorFactory
from fronteras.models import Despacho
from fronteras.tests.factories import contratar, ejecutoria_api, visto_bueno
from fronteras.tests.factories import ejemplo_api as ejemplo


@pytest.mark.django_db
def test_delivery_above_the_month_is_refused(upme, cliente):
    ids, r = ejemplo(upme)
    ejecutoria_api(upme, r.json()["id"], "2026-04-11")
    tercero = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit="830112233", tipo="tercero"))
    contratar("830112233")
    visto_bueno()
    cuerpo = {"distribuidor_nit": "830112233", "estacion": ids["A"], "fecha": "2026-04-20", "combustible": "acpm"}
    assert (
        tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "galones": "32000"}, format="json").status_code == 201
    )
    r = tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "galones": "400.01"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "excede_volumen"
    assert tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "galones": "400"}, format="json").status_code == 201
    # no accumulation: May starts again from its own volume
    v = upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-05-01").json()
    assert v["disponible"] == "48600.00"
    r = tercero.post(
        "/api/v1/fronteras/despachos/", {**cuerpo, "combustible": "gasolina", "galones": "1"}, format="json"
    )
    assert r.status_code == 409 and r.json()["codigo"] == "sin_volumen_vigente"


@pytest.mark.django_db(transaction=True)
def test_forty_concurrent_deliveries_never_exceed_the_station(crear_usuario):
    upme = APIClient()
    upme.credentials(HTTP_AUTHORIZATION=f"Token {token_emitir(crear_usuario(Rol.UPME_ANALISTA))[1]}")
    ids, r = ejemplo(upme, compras=False)
    ejecutoria_api(upme, r.json()["id"], "2026-04-01")
    distribuidor = DistribuidorFactory(nit="830112233")
    contratar("830112233")
    visto_bueno()
    tokens = [
        token_emitir(crear_usuario(Rol.DISTRIBUIDOR, distribuidor=distribuidor))[1] for _ in range(40)
    ]
    cuerpo = {
        "distribuidor_nit": "830112233",
        "estacion": ids["A"],
        "fecha": "2026-04-15",
        "combustible": "acpm",
        "galones": "1000",
    }
    estados = a_la_vez(tokens, lambda api: api.post("/api/v1/fronteras/despachos/", cuerpo, format="json").status_code)
    assert sorted(set(estados)) == [201, 409]
    assert estados.count(201) == 36  # 36,000 gal: 0.5 share of 72,000 without purchase history
    total = sum(Despacho.objects.filter(estacion_id=ids["A"]).values_list("galones", flat=True))
    assert total == Decimal("36000.00")


@pytest.mark.django_db
def test_transparency_is_public_as_json_and_csv(upme, api, client):
    _ids, r = ejemplo(upme)
    ejecutoria_api(upme, r.json()["id"], "2026-04-11")
    datos = api.get("/api/v1/fronteras/transparencia/?periodo=2026-04").json()
    fila_a = next(f for f in datos["results"] if f["estacion_codigo"] == "A")
    assert fila_a["volumen"] == "32400.00" and fila_a["entregado"] == "0.00" and fila_a["porcentaje"] == "0.0"
    csv = api.get("/api/v1/fronteras/transparencia/?periodo=2026-04&formato=csv")
    assert csv.status_code == 200 and csv["Content-Type"].startswith("text/csv") and csv.streaming
    texto = b"".join(csv.streaming_content).decode()
    assert "Cúcuta" in texto and "32400.00" in texto
    assert api.get("/api/v1/fronteras/transparencia/?periodo=abril").status_code == 400
