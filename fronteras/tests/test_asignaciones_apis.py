"""The border-zone contract of API.md with DOMAIN.md's border example and its edge cases:
assignments (F-02 to F-05) and the roles that may write each registry."""

import pytest

from core.identidad.roles import Rol
from fronteras.tests.factories import ejecutoria_api
from fronteras.tests.factories import ejemplo_api as ejemplo


@pytest.mark.django_db
def test_border_example_exactly(upme):
    ids, r = ejemplo(upme)
    assert r.status_code == 201, r.json()
    a = r.json()
    assert a["volumen_municipal"] == "72000.00" and a["estado"] == "expedida"
    assert a["vigencia"] == {"inicio": "2026-01-01", "fin": "2027-12-31"}
    por_estacion = {e["estacion"]: e for e in a["estaciones"]}
    assert (
        por_estacion[ids["A"]]["participacion"] == "0.675" and por_estacion[ids["A"]]["volumen_mensual"] == "48600.00"
    )
    assert (
        por_estacion[ids["B"]]["participacion"] == "0.325" and por_estacion[ids["B"]]["volumen_mensual"] == "23400.00"
    )
    assert por_estacion[ids["B"]]["adicional"] == "11700.00" and por_estacion[ids["A"]]["adicional"] == "0.00"
    assert (
        upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-04-15").status_code
        == 409
    )
    assert (
        ejecutoria_api(upme, a["id"], "2026-04-11").status_code
        == 200
    )
    v = upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-04-11").json()
    assert v == {
        "periodo": "2026-04",
        "volumen_mes": "32400.00",
        "adicional_mes": "0.00",
        "despachado_mes": "0.00",
        "disponible": "32400.00",
    }
    # F-04: B keeps its extra with the transport company's certificate for the year, delivered by 31 January.
    assert upme.post(f"/api/v1/fronteras/estaciones/{ids['B']}/certificados-transporte/",
                     {"vigente_desde": "2026-01-01", "vigente_hasta": "2026-12-31", "subsidio_pct": "30",
                      "fecha_entrega": "2026-01-20"},
                     format="json").status_code == 201
    v = upme.get(f"/api/v1/fronteras/estaciones/{ids['B']}/volumen/?combustible=acpm&fecha=2026-04-30").json()
    assert (v["volumen_mes"], v["adicional_mes"]) == ("15600.00", "7800.00")
    v = upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-05-02").json()
    assert v["volumen_mes"] == "48600.00"
    assert (
        upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-04-10").json()["codigo"]
        == "sin_volumen_vigente"
    )


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
    assert (
        api.post(
            "/api/v1/fronteras/municipios/",
            {"codigo_dane": "81065", "nombre": "Arauquita", "departamento": "Arauca", "poblacion": 40000},
            format="json",
        ).status_code
        == municipio
    )
    assert (
        api.post(
            "/api/v1/fronteras/estaciones/",
            {
                "codigo": f"E-{rol}",
                "nombre": "E",
                "municipio": "81001",
                "capacidad_certificada_gal": 100,
                "fecha_certificado": "2025-12-01",
                "fecha_entrega_certificado": "2026-01-10",
            },
            format="json",
        ).status_code
        == estacion
    )
    assert api.post(
        "/api/v1/fronteras/asignaciones/",
        {
            "municipio": "81001",
            "combustible": "acpm",
            "anio_inicio": 2026,
            "indicador_per_capita": "0.1",
            "factor_gnv": 1,
            "factor_flujo": 1,
        },
        format="json",
    ).status_code in ({asignacion} if asignacion == 403 else {201, 409})
    assert api.post("/api/v1/fronteras/despachos/", {"galones": "x"}, format="json").status_code == despacho
