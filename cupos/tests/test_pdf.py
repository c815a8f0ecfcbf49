"""The annual resolution as a PDF (R-05) and the Spanish wording of dates."""

import datetime as dt
from decimal import Decimal

import pytest

from core.identidad.roles import Rol
from cupos import pdf
from cupos.services.cupos import cupo_grant
from cupos.tests.factories import AcuicultoraFactory, NaveFactory, ResolucionFactory

D = dt.date


@pytest.fixture
def resolucion(crear_usuario):
    analista = crear_usuario(Rol.UPME_ANALISTA)
    resolucion = ResolucionFactory(
        anio=2026,
        numero="000123",
        fecha_expedicion=D(2026, 2, 24),
        firmante="María Pérez Gómez, Directora General",
        considerandos="Que la Dimar remitió el registro de naves de 2025.\n\nQue se evaluaron 2 solicitudes.",
    )
    cupo_grant(
        actor=analista,
        resolucion=resolucion,
        galones_anuales=Decimal("24000"),
        beneficiario=NaveFactory(nombre="Doña Lucía", matricula="MC-05-0777", identificacion="800123456"),
    )
    cupo_grant(
        actor=analista,
        resolucion=resolucion,
        galones_anuales=Decimal("1000"),
        beneficiario=AcuicultoraFactory(nombre="Acuícola del Sinú S.A.S."),
    )
    return resolucion


@pytest.mark.parametrize(
    ("fecha", "texto"),
    [
        (D(2026, 2, 24), "24 de febrero de 2026"),
        (D(2025, 1, 1), "1 de enero de 2025"),
        (D(2026, 12, 31), "31 de diciembre de 2026"),
    ],
)
def test_fecha_larga_is_spanish_lower_case(fecha, texto):
    assert pdf.fecha_larga(fecha) == texto


def test_month_labels():
    assert pdf.mes_largo(D(2026, 9, 1)) == "septiembre de 2026"
    assert pdf.mes_corto(D(2026, 9, 1)) == "sep 2026"


@pytest.mark.django_db
def test_html_carries_the_parts_of_the_act(resolucion):
    html = pdf.resolucion_html(resolucion)
    for parte in (
        "REPÚBLICA DE COLOMBIA",
        "MINISTERIO DE MINAS Y ENERGÍA",
        "UNIDAD DE PLANEACIÓN MINERO ENERGÉTICA — UPME",
        "RESOLUCIÓN No. 000123 de 24 de febrero de 2026",
        "Por la cual se establecen los cupos de combustible exento",
        "CONSIDERANDO",
        "Ley 681 de 2001",
        "Decreto 1505 de 2002",
        "Decreto 1891 de 2009",
        "Que la Dimar remitió el registro de naves de 2025.",
        "Que se evaluaron 2 solicitudes.",
        "RESUELVE",
        "Dimar",
        "María Pérez Gómez, Directora General",
    ):
        assert parte in html, parte
    # The table: one row per cupo, es-CO numbers, totals.
    assert "Doña Lucía" in html and "MC-05-0777 / 800123456" in html and "Acuícola del Sinú" in html
    assert "Diésel marino" in html and "Nave nacional" in html and "Acuicultora" in html
    assert "24.000,00" in html and "2.000,00" in html and "83,33" in html
    assert "25.000,00" in html and "2.083,33" in html  # totals
    assert '<th scope="col" class="num">Galones anuales</th>' in html
    assert "para el año 2026" in html and "2.026" not in html


@pytest.mark.django_db
def test_considerandos_are_escaped(resolucion):
    resolucion.considerandos = 'Que <img src="http://intruso.example/x.png"> no se carga.'
    html = pdf.resolucion_html(resolucion)
    assert "<img" not in html and "&lt;img" in html


@pytest.mark.django_db
def test_weasyprint_lays_out_pages_and_writes_a_pdf(resolucion):
    documento = pdf.resolucion_documento(resolucion)
    assert len(documento.pages) >= 1
    contenido = documento.write_pdf()
    assert contenido.startswith(b"%PDF") and len(contenido) > 1000
    assert contenido.rstrip().endswith(b"%%EOF")


@pytest.mark.django_db
def test_a_long_resolution_spans_pages(crear_usuario):
    analista = crear_usuario(Rol.UPME_ANALISTA)
    resolucion = ResolucionFactory(anio=2026)
    for nave in NaveFactory.create_batch(60):
        cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("12000"))
    assert len(pdf.resolucion_documento(resolucion).pages) >= 2


@pytest.mark.django_db
def test_file_name_is_safe():
    resolucion = ResolucionFactory(anio=2026, numero="UPME 045/2026")
    assert pdf.nombre_archivo(resolucion) == "resolucion-upme-UPME-045-2026-2026.pdf"


@pytest.mark.django_db
def test_issue45_each_recital_once_and_the_title_is_no_recital(resolucion):
    """Issue 45, defect 7: a modifying resolution stated its motivation twice (the portal's recital and the same
    text typed by the analyst); the annual one printed its title («Por la cual…») as a recital."""
    from cupos.tests.factories import ResolucionFactory

    resolucion.considerandos = (
        "Por la cual se asignan los cupos de combustible exento para 2026.\n\nQue se evaluaron 2 solicitudes."
    )
    html = pdf.resolucion_html(resolucion)
    assert "<p>Por la cual se asignan" not in html and html.count("Que se evaluaron 2 solicitudes.") == 1
    modificatoria = ResolucionFactory(anio=2026, numero="000300", fecha_expedicion=D(2026, 6, 15),
                                      tipo="modificatoria", modifica=resolucion)
    automatico = pdf.considerandos_fuentes(modificatoria)[-1]
    modificatoria.considerandos = f"{automatico}\n\nQue Dimar reportó el alta de junio."
    html = pdf.resolucion_html(modificatoria)
    assert html.count("Que la presente resolución modifica la Resolución UPME 000123") == 1
    assert "Que Dimar reportó el alta de junio." in html
