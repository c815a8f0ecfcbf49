"""F-06: large consumers have their own maximum monthly volume; deliveries to them are checked like a
station's, also under concurrency, and they appear in the transparency report."""

from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from core.api.auth import token_emitir
from core.identidad.roles import Rol
from core.tests.concurrencia import a_la_vez
from core.tests.factories import DistribuidorFactory
from fronteras.errors import ErrorFronteras
from fronteras.models import Despacho
from fronteras.tests.factories import NIT_TERCERO, contratar, texto, visto_bueno

GRAN = {
    "nit": "900345678",
    "nombre": "Carbones de la Frontera S.A.S.",
    "municipio": "54001",
    "combustible": "acpm",
    "volumen_mensual": "3000",
    "fuente": "Resolución UPME 000142 de 2026",
    "vigente_desde": "2026-04-11",
    "vigente_hasta": "2027-12-31",
}


def registrar(upme) -> int:
    upme.post(
        "/api/v1/fronteras/municipios/",
        {"codigo_dane": "54001", "nombre": "Cúcuta", "departamento": "Norte de Santander", "poblacion": 120000},
        format="json",
    )
    r = upme.post("/api/v1/fronteras/grandes-consumidores/", GRAN, format="json")
    assert r.status_code == 201, r.json()
    # F-06 with F-05: the act applies once final.
    e = upme.post(
        f"/api/v1/fronteras/grandes-consumidores/{r.json()['id']}/ejecutoria/", {"fecha": "2026-04-11"}, format="json"
    )
    assert e.status_code == 200, e.json()
    return r.json()["id"]


@pytest.mark.django_db
def test_f06_a_large_consumer_gets_a_volume_and_deliveries_are_checked(upme, cliente):
    assert upme.post("/api/v1/fronteras/grandes-consumidores/", GRAN, format="json").status_code == 400  # municipio
    gc = registrar(upme)
    r = upme.post("/api/v1/fronteras/grandes-consumidores/", GRAN, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == ErrorFronteras.GRAN_CONSUMIDOR_DUPLICADO
    r = upme.post("/api/v1/fronteras/grandes-consumidores/", {**GRAN, "nit": "1", "fuente": " "}, format="json")
    assert r.status_code == 400 and "fuente" in r.json()
    assert (
        cliente(Rol.ECOPETROL)
        .post("/api/v1/fronteras/grandes-consumidores/", {**GRAN, "nit": "2"}, format="json")
        .status_code
        == 403
    )
    assert upme.get("/api/v1/fronteras/grandes-consumidores/").json()["results"][0]["fuente"] == GRAN["fuente"]
    # April from the 11th: 3,000 × 20/30
    v = upme.get(f"/api/v1/fronteras/grandes-consumidores/{gc}/volumen/?fecha=2026-04-20").json()
    assert v["volumen_mes"] == "2000.00" and v["disponible"] == "2000.00"
    r = upme.get(f"/api/v1/fronteras/grandes-consumidores/{gc}/volumen/?fecha=2026-04-10")
    assert r.status_code == 409 and r.json()["codigo"] == "sin_volumen_vigente"
    tercero = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero"))
    contratar()
    visto_bueno()
    cuerpo = {"distribuidor_nit": NIT_TERCERO, "gran_consumidor": gc, "fecha": "2026-04-20", "combustible": "acpm"}
    r = tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "galones": "1500"}, format="json")
    assert r.status_code == 201 and r.json()["gran_consumidor"] == gc and r.json()["estacion"] is None
    r = tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "galones": "500.01"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "excede_volumen"
    r = tercero.post(
        "/api/v1/fronteras/despachos/", {**cuerpo, "galones": "5", "combustible": "gasolina"}, format="json"
    )
    assert r.status_code == 400 and "combustible" in r.json()
    r = tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "galones": "5", "estacion": 1}, format="json")
    assert r.status_code == 400 and "estacion" in r.json()
    assert tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "galones": "500"}, format="json").status_code == 201
    # The public report shows it next to the stations, in JSON and CSV.
    datos = APIClient().get("/api/v1/fronteras/transparencia/?periodo=2026-04").json()
    [fila] = [f for f in datos["results"] if f["tipo"] == "gran_consumidor"]
    assert (fila["estacion"], fila["estacion_codigo"], fila["volumen"], fila["entregado"], fila["porcentaje"]) == (
        GRAN["nombre"],
        GRAN["nit"],
        "2000.00",
        "2000.00",
        "100.0",
    )
    csv = b"".join(APIClient().get("/api/v1/fronteras/transparencia/?periodo=2026-04&formato=csv").streaming_content)
    csv = csv.decode()
    assert "tipo" in csv.splitlines()[0] and f"{GRAN['nit']},acpm,2000.00,2000.00,100.0,gran_consumidor" in csv
    pagina = texto(APIClient().get("/fronteras/transparencia/?periodo=2026-04"))
    assert GRAN["nombre"] in pagina and "gran consumidor, NIT 900345678" in pagina


