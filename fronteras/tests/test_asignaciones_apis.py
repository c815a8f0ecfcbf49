"""The border-zone contract of API.md with DOMAIN.md's border example, and its edge cases (F-01 to F-06)."""

import datetime as dt
import threading
from decimal import Decimal

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from core.roles import Rol
from core.tests.factories import DistribuidorFactory
from fronteras.models import Despacho

D = dt.date


@pytest.fixture
def upme(cliente):
    return cliente(Rol.UPME_ANALISTA)


def ejemplo(upme, *, poblacion=120_000, compras=True, entrega_a="2026-01-20", certificado_a="2025-11-15"):
    """DOMAIN.md: 120,000 inhabitants, ACPM 0.5 × 1.2 × 1.0; A buys 30,000/month, B 10,000 (transport)."""
    assert upme.post("/api/v1/fronteras/municipios/", {"codigo_dane": "54001", "nombre": "Cúcuta", "departamento": "Norte de Santander",
                                                        "poblacion": poblacion}, format="json").status_code == 201
    ids = {}
    for codigo, transporte, entrega, certificado in (("A", False, entrega_a, certificado_a), ("B", True, "2026-01-20", "2025-11-15")):
        r = upme.post("/api/v1/fronteras/estaciones/", {
            "codigo": codigo, "nombre": f"Estación {codigo}", "municipio": "54001", "capacidad_certificada_gal": 10000,
            "fecha_certificado": certificado, "fecha_entrega_certificado": entrega, "empresa_transporte": transporte,
        }, format="json")
        assert r.status_code == 201, r.json()
        ids[codigo] = r.json()["id"]
    if compras:
        for anio in (2024, 2025):
            for mes in range(1, 13):
                for codigo, galones in (("A", 30000), ("B", 10000)):
                    r = upme.post("/api/v1/fronteras/compras/", {"estacion": ids[codigo], "periodo": f"{anio}-{mes:02d}",
                                                                 "combustible": "acpm", "galones": galones}, format="json")
                    assert r.status_code == 201
    r = upme.post("/api/v1/fronteras/asignaciones/", {"municipio": "54001", "combustible": "acpm", "anio_inicio": 2026,
                                                      "indicador_per_capita": "0.5", "factor_gnv": "1.2", "factor_flujo": "1.0"},
                  format="json")
    return ids, r


@pytest.mark.django_db
def test_border_example_exactly(upme):
    ids, r = ejemplo(upme)
    assert r.status_code == 201, r.json()
    a = r.json()
    assert a["volumen_municipal"] == "72000.00" and a["estado"] == "expedida"
    assert a["vigencia"] == {"inicio": "2026-01-01", "fin": "2027-12-31"}
    por_estacion = {e["estacion"]: e for e in a["estaciones"]}
    assert por_estacion[ids["A"]]["participacion"] == "0.675" and por_estacion[ids["A"]]["volumen_mensual"] == "48600.00"
    assert por_estacion[ids["B"]]["participacion"] == "0.325" and por_estacion[ids["B"]]["volumen_mensual"] == "23400.00"
    assert por_estacion[ids["B"]]["adicional"] == "11700.00" and por_estacion[ids["A"]]["adicional"] == "0.00"
    assert upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-04-15").status_code == 409
    assert upme.post(f"/api/v1/fronteras/asignaciones/{a['id']}/ejecutoria/", {"fecha": "2026-04-11"}, format="json").status_code == 200
    v = upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-04-11").json()
    assert v == {"periodo": "2026-04", "volumen_mes": "32400.00", "adicional_mes": "0.00", "despachado_mes": "0.00",
                 "disponible": "32400.00"}
    v = upme.get(f"/api/v1/fronteras/estaciones/{ids['B']}/volumen/?combustible=acpm&fecha=2026-04-30").json()
    assert (v["volumen_mes"], v["adicional_mes"]) == ("15600.00", "7800.00")
    v = upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-05-02").json()
    assert v["volumen_mes"] == "48600.00"
    assert upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-04-10").json()["codigo"] == "sin_volumen_vigente"


