"""Pages of the border's service stations: eligibility for a year (F-03) and the transport
company's certificate (F-04)."""

from decimal import Decimal

import pytest
from django.urls import reverse

from core.identidad.roles import Rol
from fronteras.models import CertificadoTransporte
from fronteras.services.estaciones import estacion_create
from fronteras.tests.factories import D, texto


@pytest.mark.django_db
def test_station_detail_explains_eligibility_for_a_year(entrar, ejemplo, analista):
    tarde = estacion_create(
        actor=analista,
        codigo="C",
        nombre="Estación C",
        municipio="54001",
        capacidad_certificada_gal=Decimal("5000"),
        fecha_certificado=D(2026, 1, 10),
        fecha_entrega_certificado=D(2026, 2, 3),
    )
    cliente = entrar(Rol.AUDITOR)
    pagina = texto(cliente.get(reverse("fronteras:estacion", args=[tarde.id]), {"anio": "2026"}))
    assert "No participa" in pagina and "3 de febrero de 2026, después del 31 de enero de 2026" in pagina
    assert "Participa en la asignación de 2027" in texto(
        cliente.get(reverse("fronteras:estacion", args=[tarde.id]), {"anio": "2027"})
    )
    pagina = texto(cliente.get(reverse("fronteras:estacion", args=[ejemplo["A"].id]), {"anio": "2026"}))
    assert "Participa en la asignación de 2026" in pagina and "30.000,00" in pagina  # the 24-month average


@pytest.mark.django_db
def test_minminas_registers_a_transport_certificate(entrar, ejemplo):
    b = ejemplo["B"]
    cliente = entrar(Rol.MINMINAS)
    url = reverse("fronteras:estacion-certificado", args=[b.id])
    assert "Registrar certificado" in texto(cliente.get(reverse("fronteras:estacion", args=[b.id])))
    r = cliente.post(url, {"vigente_desde": "2026-01-01", "vigente_hasta": "2026-12-31", "subsidio_pct": "30"})
    assert r.status_code == 302
    certificado = CertificadoTransporte.objects.get(estacion=b)
    assert certificado.subsidio_pct == Decimal("30") and certificado.registrado_por == cliente.usuario
    r = cliente.post(url, {"vigente_desde": "2027-01-01", "vigente_hasta": "2027-12-31", "subsidio_pct": "20"})
    assert r.status_code == 400 and "al menos 25 %" in texto(r)
    pagina = texto(cliente.get(reverse("fronteras:estacion", args=[ejemplo["A"].id])))
    assert "no pertenece a una empresa de transporte" in pagina and "Registrar certificado" not in pagina
    assert (
        cliente.post(
            reverse("fronteras:estacion-certificado", args=[ejemplo["A"].id]),
            {"vigente_desde": "2026-01-01", "vigente_hasta": "2026-12-31", "subsidio_pct": "30"},
        ).status_code
        == 400
    )
    assert entrar(Rol.AUDITOR).post(url, {}).status_code == 403
