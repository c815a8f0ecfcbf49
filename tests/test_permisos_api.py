"""Each role reaches only what API.md allows: a table of roles × endpoints.

Every module adds its endpoints to ENDPOINTS. An entry says, for each role, the status it must
get; roles not named get DEFAULT (403 for writes, 200 for reads open to all).
"""

from itertools import count

import pytest

from core.roles import Rol

_seq = count(1)
ROLES = [r for r in Rol.values]
ANONIMO = "anonimo"


def _capitania():
    n = next(_seq)
    return {"codigo": f"CT{n:03d}", "nombre": f"Capitanía {n}"}


def _distribuidor():
    return {"nit": f"{910000000 + next(_seq)}", "razon_social": "Prueba S.A.S.", "tipo": "mayorista"}


def _usuario():
    return {"username": f"nuevo{next(_seq)}", "password": "Una.Clave.Larga.2026", "rol": "auditor"}


SOLO_UPME = {Rol.UPME_ANALISTA: 201, Rol.ADMINISTRADOR: 201}
LECTURA_TODOS = {r: 200 for r in ROLES}

# (method, path, body factory or None, expected status per role, status for the rest)
ENDPOINTS = [
    ("get", "/api/v1/capitanias/", None, LECTURA_TODOS, 403),
    ("post", "/api/v1/capitanias/", _capitania, SOLO_UPME, 403),
    ("get", "/api/v1/distribuidores/", None, LECTURA_TODOS, 403),
    ("post", "/api/v1/distribuidores/", _distribuidor, SOLO_UPME, 403),
    ("get", "/api/v1/usuarios/", None, {Rol.ADMINISTRADOR: 200}, 403),
    ("post", "/api/v1/usuarios/", _usuario, {Rol.ADMINISTRADOR: 201}, 403),
    ("get", "/api/v1/auditoria/", None, {Rol.AUDITOR: 200, Rol.ADMINISTRADOR: 200}, 403),
    ("get", "/api/v1/yo/", None, LECTURA_TODOS, 403),
]

CASOS = [
    pytest.param(metodo, ruta, cuerpo, rol, esperados.get(rol, resto), id=f"{metodo} {ruta} {rol}")
    for metodo, ruta, cuerpo, esperados, resto in ENDPOINTS
    for rol in [*ROLES, ANONIMO]
]


@pytest.mark.django_db
@pytest.mark.parametrize(("metodo", "ruta", "cuerpo", "rol", "esperado"), CASOS)
def test_role_reaches_only_what_api_md_allows(api, cliente, metodo, ruta, cuerpo, rol, esperado):
    client = api if rol == ANONIMO else cliente(rol)
    if rol == ANONIMO:
        esperado = 401
    datos = cuerpo() if cuerpo else None
    r = getattr(client, metodo)(ruta, datos, format="json") if datos else getattr(client, metodo)(ruta)
    assert r.status_code == esperado, r.content[:300]
