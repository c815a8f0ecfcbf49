"""F-03: a conformity certificate serves one period; F-04: no extra without the yearly transport
certificate, which the API registers too."""

from decimal import Decimal

import pytest

from core.identidad.roles import Rol
from fronteras import calculo
from fronteras.errors import ErrorFronteras
from fronteras.models import AsignacionEstacion, CertificadoConformidad
from fronteras.selectors.estaciones import elegibilidad, estacion_volumen, estaciones_elegibles
from fronteras.tests.factories import D, texto


@pytest.mark.parametrize(
    ("certificado", "entrega", "anio", "ok"),
    [
        (D(2023, 11, 15), D(2024, 1, 20), 2024, True),
        (D(2023, 11, 15), D(2024, 1, 20), 2026, False),  # served 2024: an old certificate is not forever
        (D(2023, 11, 15), D(2024, 1, 20), 2025, False),  # delivered before 1 February 2024
        (D(2025, 1, 10), D(2025, 2, 1), 2026, True),  # the first day of 2026's window
        (D(2024, 12, 10), D(2025, 1, 31), 2026, False),  # the last day of 2025's window
    ],
)
def test_f03_a_delivery_serves_only_its_period(certificado, entrega, anio, ok):
    assert calculo.certificado_a_tiempo(fecha_certificado=certificado, fecha_entrega=entrega, anio_inicio=anio) is ok