@pytest.mark.django_db
def test_ineligible_station_late_delivery_or_old_certificate(upme):
    ids, r = ejemplo(upme, entrega_a="2026-02-01")
    assert [e["estacion"] for e in r.json()["estaciones"]] == [ids["B"]]


@pytest.mark.django_db
def test_ineligible_station_certificate_older_than_four_months(upme):
    ids, r = ejemplo(upme, certificado_a="2025-09-10")
    assert [e["estacion"] for e in r.json()["estaciones"]] == [ids["B"]]


@pytest.mark.django_db
def test_municipality_without_purchase_history_splits_by_capacity(upme):
    _, r = ejemplo(upme, compras=False)
    assert {e["participacion"] for e in r.json()["estaciones"]} == {"0.5"}
    assert {e["volumen_mensual"] for e in r.json()["estaciones"]} == {"36000.00"}


@pytest.mark.django_db
def test_no_extra_for_a_transport_company_in_a_city_of_200000(upme):
    _, r = ejemplo(upme, poblacion=200_000)
    assert {e["adicional"] for e in r.json()["estaciones"]} == {"0.00"}


@pytest.mark.django_db
def test_delivery_above_the_month_is_refused(upme, cliente):
    ids, r = ejemplo(upme)
    upme.post(f"/api/v1/fronteras/asignaciones/{r.json()['id']}/ejecutoria/", {"fecha": "2026-04-11"}, format="json")
    tercero = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit="830112233", tipo="tercero"))
    cuerpo = {"distribuidor_nit": "830112233", "estacion": ids["A"], "fecha": "2026-04-20", "combustible": "acpm"}
    assert tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "galones": "32000"}, format="json").status_code == 201
    r = tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "galones": "400.01"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "excede_volumen"
    assert tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "galones": "400"}, format="json").status_code == 201
    # no accumulation: May starts again from its own volume
    v = upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-05-01").json()
    assert v["disponible"] == "48600.00"
    r = tercero.post("/api/v1/fronteras/despachos/", {**cuerpo, "combustible": "gasolina", "galones": "1"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "sin_volumen_vigente"


@pytest.mark.django_db(transaction=True)
def test_forty_concurrent_deliveries_never_exceed_the_station(crear_usuario):
    upme = APIClient()
    upme.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=crear_usuario(Rol.UPME_ANALISTA)).key}")
    ids, r = ejemplo(upme, compras=False)
    upme.post(f"/api/v1/fronteras/asignaciones/{r.json()['id']}/ejecutoria/", {"fecha": "2026-04-01"}, format="json")
    distribuidor = DistribuidorFactory(nit="830112233")
    tokens = [Token.objects.create(user=crear_usuario(Rol.DISTRIBUIDOR, distribuidor=distribuidor)).key for _ in range(40)]
    barrera, estados = threading.Barrier(40), []

    def despachar(token):
        try:
            api = APIClient()
            api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
            barrera.wait()
            estados.append(api.post("/api/v1/fronteras/despachos/", {
                "distribuidor_nit": "830112233", "estacion": ids["A"], "fecha": "2026-04-15", "combustible": "acpm",
                "galones": "1000"}, format="json").status_code)
        finally:
            connection.close()

    hilos = [threading.Thread(target=despachar, args=(t,)) for t in tokens]
    for h in hilos:
        h.start()
    for h in hilos:
        h.join()
    assert sorted(set(estados)) == [201, 409]
    assert estados.count(201) == 36  # 36,000 gal: 0.5 share of 72,000 without purchase history
    total = sum(Despacho.objects.filter(estacion_id=ids["A"]).values_list("galones", flat=True))
    assert total == Decimal("36000.00")


