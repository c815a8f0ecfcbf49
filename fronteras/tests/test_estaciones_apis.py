"""A station's monthly volume through the API (F-04, F-05)."""

import pytest

from fronteras.tests.factories import D
from fronteras.tests.factories import ejemplo_api as ejemplo


@pytest.mark.django_db
def test_lapsed_transport_certificate_drops_the_extra_everywhere(upme, api):
    from fronteras.models import CertificadoTransporte, EstacionServicio

    ids, r = ejemplo(upme)
    upme.post(f"/api/v1/fronteras/asignaciones/{r.json()['id']}/ejecutoria/", {"fecha": "2026-04-01"}, format="json")
    b = EstacionServicio.objects.get(pk=ids["B"])
    CertificadoTransporte.objects.create(
        estacion=b, vigente_desde=D(2026, 1, 1), vigente_hasta=D(2026, 5, 31), subsidio_pct=30
    )
    may = upme.get(f"/api/v1/fronteras/estaciones/{ids['B']}/volumen/?combustible=acpm&fecha=2026-05-10").json()
    jun = upme.get(f"/api/v1/fronteras/estaciones/{ids['B']}/volumen/?combustible=acpm&fecha=2026-06-10").json()
    assert (may["adicional_mes"], jun["adicional_mes"]) == ("11700.00", "0.00")
    def fila(periodo):
        filas = api.get(f"/api/v1/fronteras/transparencia/?periodo={periodo}").json()["results"]
        return next(f for f in filas if f["estacion_codigo"] == "B")

    assert fila("2026-05")["volumen"] == "35100.00" and fila("2026-06")["volumen"] == "23400.00"
