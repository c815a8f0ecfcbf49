"""Issue 43: a wholesaler checks a counter's provisional certificate from its QR, with the link down too. The
pages and the service worker here; the check itself, offline in Chromium, in tests/e2e/test_verificar_comprobante.py."""

import pytest

from tests.test_csp import problemas_csp


@pytest.mark.django_db
def test_la_pagina_sin_conexion_y_su_service_worker(client):
    r = client.get("/verificar/sin-conexion/")
    html = r.content.decode()
    assert r.status_code == 200 and "Verificar un comprobante de mostrador sin conexión" in html
    assert 'data-claves="/api/v1/mostradores/claves/"' in html and 'data-sw="/verificar/sw.js"' in html
    assert "js/verificar_mostrador.js" in html and problemas_csp(html) == []

    sw = client.get("/verificar/sw.js")
    texto = sw.content.decode()
    assert sw.status_code == 200 and sw["Content-Type"].startswith("application/javascript")
    assert sw["Service-Worker-Allowed"] == "/verificar/" and "__" not in texto.replace("__proto__", "")
    assert '"/verificar/sin-conexion/"' in texto and '"/api/v1/mostradores/claves/"' in texto
    assert "vendor/workbox/workbox-sw.js" in texto


@pytest.mark.django_db
def test_la_verificacion_de_un_codigo_lleva_el_verificador_del_comprobante(client):
    html = client.get("/verificar/ABCD-EFGH-JKLM-NPQR/").content.decode()
    assert 'id="sello-mostrador"' in html and "js/verificar_mostrador.js" in html and problemas_csp(html) == []