@pytest.mark.django_db
def test_transparency_is_public_as_json_and_csv(upme, api, client):
    _ids, r = ejemplo(upme)
    upme.post(f"/api/v1/fronteras/asignaciones/{r.json()['id']}/ejecutoria/", {"fecha": "2026-04-11"}, format="json")
    datos = api.get("/api/v1/fronteras/transparencia/?periodo=2026-04").json()
    fila_a = next(f for f in datos["results"] if f["estacion_codigo"] == "A")
    assert fila_a["volumen"] == "32400.00" and fila_a["entregado"] == "0.00" and fila_a["porcentaje"] == "0.0"
    csv = api.get("/api/v1/fronteras/transparencia/?periodo=2026-04&formato=csv")
    assert csv.status_code == 200 and csv["Content-Type"].startswith("text/csv")
    assert "Cúcuta" in csv.content.decode() and "32400.00" in csv.content.decode()
    assert api.get("/api/v1/fronteras/transparencia/?periodo=abril").status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rol", "municipio", "estacion", "asignacion", "despacho"),
    [
        (Rol.UPME_ANALISTA, 201, 201, 201, 403),
        (Rol.MINMINAS, 403, 201, 403, 403),
        (Rol.ECOPETROL, 403, 403, 403, 400),
        (Rol.DISTRIBUIDOR, 403, 403, 403, 400),
        (Rol.AUDITOR, 403, 403, 403, 403),
        (Rol.CAPITANIA_OFICIAL, 403, 403, 403, 403),
        (Rol.BENEFICIARIO, 403, 403, 403, 403),
        (Rol.DIMAR, 403, 403, 403, 403),
    ],
)
def test_border_roles(cliente, rol, municipio, estacion, asignacion, despacho):
    from fronteras.models import Municipio

    Municipio.objects.create(codigo_dane="81001", nombre="Arauca", departamento="Arauca", poblacion=100000)
    api = cliente(rol)
    assert api.post("/api/v1/fronteras/municipios/", {"codigo_dane": "81065", "nombre": "Arauquita", "departamento": "Arauca",
                                                      "poblacion": 40000}, format="json").status_code == municipio
    assert api.post("/api/v1/fronteras/estaciones/", {"codigo": f"E-{rol}", "nombre": "E", "municipio": "81001",
                                                      "capacidad_certificada_gal": 100, "fecha_certificado": "2025-12-01",
                                                      "fecha_entrega_certificado": "2026-01-10"}, format="json").status_code == estacion
    assert api.post("/api/v1/fronteras/asignaciones/", {"municipio": "81001", "combustible": "acpm", "anio_inicio": 2026,
                                                        "indicador_per_capita": "0.1", "factor_gnv": 1, "factor_flujo": 1},
                    format="json").status_code in ({asignacion} if asignacion == 403 else {201, 409})
    assert api.post("/api/v1/fronteras/despachos/", {"galones": "x"}, format="json").status_code == despacho


@pytest.mark.django_db
def test_lapsed_transport_certificate_drops_the_extra_everywhere(upme, api):
    from fronteras.models import CertificadoTransporte, EstacionServicio

    ids, r = ejemplo(upme)
    upme.post(f"/api/v1/fronteras/asignaciones/{r.json()['id']}/ejecutoria/", {"fecha": "2026-04-01"}, format="json")
    b = EstacionServicio.objects.get(pk=ids["B"])
    CertificadoTransporte.objects.create(estacion=b, vigente_desde=D(2026, 1, 1), vigente_hasta=D(2026, 5, 31), subsidio_pct=30)
    may = upme.get(f"/api/v1/fronteras/estaciones/{ids['B']}/volumen/?combustible=acpm&fecha=2026-05-10").json()
    jun = upme.get(f"/api/v1/fronteras/estaciones/{ids['B']}/volumen/?combustible=acpm&fecha=2026-06-10").json()
    assert (may["adicional_mes"], jun["adicional_mes"]) == ("11700.00", "0.00")
    fila = lambda periodo: next(f for f in api.get(f"/api/v1/fronteras/transparencia/?periodo={periodo}").json()["results"]  # noqa: E731
                                if f["estacion_codigo"] == "B")
    assert fila("2026-05")["volumen"] == "35100.00" and fila("2026-06")["volumen"] == "23400.00"
