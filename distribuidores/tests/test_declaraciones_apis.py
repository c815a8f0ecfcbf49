"""Beneficiaries' declarations (R-21), through the API.md contract."""

import datetime as dt

import pytest

from core.identidad.roles import Rol
from cupos.tests.factories import NaveFactory
from distribuidores.models import Declaracion

D = dt.date


@pytest.mark.django_db
def test_r21_declaration_on_time_and_late(cliente):
    nave = NaveFactory()
    propio = cliente(Rol.BENEFICIARIO, beneficiario=nave)
    r = propio.post(
        "/api/v1/declaraciones/",
        {"beneficiario": nave.id, "periodo": "2026-10", "galones_adquiridos": "1200.5"},
        format="json",
    )
    assert r.status_code == 201
    # today is after the 10th business day of November 2026 (13 Nov): late, kept, flagged
    assert r.json()["extemporanea"] == (dt.date.today() > D(2026, 11, 13))
    assert Declaracion.objects.filter(beneficiario=nave).count() == 1
    r = propio.post(
        "/api/v1/declaraciones/",
        {"beneficiario": nave.id, "periodo": "2026-10", "galones_adquiridos": "1"},
        format="json",
    )
    assert r.status_code == 409 and r.json()["codigo"] == "declaracion_duplicada"
    ajeno = NaveFactory()
    r = propio.post(
        "/api/v1/declaraciones/",
        {"beneficiario": ajeno.id, "periodo": "2026-10", "galones_adquiridos": "1"},
        format="json",
    )
    assert r.status_code == 404


@pytest.mark.django_db
def test_r21_deadline_is_the_tenth_business_day():
    from distribuidores.plazos import fecha_limite_periodo

    assert fecha_limite_periodo(D(2025, 12, 1)) == D(2026, 1, 16)
    assert fecha_limite_periodo(D(2026, 3, 1)) == D(2026, 4, 16)  # Semana Santa: 2 and 3 April


@pytest.mark.django_db
def test_r21_an_acuicultora_declares_and_a_late_declaration_is_not_counted(cliente):
    from cupos.tests.factories import AcuicultoraFactory

    acuicola = AcuicultoraFactory()
    r = cliente(Rol.BENEFICIARIO, beneficiario=acuicola).post(
        "/api/v1/declaraciones/",
        {"beneficiario": acuicola.id, "periodo": "2026-01", "galones_adquiridos": "900"},
        format="json",
    )
    assert r.status_code == 201, r.json()
    assert r.json()["extemporanea"] is True and r.json()["tenida_en_cuenta"] is False


@pytest.mark.django_db
def test_r21_the_armada_does_not_declare(cliente):
    from cupos.tests.factories import ArmadaFactory

    armada = ArmadaFactory()
    r = cliente(Rol.UPME_ANALISTA).post(
        "/api/v1/declaraciones/",
        {"beneficiario": armada.id, "periodo": "2026-01", "galones_adquiridos": "900"},
        format="json",
    )
    assert r.status_code == 400 and "beneficiario" in r.json()


@pytest.mark.django_db
def test_r21_ecopetrol_reads_every_declaration(cliente):
    """Art. 21 par. 1: declared to UPME "con copia a Ecopetrol S. A."."""
    from cupos.tests.factories import AcuicultoraFactory

    for beneficiario in (NaveFactory(), AcuicultoraFactory()):
        Declaracion.objects.create(
            beneficiario=beneficiario, periodo=D(2026, 3, 1), galones_adquiridos=10, presentada=D(2026, 4, 10)
        )
    ecopetrol = cliente(Rol.ECOPETROL)
    r = ecopetrol.get("/api/v1/declaraciones/")
    assert r.status_code == 200 and r.json()["count"] == 2
    assert all(d["tenida_en_cuenta"] for d in r.json()["results"])
    r = ecopetrol.post(
        "/api/v1/declaraciones/", {"beneficiario": 1, "periodo": "2026-01", "galones_adquiridos": "1"}, format="json"
    )
    assert r.status_code == 403


@pytest.mark.django_db
def test_r21_the_analysts_beneficiary_page_shows_a_late_declaration_as_not_counted(entrar):
    nave = NaveFactory(nombre="Don Lucho")
    Declaracion.objects.create(
        beneficiario=nave, periodo=D(2026, 2, 1), galones_adquiridos=10, presentada=D(2026, 3, 13)
    )
    Declaracion.objects.create(
        beneficiario=nave,
        periodo=D(2026, 3, 1),
        galones_adquiridos=20,
        presentada=D(2026, 4, 30),
        extemporanea=True,
    )
    html = entrar(Rol.UPME_ANALISTA).get(f"/beneficiarios/{nave.id}/").content.decode()
    assert 'Declaraciones mensuales <span class="norma">Norma: R-21</span></h2>' in html and "(R-21)" not in html
    assert html.count("No tenida en cuenta (extemporánea)") == 1 and "Tenida en cuenta" in html
