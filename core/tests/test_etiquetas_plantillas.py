"""The shared template tags: {% tabla %} (a data table in its scrolling region, its empty state and pager) and
{% capturar %} (a rendered text kept for a partial's with)."""

import pytest
from django.core.paginator import Paginator
from django.template import Context, Template, TemplateSyntaxError


def render(texto: str, **contexto) -> str:
    return Template("{% load tabla_desplazable capturar %}" + texto).render(Context(contexto))


def test_tabla_en_su_region_desplazable():
    html = render('{% tabla "caption-x" clase="tabla--ancha" %}<caption id="caption-x">X</caption>{% endtabla %}')
    assert html == (
        '<div class="desplazable" role="region" aria-labelledby="caption-x" tabindex="0">\n'
        '<table class="tabla tabla--ancha"><caption id="caption-x">X</caption></table>\n</div>'
    )


def test_tabla_sin_rotulo_no_se_desplaza():
    assert render("{% tabla %}<tr><td>1</td></tr>{% endtabla %}") == '<table class="tabla"><tr><td>1</td></tr></table>'


@pytest.mark.parametrize("filas", [[], None, ""])
def test_sin_filas_muestra_su_aviso(filas):
    plantilla = '{% tabla "caption-x" filas=filas %}<tr></tr>{% sinfilas %}<p class="vacio">Nada.</p>{% endtabla %}'
    html = render(plantilla, filas=filas)
    assert html == '<p class="vacio">Nada.</p>'


def test_pagina_escribe_el_paginador_tras_la_tabla():
    pagina = Paginator(list(range(30)), 10).get_page(2)
    pagina.parametro, pagina.consulta = "page", ""
    filas = "{% for n in pagina %}<tr><td>{{ n }}</td></tr>{% endfor %}"
    tabla = '{% tabla "caption-x" pagina=pagina etiqueta="Páginas de x" %}' + filas + "{% endtabla %}"
    html = render(tabla, pagina=pagina)
    assert html.index("<td>10</td>") < html.index('<nav class="paginacion" aria-label="Páginas de x">')
    vacia = Paginator([], 10).get_page(1)
    vacia.parametro, vacia.consulta = "page", ""
    html = render('{% tabla "caption-x" pagina=pagina %}<tr></tr>{% sinfilas %}Nada{% endtabla %}', pagina=vacia)
    assert html.strip() == "Nada"


def test_tabla_rechaza_opciones_desconocidas():
    with pytest.raises(TemplateSyntaxError):
        render('{% tabla "caption-x" filtro=1 %}{% endtabla %}')
    with pytest.raises(TemplateSyntaxError):
        render('{% tabla "caption-x" %}{% sinfilas %}{% endtabla %}')


def test_capturar_guarda_lo_que_escribe():
    html = render('{% capturar texto %}Hola <b>{{ nombre }}</b>{% endcapturar %}[{{ texto }}]', nombre="<Ana>")
    assert html == "[Hola <b>&lt;Ana&gt;</b>]"
