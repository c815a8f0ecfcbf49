"""Issue 43: the counter's page, its service worker and its manifest."""

import json

import pytest

from core.identidad.roles import Rol
from tests.test_csp import problemas_csp


@pytest.mark.django_db
def test_the_counter_page_is_the_officers_and_has_no_inline_code(entrar):
    r = entrar().get("/zarpes/mostrador/")
    assert r.status_code == 200
    html = r.content.decode()
    assert 'rel="manifest"' in html and "vendor/idb/umd.js" in html and "js/mostrador.js" in html
    assert problemas_csp(html) == []
    assert entrar(Rol.DISTRIBUIDOR).get("/zarpes/mostrador/").status_code == 403


def test_the_service_worker_loads_workbox_from_the_portal_with_its_scope(client):
    r = client.get("/zarpes/mostrador/sw.js")
    assert r.status_code == 200
    assert r["Content-Type"].startswith("application/javascript")
    assert r["Service-Worker-Allowed"] == "/zarpes/mostrador/"
    texto = r.content.decode()
    assert 'importScripts("/static/vendor/workbox/workbox-sw.js")' in texto
    assert 'modulePathPrefix: "/static/vendor/workbox"' in texto and "__WORKBOX__" not in texto
    assert "https://" not in texto and "http://" not in texto  # nothing from another host (a CDN)
    manifiesto = json.loads(client.get("/zarpes/mostrador/manifiesto.webmanifest").content)
    assert (manifiesto["start_url"], manifiesto["lang"]) == ("/zarpes/mostrador/", "es-CO")


@pytest.mark.django_db
def test_another_capitanias_officer_sees_the_balance_less_the_hold(entrar, oficial, hoy):
    from core.tests.factories import CapitaniaFactory
    from zarpes.services import mostradores
    from zarpes.tests.dispositivo import Dispositivo
    from zarpes.tests.factories import nave_con_cupo

    nave, _ = nave_con_cupo(capacidad="500")
    m = mostradores.mostrador_enroll(actor=oficial, nombre="Ventanilla", clave_publica=Dispositivo().jwk())
    mostradores.mostrador_retener(actor=oficial, mostrador_id=m.id, naves=[nave.id])
    otro = entrar(capitania=CapitaniaFactory(codigo="CP07", nombre="Capitanía de Puerto de Bahía Solano"))
    html = otro.get(f"/zarpes/?nave={nave.id}").content.decode()
    assert "Retenido por un mostrador sin conexión" in html
    assert "500,00" in html and "467,74" in html  # 967.74 − 500