@pytest.mark.django_db
def test_f03_a_new_period_needs_a_new_delivery(upme, analista):
    upme.post("/api/v1/fronteras/municipios/", {"codigo_dane": "54001", "nombre": "Cúcuta",
                                                "departamento": "Norte de Santander", "poblacion": 120000},
              format="json")
    r = upme.post("/api/v1/fronteras/estaciones/", {
        "codigo": "V", "nombre": "Estación Vieja", "municipio": "54001", "capacidad_certificada_gal": 10000,
        "fecha_certificado": "2023-11-15", "fecha_entrega_certificado": "2024-01-20"}, format="json")
    estacion_id = r.json()["id"]
    from fronteras.models import EstacionServicio

    estacion = EstacionServicio.objects.get(pk=estacion_id)
    assert [e.id for e, _ in estaciones_elegibles(municipio_id=estacion.municipio_id, anio_inicio=2024)] == [
        estacion_id]
    assert estaciones_elegibles(municipio_id=estacion.municipio_id, anio_inicio=2026) == []
    motivo = elegibilidad(estacion, 2026).motivo
    assert "para una asignación anterior" in motivo and "1 de febrero de 2025" in motivo
    cuerpo = {"municipio": "54001", "combustible": "acpm", "anio_inicio": 2026, "indicador_per_capita": "0.5",
              "factor_gnv": "1.2", "factor_flujo": "1.0"}
    r = upme.post("/api/v1/fronteras/asignaciones/", cuerpo, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == ErrorFronteras.SIN_ESTACIONES_ELEGIBLES
    url = f"/api/v1/fronteras/estaciones/{estacion_id}/certificados-conformidad/"
    nuevo = {"fecha_expedicion": "2025-12-01", "fecha_entrega": "2026-01-25", "capacidad_gal": "12000.50"}
    assert upme.post(url, {**nuevo, "fecha_expedicion": "2026-01-26"}, format="json").status_code == 400
    assert upme.post(url, nuevo, format="json").status_code == 201
    assert upme.post(url, nuevo, format="json").json()["codigo"] == ErrorFronteras.CERTIFICADO_DUPLICADO
    assert [c["fecha_entrega"] for c in upme.get(url).json()["results"]] == ["2026-01-25", "2024-01-20"]
    estacion.refresh_from_db()
    assert estacion.fecha_entrega_certificado == D(2026, 1, 25) and elegibilidad(estacion, 2024).elegible
    r = upme.post("/api/v1/fronteras/asignaciones/", cuerpo, format="json")
    assert r.status_code == 201
    assert AsignacionEstacion.objects.get(asignacion_id=r.json()["id"]).capacidad == Decimal("12000.50")
    assert CertificadoConformidad.objects.filter(estacion=estacion).count() == 2


@pytest.mark.django_db
def test_f04_no_transport_certificate_no_extra(ejemplo, ejecutoriada):
    b = ejemplo["B"]
    assert ejecutoriada.estaciones.get(estacion=b).adicional == Decimal("11700.00")  # what the act grants
    assert estacion_volumen(estacion=b, combustible="acpm", fecha=D(2026, 5, 10)).adicional_mes == 0


@pytest.mark.django_db
def test_f04_the_transport_certificate_through_the_api(upme, cliente, ejemplo, ejecutoriada):
    a, b = ejemplo["A"], ejemplo["B"]
    url = f"/api/v1/fronteras/estaciones/{b.id}/certificados-transporte/"
    cuerpo = {"vigente_desde": "2026-01-01", "vigente_hasta": "2026-12-31", "subsidio_pct": "30",
              "fecha_entrega": "2026-01-20"}
    r = upme.post(url, {**cuerpo, "subsidio_pct": "24.99"}, format="json")
    assert r.status_code == 400 and "subsidio_pct" in r.json() and "25 %" in texto(r)
    r = upme.post(url, {**cuerpo, "vigente_hasta": "2025-12-31"}, format="json")
    assert r.status_code == 400 and "vigente_hasta" in r.json()
    for rol in (Rol.AUDITOR, Rol.DISTRIBUIDOR, Rol.ECOPETROL):
        assert cliente(rol).post(url, cuerpo, format="json").status_code == 403
    r = cliente(Rol.MINMINAS).post(f"/api/v1/fronteras/estaciones/{a.id}/certificados-transporte/", cuerpo,
                                   format="json")
    assert r.status_code == 409 and r.json()["codigo"] == ErrorFronteras.NO_ES_EMPRESA_TRANSPORTE
    assert upme.post("/api/v1/fronteras/estaciones/999999/certificados-transporte/", cuerpo,
                     format="json").status_code == 404
    r = cliente(Rol.MINMINAS).post(url, cuerpo, format="json")
    assert r.status_code == 201 and r.json()["subsidio_pct"] == "30.00"
    assert upme.get(url).json()["count"] == 1
    v = upme.get(f"/api/v1/fronteras/estaciones/{b.id}/volumen/?combustible=acpm&fecha=2026-05-10").json()
    assert v["adicional_mes"] == "11700.00"
    v = upme.get(f"/api/v1/fronteras/estaciones/{b.id}/volumen/?combustible=acpm&fecha=2027-01-10").json()
    assert v["adicional_mes"] == "0.00"  # not renewed for 2027


@pytest.mark.django_db
def test_f03_the_station_page_records_a_new_delivery(entrar, ejemplo):
    from django.urls import reverse

    a = ejemplo["A"]
    cliente = entrar(Rol.MINMINAS)
    pagina = texto(cliente.get(reverse("fronteras:estacion", args=[a.id]), {"anio": "2028"}))
    assert "No participa en la asignación de 2028" in pagina and "para una asignación anterior" in pagina
    url = reverse("fronteras:estacion-conformidad", args=[a.id])
    r = cliente.post(url, {"fecha_expedicion": "2026-03-02", "fecha_entrega": "2026-03-01", "capacidad_gal": "9000"})
    assert r.status_code == 400 and "no puede ser anterior a la expedición" in texto(r)
    r = cliente.post(url, {"fecha_expedicion": "2026-03-01", "fecha_entrega": "2026-03-02", "capacidad_gal": "9000"},
                     follow=True)
    assert "Se registró la entrega del certificado de conformidad del 2 de marzo de 2026" in texto(r)
    assert CertificadoConformidad.objects.filter(estacion=a).count() == 2
    assert entrar(Rol.ECOPETROL).post(url, {}).status_code == 403


@pytest.mark.django_db
def test_f04_the_extra_needs_the_certificate_delivery_date(upme):
    """DOMAIN's border example: A 48,600.00; B 23,400.00 plus 11,700.00 extra, but only with a certificate that has
    its delivery date (to UPME and the Dirección de Hidrocarburos) and a subsidy of at least 25 %."""
    from fronteras.tests.factories import ejecutoria_api
    from fronteras.tests.factories import ejemplo_api as ejemplo

    ids, r = ejemplo(upme)
    assert r.status_code == 201
    estaciones = {e["estacion"]: e for e in r.json()["estaciones"]}
    a, b = estaciones[ids["A"]], estaciones[ids["B"]]
    assert (a["volumen_mensual"], a["adicional"]) == ("48600.00", "0.00")
    assert (b["volumen_mensual"], b["adicional"]) == ("23400.00", "11700.00")
    ejecutoria_api(upme, r.json()["id"], "2026-04-11")
    url = f"/api/v1/fronteras/estaciones/{ids['B']}/certificados-transporte/"
    volumen = f"/api/v1/fronteras/estaciones/{ids['B']}/volumen/?combustible=acpm&fecha=2026-05-10"

    # B's certificate without its delivery date: recorded (API.md's fields), but no extra.
    r = upme.post(url, {"vigente_desde": "2026-01-01", "vigente_hasta": "2026-12-31", "subsidio_pct": "30"},
                  format="json")
    assert r.status_code == 201 and r.json()["fecha_entrega"] is None
    v = upme.get(volumen).json()
    assert (v["volumen_mes"], v["adicional_mes"], v["disponible"]) == ("23400.00", "0.00", "23400.00")
    a = upme.get(f"/api/v1/fronteras/estaciones/{ids['A']}/volumen/?combustible=acpm&fecha=2026-05-10").json()
    assert (a["volumen_mes"], a["adicional_mes"]) == ("48600.00", "0.00")

    # Delivered on 20 January with a 25 % subsidy: the extra.
    r = upme.post(url, {"vigente_desde": "2026-01-01", "vigente_hasta": "2026-12-31", "subsidio_pct": "25",
                        "fecha_entrega": "2026-01-20"}, format="json")
    assert r.status_code == 201, r.content
    v = upme.get(volumen).json()
    assert (v["volumen_mes"], v["adicional_mes"], v["disponible"]) == ("23400.00", "11700.00", "35100.00")


@pytest.mark.django_db
def test_f04_a_certificate_without_delivery_date_gives_no_extra_on_the_pages(entrar, ejemplo, ejecutoriada):
    from django.urls import reverse

    b = ejemplo["B"]
    cliente = entrar(Rol.MINMINAS)
    r = cliente.post(reverse("fronteras:estacion-certificado", args=[b.id]),
                     {"vigente_desde": "2026-01-01", "vigente_hasta": "2026-12-31", "subsidio_pct": "30"})
    assert r.status_code == 302
    assert estacion_volumen(estacion=b, combustible="acpm", fecha=D(2026, 5, 10)).adicional_mes == 0
    pagina = texto(cliente.get(reverse("fronteras:estacion", args=[b.id])))
    assert "Sin fecha de entrega a la UPME y al MinMinas: no da el adicional." in pagina
    r = cliente.post(reverse("fronteras:estacion-certificado", args=[b.id]),
                     {"vigente_desde": "2026-01-01", "vigente_hasta": "2026-12-31", "subsidio_pct": "30",
                      "fecha_entrega": "2026-01-20"})
    assert r.status_code == 302
    assert estacion_volumen(estacion=b, combustible="acpm", fecha=D(2026, 5, 10)).adicional_mes == Decimal("11700.00")
