"""Bad input never crashes the server: every write endpoint of the API, every role, garbage bodies.

The routes come from the URL resolver (a new endpoint is covered without editing this file), and
the field names from each view's InputSerializer, so the garbage reaches the fields it targets.
"""

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from core.identidad.roles import Rol

ENORME = 10**30
LARGO = "x" * 5000


def _rutas_api(patrones=None, prefijo=""):
    """(path with each parameter set to 1, view class) of every /api/v1/ route, from the URL resolver."""
    for p in get_resolver().url_patterns if patrones is None else patrones:
        ruta = prefijo + str(p.pattern)
        if isinstance(p, URLResolver):
            yield from _rutas_api(p.url_patterns, ruta)
        elif isinstance(p, URLPattern) and ruta.startswith("api/v1/") and hasattr(p.callback, "view_class"):
            yield "/" + re.sub(r"<(?:int:|str:)?\w+>", "1", ruta), p.callback.view_class


RUTAS = sorted({(r, v) for r, v in _rutas_api() if any(hasattr(v, m) for m in ("post", "put", "patch"))},
               key=lambda rv: rv[0])


def _cuerpos(vista):
    entrada = getattr(vista, "InputSerializer", None)
    campos = list(entrada().fields) if entrada is not None else ["id", "nombre"]
    yield "vacio", {}
    yield "lista", [1, 2]
    yield "texto", "no es un objeto"
    for nombre, valor in (("enorme", ENORME), ("negativo", -ENORME), ("largo", LARGO), ("objeto", {"a": [1]}),
                          ("nulo", None), ("fecha_rara", "2026-02-30"), ("nan", "NaN")):
        yield nombre, {c: valor for c in campos}


CASOS = [
    pytest.param(ruta, vista, rol, id=f"{ruta} {rol}")
    for ruta, vista in RUTAS
    for rol in Rol.values
]


@pytest.mark.django_db
@pytest.mark.parametrize(("ruta", "vista", "rol"), CASOS)
def test_garbage_gets_a_4xx_never_a_500(cliente, ruta, vista, rol):
    """Every garbage body by every method, for a role the view lets in. A role it refuses is refused before
    the body is read (DRF checks permissions before the handler parses it): one garbage body shows that
    refusal does not crash, and the other bodies reach the code through the roles let in."""
    api = cliente(rol)
    api.raise_request_exception = False  # a crash must show as the 500 it would be in production
    for nombre, cuerpo in _cuerpos(vista):
        for metodo in ("post", "put", "patch"):
            if not hasattr(vista, metodo):
                continue
            r = getattr(api, metodo)(ruta, cuerpo, format="json")
            assert r.status_code < 500, (metodo, ruta, rol, nombre, r.content[:300])
            if r.status_code in (401, 403) and r.json().get("codigo") in ("no_autenticado", "permiso_denegado"):
                return


PARAMETROS = ("abiertas", "accion", "actor", "anio", "beneficiario", "capitania", "codigo", "combustible",
              "departamento", "distribuidor_nit", "entregado", "estacion", "estado", "estado_cupo", "formato",
              "identificacion", "matricula", "municipio", "municipios", "nave", "objeto_id", "objeto_tipo",
              "periodo", "q", "tipo", "trb_banda", "vigente", "volumen", "fecha", "desde", "hasta", "page",
              "page_size", "ordering")
BASURA_QUERY = (str(ENORME), "-1", LARGO[:2000], "2026-02-30", "2026-13", "NaN", "\x00", "' OR 1=1 --", "[]")


def _parametros_a_probar(vista) -> tuple[str, ...]:
    """A list (core.api.apis.ListaApi) refuses every parameter it does not declare before reading any, and may
    read no other (core.api.filtros): one at a time, only its own can reach code. Any other view, all."""
    from core.api.apis import ListaApi
    from core.api.filtros import SIEMPRE_CONOCIDOS

    if not issubclass(vista, ListaApi):
        return PARAMETROS
    declarados = {p.name for p in vista.parametros or []} | set(SIEMPRE_CONOCIDOS)
    return tuple(p for p in PARAMETROS if p in declarados)


