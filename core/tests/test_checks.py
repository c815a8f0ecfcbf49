"""Deploy checks (core.plataforma.checks): a secret key must be unpredictable, not only long (portal.E001), and a
public address on a private network is warned about (portal.W001). Issue 27."""

import secrets

import pytest
from django.core.management.utils import get_random_secret_key

from core.plataforma.checks import bits_por_caracter, clave_secreta, exigir_despliegue_seguro, url_publica


def _ids(mensajes) -> list[str]:
    return [m.id for m in mensajes]


@pytest.mark.parametrize(
    "clave",
    [
        "abcde" * 10,  # the outside probe's key: 50 characters, 5 distinct
        "abcdefghijklmnop" * 4,  # 16 distinct, 4 bits each, but a piece repeated
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN0123456789abcdefghijklmnopqrstuvwxyz",  # repeated sequence
        "a" * 45 + "bcdefghijklm",  # 13 distinct, almost all one letter
    ],
)
def test_una_clave_larga_pero_predecible_es_rechazada(settings, clave):
    settings.SECRET_KEY = clave
    assert len(clave) >= 50
    assert _ids(clave_secreta()) == ["portal.E001"]
    assert "predecible" in clave_secreta()[0].msg


@pytest.mark.parametrize(
    "generar", [get_random_secret_key, lambda: secrets.token_urlsafe(50), lambda: secrets.token_hex(32)]
)
def test_las_claves_generadas_pasan(settings, generar):
    for _ in range(200):  # generated keys vary: none of 200 may be refused
        settings.SECRET_KEY = generar()
        assert clave_secreta() == [], settings.SECRET_KEY


def test_bits_por_caracter():
    assert bits_por_caracter("abcde" * 10) == pytest.approx(2.3219, abs=1e-3)
    assert bits_por_caracter("aaaa") == 0
    assert bits_por_caracter("") == 0


@pytest.mark.parametrize(
    "url",
    [
        "https://10.0.0.5",
        "https://192.168.1.20:8443/",
        "https://172.16.4.1",
        "https://169.254.10.10",
        "https://100.64.0.1",
        "https://[fd12:3456::1]",
        "https://portal-interno",
        "https://cupos.upme.local",
        "https://cupos.corp",
    ],
)
def test_una_direccion_privada_como_url_publica_es_advertida(settings, url):
    settings.PORTAL_URL_PUBLICA = url
    mensajes = url_publica()
    assert _ids(mensajes) == ["portal.W001"]
    assert not mensajes[0].is_serious()  # a warning: check --deploy names it, the portal still starts


@pytest.mark.parametrize("url", ["https://cupos.upme.gov.co", "https://200.41.10.5", "https://[2001:4860::8888]"])
def test_una_direccion_publica_pasa(settings, url):
    settings.PORTAL_URL_PUBLICA = url
    assert url_publica() == []


def test_la_advertencia_no_impide_arrancar_pero_un_error_si(settings):
    settings.SECRET_KEY = get_random_secret_key()
    settings.PORTAL_URL_PUBLICA = "https://192.168.1.20"
    settings.FIRMA_DEMO = False
    settings.FIRMA_CADENA = ""
    with pytest.raises(Exception) as error:
        exigir_despliegue_seguro()
    assert "portal.E005" in str(error.value) and "portal.W001" not in str(error.value)


def test_los_tiempos_del_servidor_se_advierten_en_produccion(settings):
    from core.plataforma.checks import tiempos_servidor

    settings.TIEMPOS_SERVIDOR = False
    assert tiempos_servidor() == []
    settings.TIEMPOS_SERVIDOR = True
    assert [m.id for m in tiempos_servidor()] == ["portal.W002"]
