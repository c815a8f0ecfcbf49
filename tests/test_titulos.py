"""Issue 26, defect 7: a page's title (the browser tab) is plain text. The importer's home tab read
«Inicio · Importador o exportador <li class="tarjeta">…»: a card pasted into the title block."""

import re
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings

from core.identidad.roles import Rol

BLOQUE_TITULO = re.compile(r"{%\s*block\s+titulo\s*%}(.*?){%\s*endblock", re.DOTALL)
TITULO = re.compile(r"<title>(.*?)</title>", re.DOTALL)


def plantillas():
    for carpeta in settings.TEMPLATES[0]["DIRS"]:
        yield from sorted(Path(carpeta).rglob("*.html"))


def test_ningun_bloque_de_titulo_lleva_html():
    malos = [
        f"{ruta}: {m.group(1).strip()[:120]}"
        for ruta in plantillas()
        for m in BLOQUE_TITULO.finditer(ruta.read_text())
        if "<" in m.group(1)
    ]
    assert not malos, "\n".join(malos)


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [r for r in Rol.values if r != Rol.INTEGRACION])  # a system: no page
def test_el_titulo_de_cada_inicio_es_texto(entrar, rol):
    r = entrar(rol).get("/", follow=True)
    titulo = unescape(TITULO.search(r.content.decode()).group(1))
    assert "<" not in titulo and "tarjeta" not in titulo, titulo
    assert titulo.startswith("Inicio"), titulo
