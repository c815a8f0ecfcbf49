"""OpenAPI at /api/schema/ and the browsable docs at /api/docs/, served without any CDN."""

import pytest
import yaml

from core.identidad.roles import Rol


@pytest.mark.django_db
def test_schema_lists_the_contract_paths(cliente):
    r = cliente(Rol.AUDITOR).get("/api/schema/")
    assert r.status_code == 200
    esquema = yaml.safe_load(r.content)
    for ruta in ["/api/v1/auth/token/", "/api/v1/usuarios/", "/api/v1/capitanias/", "/api/v1/distribuidores/"]:
        assert ruta in esquema["paths"], ruta


@pytest.mark.django_db
def test_docs_page_loads_local_assets_only(entrar):
    web = entrar(Rol.DISTRIBUIDOR)
    r = web.get("/api/docs/")
    assert r.status_code == 200
    html = r.content.decode()
    assert "cdn." not in html and "unpkg" not in html and "jsdelivr" not in html
    # Its init script is a separate request (Content-Security-Policy: no inline script).
    assert "<script>" not in html and "<style>" not in html
    script = web.get("/api/docs/?script=")
    assert script.status_code == 200 and script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()


@pytest.mark.django_db
def test_docs_and_schema_are_for_logged_in_users(client, settings):
    settings.API_DOCS_PUBLICA = False
    r = client.get("/api/docs/")
    assert r.status_code == 302 and r.url.startswith("/ingresar/")
    assert client.get("/api/docs/?script=").status_code == 302
    assert client.get("/api/schema/").status_code == 401


@pytest.mark.django_db
def test_docs_and_schema_open_when_the_setting_says_so(client, settings):
    settings.API_DOCS_PUBLICA = True
    assert client.get("/api/docs/").status_code == 200
    assert client.get("/api/schema/").status_code == 200


def test_production_keeps_the_docs_behind_login():
    from config.settings import base

    assert base.API_DOCS_PUBLICA is False
