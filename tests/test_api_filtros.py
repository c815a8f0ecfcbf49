"""Every list of the API refuses a query parameter it does not know (API.md "Conventions", issue 27:
`/api/v1/zarpes/?matricula=XYZ` answered all 9,140 zarpes). Walked from the OpenAPI schema the portal
serves, not from a base class: a list built any other way is caught too, and so is every query answer
that takes filters (a balance, a reconciliation, a compliance report)."""

import re

import pytest
from drf_spectacular.generators import SchemaGenerator

from core.identidad.roles import Rol


def _consultas():
    """(path, is a paginated list, declared query parameters) of every GET of the schema."""
    esquema = SchemaGenerator(patterns=None).get_schema(request=None, public=True)
    for ruta, operaciones in sorted(esquema["paths"].items()):
        get = operaciones.get("get")
        if not get:
            continue
        contenido = get["responses"].get("200", {}).get("content", {})
        respuesta = next(iter(contenido.values()), {}).get("schema", {})
        paginada = "Pagina" in respuesta.get("$ref", "") or respuesta.get("type") == "array"
        parametros = [p["name"] for p in get.get("parameters", []) if p["in"] == "query"]
        if paginada or parametros:
            yield ruta, paginada, parametros


CONSULTAS = list(_consultas())


def test_el_esquema_tiene_las_listas():
    assert sum(1 for _, paginada, _ in CONSULTAS if paginada) > 40, "the schema walk lost the lists"


@pytest.mark.django_db
@pytest.mark.parametrize(("ruta", "paginada", "parametros"), CONSULTAS, ids=[c[0] for c in CONSULTAS])
def test_un_parametro_desconocido_es_400_filtro_desconocido(cliente, ruta, paginada, parametros):
    api = cliente(Rol.ADMINISTRADOR)
    url = re.sub(r"\{[^}]+\}", "999999", ruta)
    r = api.get(url, {"matriclua": "XYZ"})
    assert r.status_code == 400, (r.status_code, r.content[:300])
    assert r.json()["codigo"] == "filtro_desconocido"
    assert "matriclua" in r.json()["detalle"]