@pytest.mark.django_db(transaction=True)
def test_f06_concurrent_deliveries_never_overdraw_a_large_consumer(crear_usuario):
    upme = APIClient()
    upme.credentials(HTTP_AUTHORIZATION=f"Token {token_emitir(crear_usuario(Rol.UPME_ANALISTA))[1]}")
    gc = registrar(upme)
    distribuidor = DistribuidorFactory(nit=NIT_TERCERO)
    contratar()
    visto_bueno()
    tokens = [token_emitir(crear_usuario(Rol.DISTRIBUIDOR, distribuidor=distribuidor))[1] for _ in range(20)]
    cuerpo = {
        "distribuidor_nit": NIT_TERCERO,
        "gran_consumidor": gc,
        "fecha": "2026-05-15",
        "combustible": "acpm",
        "galones": "250",
    }
    estados = a_la_vez(tokens, lambda api: api.post("/api/v1/fronteras/despachos/", cuerpo, format="json").status_code)
    assert estados.count(201) == 12 and estados.count(409) == 8  # 12 × 250 = May's 3,000
    total = sum(Despacho.objects.filter(gran_consumidor_id=gc).values_list("galones", flat=True))
    assert total == Decimal("3000.00")


@pytest.mark.django_db
def test_f06_the_deliveries_page_serves_large_consumers(upme, entrar):
    from django.urls import reverse

    gc = registrar(upme)
    DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero")
    contratar()
    visto_bueno()
    cliente = entrar(Rol.ECOPETROL)
    pagina = texto(cliente.get(reverse("fronteras:despachos")))
    assert (
        '<optgroup label="Grandes consumidores">' in pagina and "(F-06)" not in pagina and f'value="gc-{gc}"' in pagina
    )
    r = cliente.get(
        reverse("fronteras:despacho-disponible"), {"estacion": f"gc-{gc}", "combustible": "acpm", "fecha": "2026-05-20"}
    )
    assert "disponible 3.000,00 galones" in texto(r)
    datos = {"distribuidor_nit": NIT_TERCERO, "estacion": f"gc-{gc}", "combustible": "acpm", "fecha": "2026-05-20"}
    r = cliente.post(reverse("fronteras:despachos"), {**datos, "galones": "3000.01"})
    assert r.status_code == 400 and "quedan 3.000,00 galones" in texto(r)
    r = cliente.post(reverse("fronteras:despachos"), {**datos, "galones": "1000"}, follow=True)
    assert "Le quedan 2.000,00 galones en mayo de 2026" in texto(r) and "gran consumidor, NIT 900345678" in texto(r)


@pytest.mark.django_db
def test_f06_a_large_consumer_holds_several_fuels_each_from_its_ejecutoria(upme):
    gc = registrar(upme)
    gasolina = upme.post("/api/v1/fronteras/grandes-consumidores/", {**GRAN, "combustible": "gasolina"}, format="json")
    assert gasolina.status_code == 201, gasolina.json()  # the same NIT, another fuel
    otra = gasolina.json()["id"]
    assert gasolina.json()["fecha_ejecutoria"] is None
    r = upme.get(f"/api/v1/fronteras/grandes-consumidores/{otra}/volumen/?fecha=2026-04-20")
    assert r.status_code == 409 and r.json()["codigo"] == "sin_volumen_vigente"  # not final yet
    r = upme.post(f"/api/v1/fronteras/grandes-consumidores/{otra}/ejecutoria/", {"fecha": "2026-04-16"}, format="json")
    assert r.status_code == 200 and r.json()["fecha_ejecutoria"] == "2026-04-16"
    v = upme.get(f"/api/v1/fronteras/grandes-consumidores/{otra}/volumen/?fecha=2026-04-20").json()
    assert v["volumen_mes"] == "1500.00"  # 3,000 × 15/30: from its ejecutoria on the 16th
    assert (
        upme.get(f"/api/v1/fronteras/grandes-consumidores/{gc}/volumen/?fecha=2026-04-20").json()["volumen_mes"]
        == "2000.00"
    )
    r = upme.post(f"/api/v1/fronteras/grandes-consumidores/{otra}/ejecutoria/", {"fecha": "2026-04-17"}, format="json")
    assert r.status_code == 409
    r = upme.post("/api/v1/fronteras/grandes-consumidores/", {**GRAN, "combustible": "gasolina"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == ErrorFronteras.GRAN_CONSUMIDOR_DUPLICADO


@pytest.mark.django_db
def test_f06_the_database_requires_the_act(upme):
    from django.db import IntegrityError, transaction

    from fronteras.models import GranConsumidor

    gc = registrar(upme)
    with pytest.raises(IntegrityError), transaction.atomic():
        GranConsumidor.objects.filter(pk=gc).update(fuente="")
