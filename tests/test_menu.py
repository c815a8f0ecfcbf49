"""Menus show only what the role may open: every menu link of every role answers 200."""

import pytest

from core.menu import menu_for
from core.roles import Rol


@pytest.mark.django_db
@pytest.mark.parametrize("rol", Rol.values)
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
