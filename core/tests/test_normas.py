"""Issue 26, defect 10: rule codes stay out of the sentences a page shows; they stand apart as «Norma: R-12»."""

import re
from pathlib import Path

import pytest
from django.template import Context, Template

from core.comun.normas import normas, sin_norma


@pytest.mark.parametrize(
    ("texto", "limpio", "codigos"),
    [
        ("Causa justificada registrada (R-04).", "Causa justificada registrada.", "R-04"),
        ("Faltan requisitos (R-03): RUT; cámara.", "Faltan requisitos: RUT; cámara.", "R-03"),
        ("R-12: por cancelación de la matrícula.", "Por cancelación de la matrícula.", "R-12"),
        ("Vence el plazo (R-17 y R-19).", "Vence el plazo.", "R-17, R-19"),
        ("R-01/R-02: datos de la nave.", "Datos de la nave.", "R-01, R-02"),
        ("Sin códigos.", "Sin códigos.", ""),
        (
            "No recibe cupo en 2026 (solicitud rechazada o sin causa justificada, R-04).",
            "No recibe cupo en 2026 (solicitud rechazada o sin causa justificada).",
            "R-04",
        ),
        ("Vence el 14 (décimo día hábil, R-20 y R-21).", "Vence el 14 (décimo día hábil).", "R-20, R-21"),
        # Issue 45: a name that ends in its own period closes the sentence with one, not «S.A.S..».
        ("Venta a nombre de Petromar S.A.S.. Después (R-23).", "Venta a nombre de Petromar S.A.S. Después.", "R-23"),
        ("Se guardó la línea de Acuícola S.A.S. (R-05).", "Se guardó la línea de Acuícola S.A.S.", "R-05"),
        ("Espere...", "Espere...", ""),
    ],
)
def test_sin_norma_y_normas(texto, limpio, codigos):
    assert sin_norma(texto) == limpio and normas(texto) == codigos


def test_un_mensaje_muestra_la_norma_aparte():
    html = Template("{% load normas %}<p>{{ m|sin_norma }}{% norma m %}</p>").render(
        Context({"m": "No hay una regla de acumulación vigente para este beneficiario (R-10)."})
    )
    assert html == (
        '<p>No hay una regla de acumulación vigente para este beneficiario. <span class="norma">Norma: R-10</span></p>'
    )


@pytest.mark.django_db
def test_la_ficha_del_beneficiario_no_pone_codigos_en_las_frases(entrar, analista):
    """«R-12: por cancelación…» opened the card's sentence; «(oficio (fecha de la firmeza))» doubled brackets."""
    import datetime as dt
    from decimal import Decimal

    from cupos.models import Cupo
    from cupos.services.cupos import cupo_declare_firm, cupo_grant
    from cupos.tests.factories import NaveFactory, ResolucionFactory

    nave = NaveFactory(nombre="Doña Lucía")
    resolucion = ResolucionFactory(anio=2026, numero="000123", fecha_expedicion=dt.date(2026, 2, 24))
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("24000"))
    cupo = cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=dt.date(2026, 3, 17))
    Cupo.objects.filter(pk=cupo.pk).update(
        fecha_comunicacion=dt.date(2026, 3, 17), comunicacion_origen=Cupo.Comunicacion.OFICIO
    )
    html = entrar(analista).get(f"/beneficiarios/{nave.id}/").content.decode()
    assert "R-12:" not in html and "<p>Por cancelación de la matrícula" in html
    assert '<span class="norma">Norma: R-12</span>' in html
    assert "(por oficio, en la fecha de la firmeza)" in html and "(oficio (fecha de la firmeza))" not in html


def test_un_texto_seguro_sigue_siendo_seguro():
    from django.utils.safestring import mark_safe

    html = Template("{% load normas %}{{ t|sin_norma }}").render(
        Context({"t": mark_safe('Columnas: <code class="columna">fecha</code> (R-20).')})
    )
    assert html == 'Columnas: <code class="columna">fecha</code>.'


def test_sin_texto_no_muestra_nada():
    html = Template("{% load normas %}<p>{{ t|sin_norma }}{% norma t %}</p>").render(Context({"t": None}))
    assert html == "<p></p>"


