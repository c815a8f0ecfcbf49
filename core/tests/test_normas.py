"""Issue 26, defect 10: rule codes stay out of the sentences a page shows; they stand apart as «Norma: R-12»."""

import pytest
from django.template import Context, Template

from core.normas import normas, sin_norma


@pytest.mark.parametrize(
    ("texto", "limpio", "codigos"),
    [
        ("Causa justificada registrada (R-04).", "Causa justificada registrada.", "R-04"),
        ("Faltan requisitos (R-03): RUT; cámara.", "Faltan requisitos: RUT; cámara.", "R-03"),
        ("R-12: por cancelación de la matrícula.", "Por cancelación de la matrícula.", "R-12"),
        ("Vence el plazo (R-17 y R-19).", "Vence el plazo.", "R-17, R-19"),
        ("R-01/R-02: datos de la nave.", "Datos de la nave.", "R-01, R-02"),
        ("Sin códigos.", "Sin códigos.", ""),
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
