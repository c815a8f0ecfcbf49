"""Every error under /api/ is JSON {"codigo", "detalle"}, never Django's HTML error page.

Validation errors keep DRF's field → messages map (API.md); everything else a client can get
back (unknown path, wrong method, wrong media type, unreadable body, no token, throttled, a
crash) has a stable code and a Spanish detail. Pages keep their HTML.
"""

import pytest
from rest_framework.throttling import SimpleRateThrottle

from core.identidad.roles import Rol


def _error(r, estado: int, codigo: str) -> dict:
    assert r.status_code == estado, r.content[:300]
    assert r["Content-Type"].startswith("application/json"), r["Content-Type"]
    cuerpo = r.json()
    assert set(cuerpo) == {"codigo", "detalle"}, cuerpo
    assert cuerpo["codigo"] == codigo and cuerpo["detalle"], cuerpo
    return cuerpo


@pytest.fixture
def analista(cliente):
    api = cliente(Rol.UPME_ANALISTA)
    api.raise_request_exception = False  # a crash must show as the response production gives
    return api


@pytest.mark.django_db
@pytest.mark.parametrize("ruta", ["/api/v1/no-existe/", "/api/no-existe", "/api/v1/cupos/1/no-existe/"])
def test_an_unknown_api_path_is_a_json_404(analista, ruta):
    _error(analista.get(ruta), 404, "no_encontrado")


@pytest.mark.django_db
def test_an_unknown_page_is_still_the_html_404(client):
    r = client.get("/no-existe/")
    assert r.status_code == 404 and "Página no encontrada" in r.content.decode()


@pytest.mark.django_db
def test_an_object_outside_the_api_is_a_json_404_in_the_same_shape(analista):
    _error(analista.get("/api/v1/cupos/999999/"), 404, "no_encontrado")


@pytest.mark.django_db
def test_a_wrong_method_is_a_json_405(analista):
    cuerpo = _error(analista.delete("/api/v1/capitanias/"), 405, "metodo_no_permitido")
    assert "DELETE" in cuerpo["detalle"]


@pytest.mark.django_db
def test_an_unsupported_media_type_is_a_json_415(analista):
    r = analista.post("/api/v1/capitanias/", "codigo=CP99", content_type="text/plain")
    assert "text/plain" in _error(r, 415, "tipo_no_soportado")["detalle"]


@pytest.mark.django_db
def test_a_body_that_is_not_json_is_a_json_400(analista):
    r = analista.post("/api/v1/capitanias/", '{"codigo": "CP99",', content_type="application/json")
    _error(r, 400, "solicitud_mal_formada")


@pytest.mark.django_db
def test_validation_errors_keep_the_field_map_of_api_md(analista):
    r = analista.post("/api/v1/capitanias/", {}, format="json")
    assert r.status_code == 400 and "codigo" in r.json() and isinstance(r.json()["codigo"], list)


@pytest.mark.django_db
def test_no_token_is_a_json_401_and_a_bad_one_too(api):
    _error(api.get("/api/v1/cupos/"), 401, "no_autenticado")
    api.credentials(HTTP_AUTHORIZATION="Token no-existe")
    _error(api.get("/api/v1/cupos/"), 401, "no_autenticado")


@pytest.mark.django_db
def test_a_role_that_may_not_is_a_json_403(cliente):
    api = cliente(Rol.BENEFICIARIO)
    _error(api.post("/api/v1/capitanias/", {"codigo": "CP99", "nombre": "X"}, format="json"), 403, "permiso_denegado")


@pytest.mark.django_db
def test_throttling_is_a_json_429_with_retry_after(api, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"verificacion": "2/min"})
    for _ in range(2):
        assert api.get("/api/v1/verificar/NOEXISTE/").status_code == 404
    r = api.get("/api/v1/verificar/NOEXISTE/")
    _error(r, 429, "demasiadas_solicitudes")
    assert int(r["Retry-After"]) > 0


@pytest.mark.django_db
def test_an_unhandled_exception_is_a_json_500(analista, monkeypatch):
    from core.api import apis

    def falla(**kwargs):
        raise RuntimeError("simulated crash")

    monkeypatch.setattr(apis.selectors, "capitania_list", falla)
    cuerpo = _error(analista.get("/api/v1/capitanias/"), 500, "error_interno")
    assert "simulated" not in cuerpo["detalle"]  # nothing of the exception leaks


@pytest.mark.django_db
def test_a_request_django_refuses_is_a_json_400(analista):
    """A Host header outside ALLOWED_HOSTS never reaches a view: Django's own 400, here as JSON."""
    _error(analista.get("/api/v1/cupos/", HTTP_HOST="atacante.example"), 400, "solicitud_mal_formada")


@pytest.mark.django_db
def test_an_unhandled_exception_on_a_page_is_still_the_html_500(client, crear_usuario, monkeypatch):
    from core.web.views import paginas

    client.raise_request_exception = False
    client.force_login(crear_usuario(Rol.UPME_ANALISTA))

    def falla(*args, **kwargs):
        raise RuntimeError("simulated crash")

    monkeypatch.setattr(paginas, "render", falla)
    r = client.get("/capitanias/")
    assert r.status_code == 500 and not r["Content-Type"].startswith("application/json")


@pytest.mark.django_db
def test_with_debug_on_make_run_answers_json_too(analista, settings, monkeypatch):
    """`make run` has DEBUG on: Django's technical 404 and 500 pages would replace the error pages."""
    from core.api import apis

    settings.DEBUG = True
    _error(analista.get("/api/v1/no-existe/"), 404, "no_encontrado")

    def falla(**kwargs):
        raise RuntimeError("simulated crash")

    monkeypatch.setattr(apis.selectors, "capitania_list", falla)
    _error(analista.get("/api/v1/capitanias/"), 500, "error_interno")
