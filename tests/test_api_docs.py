"""OpenAPI at /api/schema/ and the browsable docs at /api/docs/, served without any CDN."""

import pytest
import yaml

from core.roles import Rol


@pytest.mark.django_db
def test_schema_lists_the_contract_paths(cliente):
    r = cliente(Rol.AUDITOR).get("/api/schema/")
    assert r.status_code == 200
    esquema = yaml.safe_load(r.content)
    for ruta in ["/api/v1/auth/token/", "/api/v1/usuarios/", "/api/v1/capitanias/", "/api/v1/distribuidores/"]:
        assert ruta in esquema["paths"], ruta


@pytest.mark.django_db
def test_docs_page_loads_local_assets_only(client):
    r = client.get("/api/docs/")
    assert r.status_code == 200
    html = r.content.decode()
    assert "cdn." not in html and "unpkg" not in html and "jsdelivr" not in html
