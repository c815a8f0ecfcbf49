"""Pages of deliveries (F-05): the refusal above the month's volume in Spanish, a
wholesaler's own NIT, the available fragment, monthly consumption and the public transparency page."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory
from fronteras.models import Despacho
from fronteras.services.despachos import despacho_register
from fronteras.tests.factories import NIT_TERCERO, D, contratar, texto, visto_bueno

# --- Deliveries ---


@pytest.fixture
def tercero(crear_usuario, ejemplo):
    usuario = crear_usuario(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero"))
    contratado(NIT_TERCERO)
    return usuario


def contratado(nit: str) -> str:
    """F-01: the distributor `nit` holds Ecopetrol's contract for Cúcuta (created once), and F-07: Norte de
    Santander's supply plan has its visto bueno (created once)."""
    from fronteras.models import ContratoEcopetrol, PlanAbastecimiento

    if not ContratoEcopetrol.objects.filter(distribuidor__nit=nit).exists():
        contratar(nit)
    if not PlanAbastecimiento.objects.exists():
        visto_bueno()
    return nit


def despacho(estacion, galones, **cambios):
    return {
        "distribuidor_nit": NIT_TERCERO,
        "estacion": str(estacion.id),
        "combustible": "acpm",
        "fecha": "2026-04-20",
        "galones": galones,
        **cambios,
    }


def despachar_acpm(ecopetrol, estacion, fecha, galones, distribuidor_nit=None):
    """Ecopetrol records a diesel delivery to the station (by default from the third-party wholesaler)."""
    return despacho_register(
        actor=ecopetrol,
        distribuidor_nit=contratado(distribuidor_nit or DistribuidorFactory(nit=NIT_TERCERO).nit),
        estacion_id=estacion.id,
        fecha=fecha,
        combustible="acpm",
        galones=Decimal(galones),
    )


@pytest.mark.django_db
def test_delivery_above_the_month_is_refused_in_spanish_with_what_remains(entrar, ejecutoriada, ejemplo, tercero):
    cliente = entrar(tercero)
    a = ejemplo["A"]
    assert cliente.post(reverse("fronteras:despachos"), despacho(a, "32000")).status_code == 302
    r = cliente.post(reverse("fronteras:despachos"), despacho(a, "500,5"))
    pagina = texto(r)
    assert r.status_code == 400
    assert "No se registró el despacho: supera el volumen del mes" in pagina
    assert (
        "500,50 galones de ACPM superan lo que le queda a Estación A en abril de 2026: quedan 400,00 galones." in pagina
    )
    assert "32.400,00" in pagina and "32.000,00" in pagina and "precio nacional" in pagina
    assert Despacho.objects.count() == 1
    r = cliente.post(reverse("fronteras:despachos"), despacho(a, "400"), follow=True)
    assert "Le quedan 0,00 galones en abril de 2026." in texto(r)
    assert Despacho.objects.count() == 2 and Despacho.objects.filter(registrado_por=tercero).count() == 2
    # no volume in force for gasoline: the service's Spanish reason
    r = cliente.post(reverse("fronteras:despachos"), despacho(a, "1", combustible="gasolina"))
    assert r.status_code == 400 and "no tiene un volumen máximo vigente" in texto(r)


@pytest.mark.django_db
def test_a_wholesaler_delivers_and_sees_only_under_its_own_nit(entrar, ejecutoriada, ejemplo, tercero, ecopetrol):
    otro = DistribuidorFactory(nit="900999888", razon_social="Otro Mayorista S.A.S.")
    despachar_acpm(ecopetrol, ejemplo["B"], D(2026, 5, 3), "100", distribuidor_nit=otro.nit)
    cliente = entrar(tercero)
    pagina = texto(cliente.get(reverse("fronteras:despachos")))
    assert "Otro Mayorista" not in pagina and "No hay despachos" in pagina
    r = cliente.post(reverse("fronteras:despachos"), despacho(ejemplo["A"], "10", distribuidor_nit=otro.nit))
    assert r.status_code == 400 and Despacho.objects.count() == 1
    pagina = texto(entrar(Rol.AUDITOR).get(reverse("fronteras:despachos")))
    assert "Otro Mayorista" in pagina and "Registrar despacho" not in pagina


@pytest.mark.django_db
def test_available_fragment_and_monthly_consumption(entrar, ejecutoriada, ejemplo, ecopetrol, transporte_b):
    despachar_acpm(ecopetrol, ejemplo["A"], D(2026, 5, 3), "8600")
    cliente = entrar(Rol.ECOPETROL)
    r = cliente.get(
        reverse("fronteras:despacho-disponible"),
        {"estacion": ejemplo["A"].id, "combustible": "acpm", "fecha": "2026-05-20"},
    )
    assert "disponible 40.000,00 galones" in texto(r)
    pagina = texto(cliente.get(reverse("fronteras:consumo"), {"periodo": "2026-05"}))
    assert "48.600,00" in pagina and "8.600,00" in pagina and "40.000,00" in pagina and "17,7 %" in pagina
    assert "Total de Cúcuta" in pagina and "35.100,00" in pagina


# --- The public transparency page ---


