"""The UPME analyst's dashboard page (R-05, R-07 to R-11)."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.identidad.roles import Rol
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.conftest import D, descontar, fijar_hoy
from cupos.tests.factories import NaveFactory, ResolucionFactory


@pytest.mark.django_db
def test_dashboard_counts_granted_and_consumed_per_month(entrar, dona_lucia):
    r = entrar().get(reverse("cupos:tablero"))
    assert r.status_code == 200
    meses = r.context["meses"]
    assert meses[2]["otorgado"] == Decimal("967.74") and meses[2]["consumido"] == Decimal("800.00")
    assert meses[3]["otorgado"] == Decimal("2000.00") and meses[1]["otorgado"] == Decimal("0.00")
    assert meses[6]["proyectado"] and not meses[5]["proyectado"]
    html = r.content.decode()
    assert "Expedida" in html and "Resolución No. 000123" in html and "Dentro del plazo" in html
    assert dict((v, n) for v, _, n in r.context["por_estado"]) == {"expedido": 0, "en_firme": 1, "cancelado": 0}
    assert 'id="datos-tablero"' in html and "js/tablero.js" in html
    # Years are not numbers to group: never "2.026".
    assert "Tablero de cupos 2026" in html and '<option value="2026" selected>2026</option>' in html
    assert "2.026" not in html
    assert "<script>" not in html.replace('<script id="datos-tablero" type="application/json">', "")


@pytest.mark.django_db
def test_dashboard_queries_do_not_grow_with_cupos(entrar, analista, hoy, django_assert_max_num_queries):
    resolucion = ResolucionFactory(anio=2026)
    for nave in NaveFactory.create_batch(40):
        cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("1200"))
        cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 1))
    cliente = entrar(analista)
    with django_assert_max_num_queries(11):  # one of them: the session's second-factor device (django-otp)
        r = cliente.get(reverse("cupos:tablero"))
    assert r.context["meses"][2]["otorgado"] == Decimal("4000.00")  # 40 × 100.00


@pytest.mark.django_db
def test_dashboard_counts_down_to_28_february(entrar, monkeypatch):
    cliente = entrar()
    fijar_hoy(monkeypatch, D(2026, 2, 10))
    html = cliente.get(reverse("cupos:tablero")).content.decode()
    assert "Faltan 18 días" in html and "28 de febrero de 2026" in html
    fijar_hoy(monkeypatch, D(2026, 2, 28))
    assert "Vence hoy" in cliente.get(reverse("cupos:tablero")).content.decode()
    fijar_hoy(monkeypatch, D(2026, 3, 3))
    html = cliente.get(reverse("cupos:tablero")).content.decode()
    assert "Vencido" in html and "hace 3 días" in html


@pytest.mark.django_db
def test_dashboard_other_year_and_bad_year(entrar, dona_lucia):
    cliente = entrar()
    assert cliente.get(reverse("cupos:tablero"), {"anio": "2025"}).context["anio"] == 2025
    assert cliente.get(reverse("cupos:tablero"), {"anio": "abc"}).context["anio"] == 2026


@pytest.mark.django_db
def test_dashboard_is_linked_from_the_analyst_home_and_menu(entrar):
    html = entrar().get(reverse("inicio")).content.decode()
    assert html.count(f'href="{reverse("cupos:tablero")}"') >= 2  # menu and task card


@pytest.mark.django_db
@pytest.mark.parametrize(("rol", "estado"), [(Rol.AUDITOR, 200), (Rol.CAPITANIA_OFICIAL, 403), (Rol.DIMAR, 403)])
def test_dashboard_roles(entrar, hoy, rol, estado):
    assert entrar(rol).get(reverse("cupos:tablero")).status_code == estado


@pytest.mark.django_db
def test_dashboard_series_is_cached_until_a_write(entrar, analista, hoy, django_assert_max_num_queries):
    """The monthly series is computed once and kept while nothing changes; a new cupo (any audited
    write) makes the next view compute it again."""
    resolucion = ResolucionFactory(anio=2026)
    nave, otra = NaveFactory(), NaveFactory()
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("1200"))
    cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 1))
    cliente = entrar(analista)
    assert cliente.get(reverse("cupos:tablero")).context["meses"][3]["otorgado"] == Decimal("100.00")
    with django_assert_max_num_queries(9):  # the two aggregates are not run again, only the ledger rows after
        # the kept totals (+1: the django-otp device)
        assert cliente.get(reverse("cupos:tablero")).context["meses"][3]["otorgado"] == Decimal("100.00")
    otro = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=otra, galones_anuales=Decimal("2400"))
    cupo_declare_firm(actor=analista, cupo=otro, fecha_firmeza=D(2026, 3, 1))
    assert cliente.get(reverse("cupos:tablero")).context["meses"][3]["otorgado"] == Decimal("300.00")


@pytest.mark.django_db
def test_a_new_certificate_adds_its_gallons_without_recounting_the_year(entrar, analista, dona_lucia):
    """A busy day issues a certificate a second: the next view reads only the ledger rows after the kept
    totals (a primary-key range) and the cupos' series from the cache, and is still exact."""
    cliente = entrar(analista)
    assert cliente.get(reverse("cupos:tablero")).context["meses"][2]["consumido"] == Decimal("800.00")
    descontar(analista, dona_lucia.beneficiario, D(2026, 3, 21), "150.5")
    descontar(analista, dona_lucia.beneficiario, D(2026, 4, 2), "20")
    with CaptureQueriesContext(connection) as consultas:
        meses = cliente.get(reverse("cupos:tablero")).context["meses"]
    assert (meses[2]["consumido"], meses[3]["consumido"]) == (Decimal("950.50"), Decimal("20.00"))
    assert meses[2]["otorgado"] == Decimal("967.74")  # the cupos' series, unchanged, from the cache
    libro = [q["sql"] for q in consultas.captured_queries if "SUM(" in q["sql"] and "cupos_movimiento" in q["sql"]]
    assert len(libro) == 1 and '"cupos_movimiento"."id" >' in libro[0], libro
    assert not any("cupos_cupo" in q["sql"] and "fecha_inicio" in q["sql"] for q in consultas.captured_queries)
