"""API.md "Conventions" that every endpoint shares: JSON bodies only (multipart only to upload a file),
text that is never "None"/"null", and lists that refuse a filter they do not know."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from core.api.apis import ListaApi
from core.identidad.roles import Rol
from cupos.tests.factories import NaveFactory

VISTAS_DE_SUBIDA = {
    "ReporteListApi", "ResolucionLineasXlsxApi", "SobordoApi", "ConocimientoArchivoApi", "DocumentoApi",
    "ActoEscaneoApi",  # the scan of a transcribed paper act
}  # fmt: skip


def rutas_api():
    """(route, view class) of every DRF view mounted under /api/."""

    def recorrer(patrones, prefijo=""):
        for patron in patrones:
            if isinstance(patron, URLResolver):
                yield from recorrer(patron.url_patterns, prefijo + str(patron.pattern))
            elif isinstance(patron, URLPattern) and getattr(patron.callback, "cls", None) is not None:
                yield prefijo + str(patron.pattern), patron.callback.cls

    return [(r, c) for r, c in recorrer(get_resolver().url_patterns) if r.startswith("api/")]


def url_de(ruta: str) -> str:
    """A concrete URL for a route: every <int:x> is an id that does not exist."""
    import re

    return "/" + re.sub(r"<(?:int:)?\w+>", "999999", ruta)


LISTAS = sorted({(r, c) for r, c in rutas_api() if issubclass(c, ListaApi)}, key=lambda rc: rc[0])


def test_lists_are_found_in_the_url_conf():
    assert len(LISTAS) > 30, "the URL conf walk lost the lists"


@pytest.mark.django_db
@pytest.mark.parametrize(("ruta", "vista"), LISTAS, ids=[r for r, _ in LISTAS])
def test_a_list_refuses_an_unknown_filter_naming_it(cliente, ruta, vista):
    api = cliente(Rol.ADMINISTRADOR)
    r = api.get(url_de(ruta), {"matriclua": "CP-05-1234"})
    assert r.status_code == 400, r.content
    assert r.json()["codigo"] == "filtro_desconocido"
    assert "matriclua" in r.json()["detalle"]


@pytest.mark.django_db
@pytest.mark.parametrize(("ruta", "vista"), [(r, c) for r, c in LISTAS if "<" not in r], ids=lambda x: str(x))
def test_a_list_takes_its_declared_filters_and_the_paginators(cliente, ruta, vista):
    """Every declared filter (blank), page, page_size and format are known; and the list reads no
    parameter it did not declare (ParametrosDeclarados would fail the request)."""
    api = cliente(Rol.ADMINISTRADOR)
    declarados = {p.name: "" for p in vista.parametros or []}
    r = api.get(url_de(ruta), {**declarados, "page": "1", "page_size": "5", "format": "json"})
    assert r.status_code == 200, r.content
    assert set(r.json()) == {"count", "next", "previous", "results"}


@pytest.mark.django_db
def test_a_misspelt_filter_never_answers_the_whole_list(cliente):
    NaveFactory(matricula="CP-05-1234")
    NaveFactory(matricula="CP-05-9999")
    api = cliente(Rol.UPME_ANALISTA)
    assert api.get("/api/v1/beneficiarios/", {"matricula": "CP-05-1234"}).json()["count"] == 1
    assert api.get("/api/v1/beneficiarios/", {"matricula_": "CP-05-1234"}).status_code == 400


@pytest.mark.django_db
def test_bodies_are_json_only(cliente):
    api = cliente(Rol.UPME_ANALISTA)
    r = api.post("/api/v1/capitanias/", {"codigo": "CP99", "nombre": "Capitanía de prueba"}, format="multipart")
    assert r.status_code == 415 and r.json()["codigo"] == "tipo_no_soportado"
    r = api.post("/api/v1/capitanias/", "codigo=CP99&nombre=Prueba", content_type="application/x-www-form-urlencoded")
    assert r.status_code == 415
    assert api.post("/api/v1/capitanias/", {"codigo": "CP99", "nombre": "Capitanía de prueba"}).status_code == 201


def test_only_upload_views_take_multipart_and_nothing_takes_forms():
    from rest_framework.parsers import JSONParser, MultiPartParser

    for ruta, vista in rutas_api():
        parsers = list(vista.parser_classes)
        if vista.__name__ in VISTAS_DE_SUBIDA:
            assert parsers == [MultiPartParser], ruta
        else:
            assert parsers == [JSONParser], (ruta, parsers)


def test_the_schema_advertises_json_bodies_and_multipart_uploads_only():
    from drf_spectacular.generators import SchemaGenerator

    esquema = SchemaGenerator().get_schema(request=None, public=True)
    tipos = {}
    for ruta, operaciones in esquema["paths"].items():
        for metodo, operacion in operaciones.items():
            if "requestBody" in operacion:
                tipos[(metodo, ruta)] = list(operacion["requestBody"]["content"])
    subidas = [k for k, v in tipos.items() if v == ["multipart/form-data"]]
    assert len(subidas) == len(VISTAS_DE_SUBIDA)
    assert all(v in (["application/json"], ["multipart/form-data"]) for v in tipos.values()), tipos


@pytest.mark.django_db
@pytest.mark.parametrize("texto", ["None", "null", "NULL", " none "])
def test_a_text_field_never_takes_none_or_null(cliente, texto):
    api = cliente(Rol.UPME_ANALISTA)
    r = api.post("/api/v1/capitanias/", {"codigo": "CP99", "nombre": texto})
    assert r.status_code == 400 and list(r.json()) == ["nombre"]
    assert "null" in r.json()["nombre"][0]


@pytest.mark.django_db
def test_a_zarpe_with_certificado_anterior_as_text_none_is_a_400_not_a_wrong_certificate(cliente):
    nave = NaveFactory()
    api = cliente(Rol.CAPITANIA_OFICIAL, capitania=nave.capitania)
    cuerpo = {"nave": nave.pk, "capitania": nave.capitania.codigo, "fecha": "2026-03-02", "galones_solicitados": 10}
    r = api.post("/api/v1/zarpes/", {**cuerpo, "certificado_anterior": "None"})
    assert r.status_code == 400 and "certificado_anterior" in r.json()


@pytest.mark.django_db
def test_a_password_is_taken_as_typed_even_none(api, crear_usuario):
    usuario = crear_usuario(Rol.AUDITOR)
    usuario.set_password("None")
    usuario.save()
    r = api.post("/api/v1/auth/token/", {"username": usuario.username, "password": "None"})
    assert r.status_code == 200 and r.json()["token"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "fallo",
    ["kombu", "redis"],
)
def test_an_unreachable_broker_or_cache_is_a_503_with_retry_after(cliente, monkeypatch, fallo):
    import kombu.exceptions
    import redis.exceptions

    error = {
        "kombu": kombu.exceptions.OperationalError("Error 111 connecting to redis:6379. Connection refused."),
        "redis": redis.exceptions.ConnectionError("Error 111 connecting to redis:6379."),
    }[fallo]

    def caida(**kwargs):
        raise error

    monkeypatch.setattr("core.selectors.capitania_list", caida)
    r = cliente(Rol.UPME_ANALISTA).get("/api/v1/capitanias/")
    assert r.status_code == 503 and int(r["Retry-After"]) > 0
    assert r.json()["codigo"] == "servicio_no_disponible" and "cola de trabajos" in r.json()["detalle"]


@pytest.mark.django_db
def test_a_write_refused_by_a_standby_is_a_503_with_retry_after(cliente, monkeypatch):
    """Issue 42: during a failover the old primary restarts read-only and a connection may reach it before
    HAProxy marks it down; PostgreSQL's refusal (SQLSTATE 25006) is transient, a 503, never a 500."""
    from django.db import InternalError, connection, transaction

    from core.models import Capitania
    from core.web.middleware import base_no_disponible

    Capitania.objects.create(codigo="CP99", nombre="Capitanía de prueba")
    with pytest.raises(InternalError) as refusal, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL transaction_read_only = on")
        cursor.execute("UPDATE core_capitania SET nombre = nombre")
    assert base_no_disponible(refusal.value)
    with pytest.raises(InternalError) as otro, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.execute("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE")  # 25001: too late in the transaction
    assert not base_no_disponible(otro.value)  # another InternalError is still a bug, a 500

    def rechazo(**kwargs):
        raise refusal.value

    monkeypatch.setattr("core.selectors.capitania_list", rechazo)
    r = cliente(Rol.UPME_ANALISTA).get("/api/v1/capitanias/")
    assert r.status_code == 503 and int(r["Retry-After"]) > 0
    assert r.json()["codigo"] == "servicio_no_disponible"


