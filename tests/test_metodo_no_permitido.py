"""Issue 45, defect 16: a GET on an address that only takes a form's POST, reached from the history or a bookmark,
answers a Spanish page that links back (not Django's empty 405, which Chromium showed as an English error page).
The API keeps its JSON 405."""

import pytest

from core.identidad.roles import Rol


@pytest.mark.django_db
@pytest.mark.parametrize("direccion", ["/zarpes/expedir/"])
def test_issue45_un_get_a_una_direccion_de_formulario_responde_una_pagina_en_espanol(entrar, direccion):
    from core.models import Capitania

    cliente = entrar(Rol.CAPITANIA_OFICIAL, capitania=Capitania.objects.get_or_create(codigo="CP05")[0])
    r = cliente.get(direccion)
    texto = r.content.decode()
    assert r.status_code == 405 and "POST" in r["Allow"]
    assert r["Content-Type"].startswith("text/html") and '<html lang="es' in texto
    assert "Esta dirección no se abre así" in texto and "No se registró nada" in texto
    assert 'href="/zarpes/"' in texto  # back to the form
    assert "Content-Security-Policy" in r.headers


@pytest.mark.django_db
def test_issue45_la_api_conserva_su_405_en_json(client):
    r = client.delete("/api/v1/verificar/ABCDEF123456/")  # public: the method is what is refused
    assert r.status_code == 405 and r["Content-Type"].startswith("application/json")
