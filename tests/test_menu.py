"""Menus show only what the role may open: every menu link of every role answers 200."""

import pytest

from core.identidad.roles import Rol
from core.web.menu import menu_for


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [r for r in Rol.values if r != Rol.INTEGRACION])  # a system: no page
def test_cada_enlace_del_menu_abre(rol, crear_usuario, client):
    usuario = crear_usuario(rol)
    client.force_login(usuario)
    entradas = menu_for(usuario)
    assert entradas, f"{rol} no tiene menú"
    fallidas = []
    for entrada in entradas:
        r = client.get(entrada["url"], follow=True)
        if r.status_code != 200:
            fallidas.append((entrada["etiqueta"], entrada["url"], r.status_code))
    assert fallidas == []


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [r for r in Rol.values if r != Rol.INTEGRACION])  # a system: no page
def test_el_menu_tiene_a_lo_sumo_ocho_entradas_arriba_y_conserva_todos_los_enlaces(rol, crear_usuario, client):
    """Issue 26, defect 11: the analyst's 30 links took 4 rows; a long menu folds by task (<details>)."""
    import re

    from core.web.menu import MAXIMO

    usuario = crear_usuario(rol)
    client.force_login(usuario)
    html = client.get("/", follow=True).content.decode()
    nav = re.search(r'<nav class="menu" aria-label="Menú principal">(.*?)</nav>', html, re.DOTALL).group(1)
    arriba = re.findall(r"^      <li", nav, re.MULTILINE)
    assert 0 < len(arriba) <= MAXIMO, (rol, len(arriba))
    for entrada in menu_for(usuario):
        assert f'href="{entrada["url"]}"' in nav, (rol, entrada["etiqueta"])


@pytest.mark.django_db
def test_el_menu_del_analista_se_agrupa_por_tarea(crear_usuario):
    from core.web.menu import menu_agrupado

    agrupado = menu_agrupado(menu_for(crear_usuario(Rol.UPME_ANALISTA)))
    grupos = {e["grupo"]: [s["etiqueta"] for s in e["entradas"]] for e in agrupado if e.get("entradas")}
    assert list(grupos) == [
        "Asignación",
        "Cupos",
        "Zarpes y ventas",
        "Zonas de frontera",
        "Reserva de carga",
        "Administración",
    ]
    assert {"Solicitudes", "Asignación anual", "Resoluciones"} <= set(grupos["Asignación"])
    assert "Beneficiarios" in grupos["Cupos"] and "Zarpes" in grupos["Zarpes y ventas"]
    assert [e["etiqueta"] for e in agrupado if not e.get("entradas")][:2] == ["Inicio", "Alertas"]


@pytest.mark.django_db
def test_un_menu_corto_no_se_agrupa(crear_usuario):
    from core.web.menu import MAXIMO, menu_agrupado

    entradas = menu_for(crear_usuario(Rol.UPME_ANALISTA))[:MAXIMO]
    assert menu_agrupado(entradas) == entradas


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [r for r in Rol.values if r not in (Rol.INTEGRACION, Rol.ADMINISTRADOR)])
def test_issue45_las_decisiones_del_equipo_no_estan_en_el_menu_de_los_funcionarios(rol, crear_usuario):
    """Issue 45, defect 11: /decisiones/ holds the product team's notes (English, codes, versions)."""
    assert "/decisiones/" not in [e["url"] for e in menu_for(crear_usuario(rol))]