def test_every_error_under_api_has_codigo_and_detalle(cliente, api):
    """Validation errors keep DRF's field map (API.md); every other error is {codigo, detalle}."""
    analista = cliente(Rol.UPME_ANALISTA)
    respuestas = [
        api.get("/api/v1/capitanias/"),  # 401
        cliente(Rol.BENEFICIARIO).post("/api/v1/capitanias/", {"codigo": "X", "nombre": "Y"}),  # 403
        analista.get("/api/v1/beneficiarios/999999/"),  # 404
        analista.get("/api/v1/no-existe/"),  # 404, no view
        analista.delete("/api/v1/capitanias/"),  # 405
        analista.post("/api/v1/capitanias/", "codigo=X", content_type="text/plain"),  # 415
        analista.post("/api/v1/capitanias/", "{no es json", content_type="application/json"),  # 400
        analista.get("/api/v1/capitanias/", {"q": "x", "orden": "nombre"}),  # 400 filtro_desconocido
    ]
    for r in respuestas:
        assert r.status_code >= 400 and set(r.json()) >= {"codigo", "detalle"}, (r.status_code, r.content)


@pytest.mark.django_db
def test_a_bad_query_value_parsed_outside_a_serializer_is_codigo_and_detalle(api):
    r = api.get("/api/v1/fronteras/transparencia/", {"periodo": "2026-13"})
    assert r.status_code == 400
    assert r.json()["codigo"] == "datos_invalidos" and "AAAA-MM" in r.json()["detalle"]