@pytest.mark.django_db
@pytest.mark.parametrize(("ruta", "vista"), [
    pytest.param(r, v, id=r) for r, v in sorted({(r, v) for r, v in _rutas_api() if hasattr(v, "get")},
                                                key=lambda rv: rv[0])
])
def test_garbage_query_parameters_get_a_4xx_never_a_500(cliente, ruta, vista):
    """All at once for every role that reaches the view's code (and for one it refuses: its refusal must
    not crash either), then one at a time (an early 400 on one must not hide another). For a list, all at
    once means all it declares: an undeclared one is refused before any is read (core.api.filtros)."""
    clientes = [cliente(rol) for rol in Rol.values]
    for api in clientes:
        api.raise_request_exception = False
    lectores = [api for api in clientes if api.get(ruta).status_code not in (401, 403)]
    rechazado = next((api for api in clientes if api not in lectores), None)
    parametros = _parametros_a_probar(vista)
    for valor in BASURA_QUERY:
        for api in [*lectores, *([rechazado] if rechazado else [])]:
            r = api.get(ruta, {p: valor for p in parametros})
            assert r.status_code < 500, (ruta, api.usuario.rol, valor[:40], r.content[:300])
    if not lectores:
        return
    for p in parametros:
        for valor in BASURA_QUERY[:6]:
            r = lectores[0].get(ruta, {p: valor})
            assert r.status_code < 500, (ruta, lectores[0].usuario.rol, p, valor[:40], r.content[:300])


@pytest.mark.django_db
@pytest.mark.parametrize("ruta", [
    "/api/v1/certificados/%00/", "/api/v1/verificar/A%00B/", "/verificar/%00/", "/api/v1/zarpes/?capitania=%00",
    "/fronteras/asignaciones/nueva/?municipio=%00", "/zarpes/naves/?q=a%00b", "/beneficiarios/?q%00=1",
])
def test_a_nul_in_the_path_or_query_is_a_400_in_spanish(cliente, client, crear_usuario, ruta):
    client.force_login(crear_usuario(Rol.UPME_ANALISTA))
    api = cliente(Rol.UPME_ANALISTA)
    for c in (api, client):
        c.raise_request_exception = False
    r = (api if ruta.startswith("/api/") else client).get(ruta)
    assert r.status_code == 400
    texto = r.json()["detalle"] if ruta.startswith("/api/") else r.content.decode()
    assert "carácter nulo" in texto


@pytest.mark.django_db
def test_a_nul_in_a_form_field_is_a_400_and_nothing_is_written(client, crear_usuario):
    from core.models import Capitania

    client.force_login(crear_usuario(Rol.UPME_ANALISTA))
    client.raise_request_exception = False
    r = client.post("/solicitudes/nueva/", {"q": "Doña\x00Lucía"})
    assert r.status_code == 400 and "carácter nulo" in r.content.decode()
    antes = Capitania.objects.count()
    assert client.post("/capitanias/", {"codigo": "CP\x0099", "nombre": "X"}).status_code == 400
    assert Capitania.objects.count() == antes


@pytest.mark.django_db
def test_the_fuzzers_superscript_two_is_a_400_naming_the_field_not_a_500(cliente):
    """The request the fuzzer found: "²".isdigit() is True but int("²") fails. Digits are ASCII only
    (core.comun.numeros.entero), and a filter that is not a whole number is a 400 naming it, not ignored."""
    api = cliente(Rol.ADMINISTRADOR)
    api.raise_request_exception = False
    r = api.get("/api/v1/cupos/?beneficiario=%C2%B2&anio=true")
    assert r.status_code == 400, r.content[:300]
    assert set(r.json()) == {"beneficiario", "anio"}
    assert "número entero" in r.json()["beneficiario"][0]
    for consulta in ("anio=%D9%A2%D9%A0%D9%A2%D9%A6", "anio=2026", "beneficiario=1"):  # Arabic-Indic "٢٠٢٦" too
        r = api.get(f"/api/v1/cupos/?{consulta}")
        assert r.status_code == (400 if "%" in consulta else 200), (consulta, r.content[:300])
    assert api.get("/api/v1/resoluciones/?anio=%C2%B2").status_code == 400