# --- No rule code in a page's sentences: the templates, and the crawler's rule ---------------------------

PLANTILLAS = Path(__file__).resolve().parents[2] / "templates"
# The page about the rules names each one by its code (docs/decisiones.md, served at /decisiones/).
SOBRE_LAS_NORMAS = {"core/decisiones.html"}
# What a person does not read as a sentence: comments, the «Norma» note and the link to the rule's reading
# (whose code is only the tag's argument), and the rule handed to an include to show apart.
APARTE = re.compile(
    r"{% comment %}.*?{% endcomment %}|{#.*?#}"
    r"""|{% (?:norma|decision)(?: +"[^"]*"| +[^ "%]+)* *%}"""
    r'|\b(?:regla|norma_general)="[^"]*"',
    re.DOTALL,
)


def codigos_en_frases(fuente: str) -> list[str]:
    from tests.crawler import CODIGO_DE_NORMA

    return re.findall(CODIGO_DE_NORMA, APARTE.sub("", fuente))


def test_el_escaneo_encuentra_un_codigo_en_una_frase():
    assert codigos_en_frases("<p>Inicia cuando Dimar acuse la comunicación (R-06).</p>") == ["R-06"]
    assert codigos_en_frases("<h2>Plazo (F-04)</h2>{# R-01 #}") == ["F-04"]
    assert codigos_en_frases('<p>Inicia cuando Dimar acuse la comunicación.{% norma "R-06" %}</p>') == []
    assert codigos_en_frases('{% decision "F-04" "El adicional del 50 %" %} (F-05)') == ["F-05"]
    assert codigos_en_frases("<td>MC-05-0777</td>") == []  # a matrícula


def test_ninguna_plantilla_pone_un_codigo_de_norma_en_una_frase():
    """Issue 26, defect 10: «inicia cuando … (R-06)» → «inicia cuando …» and «Norma: R-06» apart."""
    hallados = {}
    for ruta in sorted(PLANTILLAS.rglob("*.html")):
        nombre = ruta.relative_to(PLANTILLAS).as_posix()
        if nombre in SOBRE_LAS_NORMAS:
            continue
        if codigos := codigos_en_frases(ruta.read_text(encoding="utf-8")):
            hallados[nombre] = codigos
    assert len(list(PLANTILLAS.rglob("*.html"))) > 100
    assert hallados == {}


def test_el_rastreador_ve_el_codigo_en_la_frase_y_no_en_la_nota():
    from tests.crawler import hallazgos, leer, patrones_de

    def codigos(html, url="/beneficiarios/1/"):
        return [h for tipo, h, _ in hallazgos(leer(html).texto(), patrones_de(url)) if tipo == "código de norma"]

    assert codigos("<p>Inicia cuando Dimar acuse la comunicación (R-06).</p>") == ["(R-06)"]
    assert codigos("<li>Sobordo de Pacífico (Barranquilla, C-08)</li>") == ["(Barranquilla, C-08)"]
    assert codigos("<p>R-12: por cancelación de la matrícula.</p>") == ["R-12:"]
    assert codigos("<th>Adicional F-04 (gal/mes)</th>") == ["F-04"]
    assert codigos('<p>Inicia cuando Dimar acuse la comunicación. <span class="norma">Norma: R-06</span></p>') == []
    assert codigos("<h2>R-06: inicio del cupo (R-06)</h2>", "/decisiones/") == []  # the page about the rules
    # A cargo route's code is a name people read; a matrícula is not a rule.
    assert codigos("<td>R-07</td><td>Carga general R-07 · granel</td><option>R-12</option><td>MC-05-0777</td>") == []


def test_el_enlace_a_la_lectura_de_una_norma_sin_texto_la_nombra_aparte():
    from tests.crawler import hallazgos, leer

    html = Template('{% load decisiones %}<p>{% decision "R-17" %}</p>').render(Context())
    assert '<span class="norma">R-17</span>' in html and "(R-17)" not in html
    assert hallazgos(leer(html).texto()) == []
