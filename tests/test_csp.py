"""Content-Security-Policy (django-csp): every page carries it, and no template needs an exception.

Scripts and styles come only from the portal's own files ('self'): no inline <script> with code, no
on*="…" handler, no javascript: URL, no <style> block or style="…" attribute in a page template. The
PDF templates are rendered by WeasyPrint, never served as pages, and may keep their <style>.
"""

import re
from pathlib import Path

import pytest

from core.identidad.roles import Rol

PLANTILLAS = Path(__file__).resolve().parents[1] / "templates"
SCRIPT = re.compile(r"<script\b(?P<attrs>[^>]*)>(?P<cuerpo>.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
MANEJADOR = re.compile(r"<[a-zA-Z][^>]*\son[a-z]+\s*=", re.DOTALL)
ESTILO = re.compile(r"<style\b|\sstyle\s*=", re.IGNORECASE)
DATOS = ("application/json", "application/ld+json")


def problemas_csp(html: str, *, con_estilos: bool = True) -> list[str]:
    encontrados = []
    for m in SCRIPT.finditer(html):
        attrs, cuerpo = m.group("attrs"), m.group("cuerpo").strip()
        es_datos = any(t in attrs.lower() for t in DATOS)
        if cuerpo and not es_datos:
            encontrados.append(f"<script> en línea: {cuerpo[:60]!r}")
    encontrados += [f"manejador on*: {m.group(0)[-40:]!r}" for m in MANEJADOR.finditer(html)]
    if "javascript:" in html.lower():
        encontrados.append("URL javascript:")
    if con_estilos:
        encontrados += [f"estilo en línea: {m.group(0)!r}" for m in ESTILO.finditer(html)]
    return encontrados


def test_el_detector_encuentra_lo_que_la_politica_bloquearia():
    assert problemas_csp("<script>alert(1)</script>")
    assert problemas_csp('<button onclick="x()">')
    assert problemas_csp('<p style="color:red">')
    assert not problemas_csp('<script src="/static/js/zarpes.js" defer></script>')
    assert not problemas_csp('<script id="d" type="application/json">{"a": 1}</script>')


def test_ninguna_plantilla_tiene_codigo_o_estilos_en_linea():
    hallazgos = {}
    for plantilla in sorted(PLANTILLAS.rglob("*.html")):
        relativa = plantilla.relative_to(PLANTILLAS)
        es_pdf = "pdf" in relativa.parts
        encontrados = problemas_csp(plantilla.read_text(encoding="utf-8"), con_estilos=not es_pdf)
        if encontrados:
            hallazgos[str(relativa)] = encontrados
    assert hallazgos == {}


def _politica(respuesta) -> dict[str, list[str]]:
    cabecera = respuesta.headers.get("Content-Security-Policy", "")
    directivas = [d.strip().split() for d in cabecera.split(";") if d.strip()]
    return {d[0]: d[1:] for d in directivas}


def _assert_politica_estricta(respuesta):
    politica = _politica(respuesta)
    assert politica.get("default-src") == ["'self'"], respuesta.headers.get("Content-Security-Policy")
    assert politica.get("script-src") == ["'self'"]
    assert politica.get("style-src") == ["'self'"]
    assert politica.get("object-src") == ["'none'"]
    assert politica.get("frame-ancestors") == ["'none'"]


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/ingresar/", "/verificar/NO-EXISTE/"])
def test_paginas_publicas_llevan_la_politica(client, url):
    _assert_politica_estricta(client.get(url))


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [Rol.CAPITANIA_OFICIAL, Rol.DISTRIBUIDOR, Rol.UPME_ANALISTA])
def test_paginas_con_sesion_llevan_la_politica(entrar, rol):
    web = entrar(rol)
    r = web.get("/")
    assert r.status_code == 200
    _assert_politica_estricta(r)
    assert problemas_csp(r.content.decode(), con_estilos=True) == []


@pytest.mark.django_db
def test_la_documentacion_de_la_api_lleva_la_misma_politica(entrar):
    r = entrar(Rol.AUDITOR).get("/api/docs/")
    assert r.status_code == 200
    _assert_politica_estricta(r)
    assert problemas_csp(r.content.decode()) == []


@pytest.mark.django_db
def test_issue45_un_formulario_rechazado_por_csrf_responde_en_espanol_sin_estilos_en_linea(crear_usuario):
    """A form posted from a page opened before the session changed: Django's own 403 page is English with a
    <style> block the policy refuses (the «5 CSP errors on /zarpes/» of issue 45); the portal's is neither."""
    from django.test import Client

    from core.identidad.roles import Rol as R

    navegador = Client(enforce_csrf_checks=True)
    navegador.force_login(crear_usuario(R.UPME_ANALISTA))
    r = navegador.post("/zarpes/expedir/", {"nave": "1"})
    html = r.content.decode()
    assert r.status_code == 403 and "No se pudo enviar el formulario" in html and "No se guardó nada" in html
    assert problemas_csp(html) == [] and "CSRF verification failed" not in html and 'lang="es-CO"' in html
    assert "Content-Security-Policy" in r.headers
