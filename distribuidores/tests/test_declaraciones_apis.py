"""Beneficiaries' declarations (R-21), through the API.md contract."""

import datetime as dt

import pytest

from core.roles import Rol
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