@pytest.mark.django_db
def test_transparency_page_is_public_and_shows_the_volumes(client, ejecutoriada, transporte_b):
    r = client.get(reverse("fronteras:transparencia"), {"periodo": "2026-04"})
    pagina = texto(r)
    assert r.status_code == 200 and "Menú principal" not in pagina
    assert "Norte de Santander" in pagina and "Cúcuta" in pagina
    assert "32.400,00" in pagina and "23.400,00" in pagina and "55.800,00" in pagina  # A, B (+extra), municipality
    assert "/api/v1/fronteras/transparencia/?periodo=2026-04&amp;formato=csv" in pagina
    assert 'id="datos-transparencia"' in pagina and "chart.umd.min.js" in pagina and "<script>" not in pagina
    assert "¿Cómo se calculan estos volúmenes?" in pagina and "70 %" in pagina and "31 de enero" in pagina
    assert "selected>Abril de 2026 (2026-04)" in pagina
    mayo = texto(client.get(reverse("fronteras:transparencia"), {"periodo": "2026-05"}))
    assert "48.600,00" in mayo and "35.100,00" in mayo
    marzo = texto(client.get(reverse("fronteras:transparencia"), {"periodo": "2026-03"}))
    assert "No hay volúmenes vigentes en marzo de 2026" in marzo
    malo = texto(client.get(reverse("fronteras:transparencia"), {"periodo": "abril"}))
    assert "no es un periodo AAAA-MM válido" in malo


@pytest.mark.django_db
def test_the_public_page_is_cached_until_a_delivery_or_an_allocation_changes(
    client, analista, ejemplo, ecopetrol, django_capture_on_commit_callbacks
):
    """issue 14 §1: the month's rows are computed once, then read from the cache; an ejecutoria (any
    write of the registry) and a delivery of the month make the next view compute them again."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from fronteras.tests.factories import asignar, ejecutoriar

    url = reverse("fronteras:transparencia")
    asignacion = asignar(analista)
    assert "No hay volúmenes vigentes en abril de 2026" in texto(client.get(url, {"periodo": "2026-04"}))
    with django_capture_on_commit_callbacks(execute=True):
        ejecutoriar(analista, asignacion, D(2026, 4, 11))
    with CaptureQueriesContext(connection) as fria:
        assert "32.400,00" in texto(client.get(url, {"periodo": "2026-04"}))
    with CaptureQueriesContext(connection) as cacheada:
        pagina = texto(client.get(url, {"periodo": "2026-04"}))
    assert "32.400,00" in pagina and len(cacheada) < len(fria)
    assert not any("fronteras_despacho" in q["sql"] for q in cacheada)
    with django_capture_on_commit_callbacks(execute=True):
        despachar_acpm(ecopetrol, ejemplo["A"], D(2026, 4, 20), "8600")
    assert "8.600,00" in texto(client.get(url, {"periodo": "2026-04"}))


@pytest.mark.django_db
def test_a_large_month_shows_municipalities_and_links_each_department_to_its_stations(
    client, ejecutoriada, transporte_b, monkeypatch
):
    """Above LIMITE_DETALLE rows the national page shows each department's municipalities (the 381 KB
    page of 600 station rows); the department's own page lists its stations."""
    from fronteras.views import despachos as vistas

    monkeypatch.setattr(vistas, "LIMITE_DETALLE", 1)
    url = reverse("fronteras:transparencia")
    pagina = texto(client.get(url, {"periodo": "2026-04"}))
    assert "Norte de Santander: volumen máximo y galones entregados por municipio, abril de 2026" in pagina
    assert "Cúcuta" in pagina and "55.800,00" in pagina and "Estación A" not in pagina
    enlace = "?periodo=2026-04&amp;departamento=Norte+de+Santander"
    assert f'<a href="{enlace}">Ver cada estación de servicio y gran consumidor de Norte de Santander</a>' in pagina
    assert "/api/v1/fronteras/transparencia/?periodo=2026-04&amp;formato=csv" in pagina
    departamento = texto(client.get(url, {"periodo": "2026-04", "departamento": "Norte de Santander"}))
    assert "Estación A" in departamento and "32.400,00" in departamento and "23.400,00" in departamento


@pytest.mark.django_db
def test_stations_are_named_with_their_municipality_in_the_select_and_the_list(
    entrar, analista, ejecutoriada, ejemplo, ecopetrol
):
    """Issue 26, defect 14: «EDS La Frontera» stands in several towns; code and name alone do not tell them
    apart, in the delivery form's options nor in the list of deliveries."""
    from fronteras.tests.factories import crear_ejemplo

    crear_ejemplo(analista, codigo="81001", nombre="Arauca", prefijo="AR")
    despachar_acpm(ecopetrol, ejemplo["A"], D(2026, 5, 3), "100")
    pagina = texto(entrar(Rol.ECOPETROL).get(reverse("fronteras:despachos")))
    assert f">{ejemplo['A'].codigo} — {ejemplo['A'].nombre} (Cúcuta)</option>" in pagina
    assert ">ARA — Estación ARA (Arauca)</option>" in pagina
    assert f"{ejemplo['A'].codigo} — {ejemplo['A'].nombre} <span class=\"secundario\">(Cúcuta)</span>" in pagina


@pytest.mark.django_db
def test_transparency_leads_with_the_summary_and_folds_the_tables(client, ejecutoriada, transporte_b):
    """Issue 26, defect 12: 19,310 px on a phone; the departments' charts and tables now fold under the summary
    (open when one department is shown), so does the explanation, and the open-data note speaks to a citizen
    (it said «tipo (estacion o gran_consumidor)»)."""
    html = client.get(reverse("fronteras:transparencia"), {"periodo": "2026-04"}).content.decode()
    plegables = re.findall(r'<details class="plegable"( open)?>\s*<summary>([^<]+)</summary>', html)
    assert plegables == [
        (" open", "Ver el gráfico y las estaciones de Norte de Santander"),
        ("", "Leer cómo se calculan"),
    ]
    assert html.index('id="titulo-resumen"') < html.index('<details class="plegable"')
    assert html.index('<details class="plegable"') < html.index('<canvas id="grafico-')
    assert "gran_consumidor" not in html and "tipo (estación de servicio o gran consumidor)" in html
