"""/zarpes/ by role: the readers' list of every zarpe (Dimar, UPME, auditors), and who may not see it."""

import pytest

from core.identidad.roles import Rol
from core.tests.factories import CapitaniaFactory
from cupos.tests.factories import NaveFactory
from zarpes.models import Zarpe
from zarpes.tests.factories import nave_con_cupo
from zarpes.tests.paginas import HOY, URL, D, fijar_hoy, html, pedir

# --- Readers: Dimar, UPME, auditors ---


@pytest.fixture
def zarpes_en_dos_capitanias(dona_lucia, oficial, crear_usuario, monkeypatch):
    otro = crear_usuario(Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP01", nombre="Barranquilla"))
    fijar_hoy(monkeypatch, D(2026, 4, 10))
    pedir(oficial, dona_lucia, D(2026, 3, 20), 100)
    z2 = pedir(otro, dona_lucia, D(2026, 4, 2), 200, Zarpe.objects.get().certificado.numero, capitania="CP01")
    pedir(otro, NaveFactory(matricula="MC-01-0404"), D(2026, 4, 5), 50, capitania="CP01")  # denied
    return z2


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.DIMAR, Rol.UPME_ANALISTA, Rol.AUDITOR])
def test_readers_see_every_zarpe(entrar, rol, zarpes_en_dos_capitanias):
    r = entrar(rol).get(URL)
    cuerpo = html(r)
    assert r.status_code == 200
    assert "Zarpes de todas las capitanías" in cuerpo
    assert "(3)" in cuerpo
    assert "MC-05-0777" in cuerpo and "MC-01-0404" in cuerpo
    assert "Motivo: Sin cupo vigente" in cuerpo


@pytest.mark.django_db
def test_dimar_list_filters(entrar, zarpes_en_dos_capitanias):
    cliente = entrar(Rol.DIMAR)

    def filas(**filtros):
        return html(cliente.get(URL, filtros, HTTP_HX_REQUEST="true"))

    assert "(2)" in filas(capitania="CP01")
    assert "(1)" in filas(capitania="CP01", estado="negado")
    solo_abril = filas(desde="2026-04-01", hasta="2026-04-30")
    assert "(2)" in solo_abril and "CP05-2026" not in solo_abril
    por_matricula = filas(matricula="mc-05-0777")
    assert "(2)" in por_matricula and "MC-01-0404" not in por_matricula
    assert "1 zarpe encontrado." in filas(estado="certificado", capitania="CP01")
    mala = filas(desde="ayer")
    assert "Escriba una fecha válida (AAAA-MM-DD)." in mala and "(3)" in mala
    assert "debe ser igual o posterior" in filas(desde="2026-04-30", hasta="2026-04-01")


@pytest.mark.django_db
def test_dimar_list_is_paginated_with_bounded_queries(entrar, oficial, hoy, django_assert_max_num_queries):
    naves = [nave_con_cupo()[0] for _ in range(30)]
    for nave in naves:
        pedir(oficial, nave, HOY, 10)
    cliente = entrar(Rol.DIMAR)
    with django_assert_max_num_queries(10):
        r = cliente.get(URL)
    assert "Página 1 de 2" in html(r)
    assert "Página 2 de 2" in html(cliente.get(URL, {"page": 2}))


@pytest.mark.django_db
def test_a_list_longer_than_the_cap_is_not_counted_to_the_end(entrar, zarpes_en_dos_capitanias, monkeypatch):
    """issue 14 §1: the count stops at TOPE_CONTEO (10,000 in production, 2 here): the caption says
    «más de», the pages stay reachable up to the cap, and the filters count exactly below it."""
    from zarpes.views import zarpes as vistas

    monkeypatch.setattr(vistas, "TOPE_CONTEO", 2)
    cliente = entrar(Rol.DIMAR)
    cuerpo = html(cliente.get(URL))
    assert "(más de 2)" in cuerpo and "(3)" not in cuerpo
    assert "Más de 2 zarpes encontrados." in html(cliente.get(URL, HTTP_HX_REQUEST="true"))
    assert "(2)" in html(cliente.get(URL, {"capitania": "CP01"})) and "más de" not in html(
        cliente.get(URL, {"capitania": "CP01"})
    )
    assert "(1)" in html(cliente.get(URL, {"capitania": "CP01", "estado": "negado"}))


# --- Who may not ---


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.DISTRIBUIDOR, Rol.MINMINAS, Rol.ECOPETROL])
def test_other_roles_get_the_403_page(entrar, rol):
    r = entrar(rol).get(URL)
    assert r.status_code == 403
    assert "Sin permiso" in html(r)


@pytest.mark.django_db
def test_anonymous_is_sent_to_login(client):
    r = client.get(URL)
    assert r.status_code == 302 and r["Location"].startswith("/ingresar/")
