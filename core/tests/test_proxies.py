"""Rate limits that hold behind the documented proxy: one PROXIES_CONFIABLES for DRF, axes and the
verification page, tested through a simulated proxy (REMOTE_ADDR of the proxy + X-Forwarded-For)."""

import pytest
from django.test import RequestFactory
from rest_framework.test import APIClient

from core.identidad.roles import Rol
from core.plataforma.red import ip_cliente

PROXY = "10.0.0.2"
URL_TOKEN = "/api/v1/auth/token/"


def _peticion(remota: str, reenviada: str | None = None):
    extra = {"REMOTE_ADDR": remota}
    if reenviada is not None:
        extra["HTTP_X_FORWARDED_FOR"] = reenviada
    return RequestFactory().get("/", **extra)


def test_sin_proxies_se_ignora_x_forwarded_for(settings):
    settings.PROXIES_CONFIABLES = 0
    assert ip_cliente(_peticion("203.0.113.9", "198.51.100.1")) == "203.0.113.9"


def test_con_un_proxy_el_cliente_es_la_ultima_direccion_que_no_escribio_el_proxy(settings):
    settings.PROXIES_CONFIABLES = 1
    # The client wrote "1.1.1.1" itself; the proxy appended the address it saw.
    assert ip_cliente(_peticion(PROXY, "1.1.1.1, 203.0.113.9")) == "203.0.113.9"
    assert ip_cliente(_peticion(PROXY, "203.0.113.9")) == "203.0.113.9"
    assert ip_cliente(_peticion(PROXY)) == PROXY


def test_con_dos_proxies(settings):
    settings.PROXIES_CONFIABLES = 2
    assert ip_cliente(_peticion(PROXY, "6.6.6.6, 203.0.113.9, 10.0.0.1")) == "203.0.113.9"


def test_una_direccion_invalida_no_rompe_nada(settings):
    settings.PROXIES_CONFIABLES = 1
    assert ip_cliente(_peticion(PROXY, "no-es-una-ip")) == PROXY


def _verificar(client_o_api, url: str, remota: str, reenviada: str):
    return client_o_api.get(url, REMOTE_ADDR=remota, HTTP_X_FORWARDED_FOR=reenviada)


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/v1/verificar/AAAA-BBBB/", "/verificar/AAAA-BBBB/"])
def test_rotar_x_forwarded_for_no_evade_el_limite_sin_proxy(url, settings, client, monkeypatch):
    settings.PROXIES_CONFIABLES = 0
    _limite(monkeypatch, "3/min")
    codigos = [_verificar(client, url, "203.0.113.9", f"198.51.100.{i}").status_code for i in range(5)]
    assert codigos[:3] == [404, 404, 404]
    assert codigos[3:] == [429, 429]


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/v1/verificar/AAAA-BBBB/", "/verificar/AAAA-BBBB/"])
def test_detras_del_proxy_cada_cliente_tiene_su_limite(url, settings, client, monkeypatch):
    settings.PROXIES_CONFIABLES = 1
    _limite(monkeypatch, "3/min")
    # One client rotating the part of the header it controls: still one client.
    codigos = [_verificar(client, url, PROXY, f"198.51.100.{i}, 203.0.113.9").status_code for i in range(4)]
    assert codigos == [404, 404, 404, 429]
    # Another client behind the same proxy is not affected.
    assert _verificar(client, url, PROXY, "203.0.113.77").status_code == 404


@pytest.mark.django_db
def test_la_pagina_limitada_responde_en_espanol_con_retry_after(settings, client, monkeypatch):
    _limite(monkeypatch, "1/min")
    client.get("/verificar/AAAA-BBBB/")
    r = client.get("/verificar/AAAA-BBBB/")
    assert r.status_code == 429
    assert int(r["Retry-After"]) >= 1
    assert "demasiadas consultas" in r.content.decode()


def _limite(monkeypatch, tasa: str):
    from rest_framework.throttling import SimpleRateThrottle

    tasas = {"verificacion": tasa, "verificacion_pagina": tasa}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", tasas)


@pytest.fixture
def tras_el_proxy(settings, crear_usuario):
    """The documented proxy in front, the real user "legitima", and API clients behind the proxy by address."""
    settings.PROXIES_CONFIABLES = 1
    crear_usuario(Rol.AUDITOR, username="legitima")
    return lambda cliente: APIClient(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=cliente)


def _pedir_token(api, username="legitima", password="Clave.Segura.2026") -> int:
    """The status of asking for a token: the real user with the right password unless told otherwise."""
    return api.post(URL_TOKEN, {"username": username, "password": password}, format="json").status_code


@pytest.mark.django_db
def test_r_axes_bloquea_una_ip_que_prueba_muchos_usuarios(settings, tras_el_proxy):
    """30 usernames in a row from one client behind the proxy: the client gets locked out."""
    settings.AXES_FAILURE_LIMIT_IP = 20
    api = tras_el_proxy("203.0.113.9")
    codigos = [_pedir_token(api, f"usuario{i}", "adivinada") for i in range(30)]
    assert 429 in codigos
    assert codigos.index(429) <= 20
    # Locked out: even the right password of a real user, from that client.
    assert _pedir_token(api) == 429
    # Another client behind the same proxy still logs in.
    assert _pedir_token(tras_el_proxy("203.0.113.77")) == 200


@pytest.mark.django_db
def test_axes_cuenta_por_el_cliente_no_por_el_proxy(settings, tras_el_proxy):
    """Behind the proxy, one user's failures from one client do not lock that user out for others."""
    settings.AXES_FAILURE_LIMIT = 3
    atacante = tras_el_proxy("203.0.113.9")
    for _ in range(4):
        _pedir_token(atacante, password="mala")
    assert _pedir_token(atacante) == 429
    assert _pedir_token(tras_el_proxy("203.0.113.77")) == 200


@pytest.mark.django_db
def test_pocos_errores_de_varios_usuarios_en_una_oficina_no_la_bloquean(settings, crear_usuario):
    settings.AXES_FAILURE_LIMIT_IP = 20
    crear_usuario(Rol.AUDITOR, username="legitima")
    api = APIClient()
    for i in range(10):
        _pedir_token(api, f"colega{i}", "mala")
    assert _pedir_token(api) == 200


@pytest.mark.django_db
def test_el_formulario_de_ingreso_tambien_bloquea_la_ip(settings, client, crear_usuario):
    settings.AXES_FAILURE_LIMIT_IP = 5
    for i in range(6):
        r = client.post("/ingresar/", {"username": f"usuario{i}", "password": "mala"})
    assert r.status_code == 429


def test_drf_usa_el_mismo_numero_de_proxies(settings):
    assert settings.REST_FRAMEWORK["NUM_PROXIES"] == settings.PROXIES_CONFIABLES
    assert settings.AXES_CLIENT_IP_CALLABLE == "core.plataforma.red.ip_cliente"
