"""A station's monthly volume through the API (F-04, F-05)."""

import pytest

from fronteras.tests.factories import D, ejecutoria_api
from fronteras.tests.factories import ejemplo_api as ejemplo


@pytest.mark.django_db
def test_lapsed_transport_certificate_drops_the_extra_everywhere(upme, api):
    from fronteras.models import CertificadoTransporte, EstacionServicio

    ids, r = ejemplo(upme)
    ejecutoria_api(upme, r.json()["id"], "2026-04-01")
    b = EstacionServicio.objects.get(pk=ids["B"])
    CertificadoTransporte.objects.create(
        estacion=b, vigente_desde=D(2026, 1, 1), vigente_hasta=D(2026, 5, 31), subsidio_pct=30,
        fecha_entrega=D(2026, 1, 20),
    )
    may = upme.get(f"/api/v1/fronteras/estaciones/{ids['B']}/volumen/?combustible=acpm&fecha=2026-05-10").json()
    jun = upme.get(f"/api/v1/fronteras/estaciones/{ids['B']}/volumen/?combustible=acpm&fecha=2026-06-10").json()
    assert (may["adicional_mes"], jun["adicional_mes"]) == ("11700.00", "0.00")
    def fila(periodo):
        filas = api.get(f"/api/v1/fronteras/transparencia/?periodo={periodo}").json()["results"]
        return next(f for f in filas if f["estacion_codigo"] == "B")

    assert fila("2026-05")["volumen"] == "35100.00" and fila("2026-06")["volumen"] == "23400.00"


@pytest.mark.django_db
def test_f04_each_condition_is_recorded_with_its_certification_delivered_by_31_january(upme):
    ids, _ = ejemplo(upme)
    url = f"/api/v1/fronteras/estaciones/{ids['B']}/certificados-transporte/"
    cuerpo = {"vigente_desde": "2026-01-01", "vigente_hasta": "2026-12-31", "subsidio_pct": "30"}
    tarde = upme.post(url, {**cuerpo, "fecha_entrega": "2026-02-01"}, format="json")
    assert tarde.status_code == 400 and "31 de enero de 2026" in tarde.json()["fecha_entrega"][0]
    condiciones = {
        "soporte_subsidio": "Alcaldía de Cúcuta, certificación 112 del 10 de enero de 2026",
        "conflicto_armado": "Gobernación de Norte de Santander, oficio 45 del 12 de enero de 2026",
        "poblacion_desescolarizada": "Secretaría de Educación, certificación 9 del 15 de enero de 2026",
        "nbi_superior": "DANE, boletín NBI 2025",
    }
    r = upme.post(url, {**cuerpo, "fecha_entrega": "2026-01-31", **condiciones}, format="json")
    assert r.status_code == 201, r.json()
    assert {k: r.json()[k] for k in condiciones} == condiciones and r.json()["fecha_entrega"] == "2026-01-31"


@pytest.mark.django_db
def test_f04_a_certificate_covers_the_one_year_its_31_january_serves(upme):
    """Art. 4 par.: the certifications are renewed «cada año», delivered by 31 January (art. 5): a
    certificate reaching into the next year would keep an extra that year's 31 January never saw."""
    ids, _ = ejemplo(upme)
    url = f"/api/v1/fronteras/estaciones/{ids['B']}/certificados-transporte/"
    cuerpo = {"vigente_desde": "2026-01-01", "vigente_hasta": "2027-06-30", "subsidio_pct": "30",
              "fecha_entrega": "2026-01-20"}
    r = upme.post(url, cuerpo, format="json")
    assert r.status_code == 400 and "31 de enero de 2027" in r.json()["vigente_hasta"][0]
    r = upme.post(url, {**cuerpo, "vigente_hasta": "2026-12-31"}, format="json")
    assert r.status_code == 201, r.content
