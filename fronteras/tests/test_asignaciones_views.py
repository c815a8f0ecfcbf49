"""Pages of the assignments with DOMAIN.md's border example: the form and its figures
(F-02 to F-04), the stations left out, ejecutoria (F-05) and the PDF act."""

from decimal import Decimal

import pytest
from django.urls import reverse

from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.tests.segundo_factor import con_codigo
from fronteras import pdf
from fronteras.models import Asignacion
from fronteras.services.asignaciones import asignacion_create
from fronteras.services.estaciones import estacion_create
from fronteras.services.municipios import municipio_create
from fronteras.tests.factories import D, asignar, crear_ejemplo, previo, texto

# --- The assignment form and its detail (DOMAIN.md's border example) ---


def datos_formulario(**cambios) -> dict:
    return {"municipio": "54001", "combustible": "acpm", "anio_inicio": "2026", "indicador_per_capita": "0,5",
            "fuente_indicador": "UPME, consumo nacional per cápita 2025", "factor_gnv": "1,2",
            "fuente_gnv": "Sin estaciones de GNV en el municipio", "factor_flujo": "1", "fuente_flujo": "INVÍAS 2025",
            "fuente_poblacion": "", "resolucion": "000123", **cambios}



@pytest.mark.django_db
def test_assignment_form_creates_the_border_example_and_shows_its_figures(entrar, ejemplo):
    cliente = entrar(Rol.UPME_ANALISTA)
    formulario = texto(cliente.get(reverse("fronteras:asignacion-nueva"), {"municipio": "54001"}))
    assert "Fuente del indicador" in formulario and "Cúcuta — 54001" in formulario
    assert "2 de 2 estaciones participan" in formulario  # the preview
    r = cliente.post(reverse("fronteras:asignacion-nueva"), con_codigo(cliente, datos_formulario()))
    asignacion = Asignacion.objects.get()
    assert r.status_code == 302 and r["Location"] == reverse("fronteras:asignacion", args=[asignacion.id])
    assert asignacion.volumen_municipal == Decimal("72000.00") and asignacion.creada_por == cliente.usuario
    assert asignacion.fuentes["factor_gnv"] == "Sin estaciones de GNV en el municipio"
    assert asignacion.fuentes["poblacion"] == "DANE, proyección de población"
    pagina = texto(cliente.get(r["Location"]))
    assert "72.000,00" in pagina and "1 de enero de 2026 a 31 de diciembre de 2027" in pagina
    assert "0,5 galones por habitante al mes × 120.000 habitantes × 1,2 (GNV) × 1 (flujo)" in pagina
    assert "67,5 %" in pagina and "48.600,00" in pagina
    assert "32,5 %" in pagina and "23.400,00" in pagina and "11.700,00" in pagina and "35.100,00" in pagina
    assert "Sin estaciones de GNV en el municipio" in pagina and "INVÍAS 2025" in pagina
    assert "Todas las estaciones registradas de Cúcuta participan." in pagina
    assert "Registrar ejecutoria" in pagina and "Ver la resolución en PDF" in pagina



@pytest.mark.django_db
def test_assignment_form_errors_are_in_spanish_and_create_nothing(entrar, ejemplo, analista):
    cliente = entrar(analista)
    r = cliente.post(reverse("fronteras:asignacion-nueva"), datos_formulario(indicador_per_capita="1,234.5"))
    assert r.status_code == 400 and "con punto para los miles y coma para los decimales" in texto(r)
    r = cliente.post(reverse("fronteras:asignacion-nueva"), datos_formulario(factor_gnv="", municipio="99999"))
    assert r.status_code == 400 and "Este dato es obligatorio." in texto(r) and "Revise el formulario" in texto(r)
    municipio_create(actor=analista, codigo_dane="91001", nombre="Leticia", departamento="Amazonas",
                     poblacion=49_700)
    r = cliente.post(reverse("fronteras:asignacion-nueva"), con_codigo(cliente, datos_formulario(municipio="91001")))
    assert r.status_code == 400 and "Ninguna estación de Leticia entregó su certificado" in texto(r)
    assert not Asignacion.objects.exists()



@pytest.mark.django_db
def test_detail_lists_the_stations_left_out_and_why(entrar, ejemplo, analista):
    estacion_create(actor=analista, codigo="V", nombre="Estación Vieja", municipio="54001",
                    capacidad_certificada_gal=Decimal("9000"), fecha_certificado=D(2025, 6, 1),
                    fecha_entrega_certificado=D(2026, 1, 15))
    asignacion = asignar(analista)
    assert asignacion.estaciones.count() == 2
    pagina = texto(entrar(Rol.AUDITOR).get(reverse("fronteras:asignacion", args=[asignacion.id])))
    assert "Estación Vieja" in pagina
    assert "se expidió el 1 de junio de 2025, más de 4 meses antes de entregarlo (15 de enero de 2026)" in pagina
    assert "Registrar ejecutoria" not in pagina  # only UPME makes it final



@pytest.mark.django_db
def test_ejecutoria_button_makes_the_volumes_apply_and_prorates_the_month(entrar, ejemplo, analista):
    asignacion = previo(asignar(analista), D(2026, 4, 11))
    cliente = entrar(analista)
    url = reverse("fronteras:asignacion-ejecutoria", args=[asignacion.id])
    r = cliente.post(url, {"fecha": "2099-01-01"})
    assert r.status_code == 400 and "posterior a hoy" in texto(r)
    # A legal act: the first post only says what will happen (a dry run, rolled back).
    r = cliente.post(url, {"fecha": "2026-04-11"})
    asignacion.refresh_from_db()
    assert r.status_code == 200 and asignacion.estado != Asignacion.Estado.EJECUTORIADA
    pagina = texto(r)
    assert "quedará ejecutoriada el 11 de abril de 2026" in pagina and "Confirmar la ejecutoria" in pagina
    assert "En abril de 2026 cada estación recibe la parte proporcional" in pagina
    assert not RegistroAuditoria.objects.filter(accion="asignacion.ejecutoria").exists()
    r = cliente.post(url, {"fecha": "2026-04-11", "confirmado": "1"}, follow=True)
    asignacion.refresh_from_db()
    assert asignacion.estado == Asignacion.Estado.EJECUTORIADA and asignacion.fecha_ejecutoria == D(2026, 4, 11)
    pagina = texto(r)
    assert "quedó ejecutoriada el 11 de abril de 2026" in pagina and "Ejecutoriada el 11 de abril de 2026" in pagina
    assert "32.400,00" in pagina  # April gives A 48,600 × 20/30
    assert "23.400,00 <span class=\"secundario\">(abril de 2026" in pagina  # B: 15,600 + 7,800
    assert "Registrar ejecutoria" not in pagina
    r = cliente.post(url, {"fecha": "2026-04-12"}, follow=True)  # the dry run refuses at once
    assert "La asignación ya está ejecutoriada." in texto(r)
    assert entrar(Rol.AUDITOR).post(url, {"fecha": "2026-04-11"}).status_code == 403



@pytest.mark.django_db
def test_resolution_pdf_is_a_real_pdf_with_the_act(entrar, ejecutoriada):
    r = entrar(Rol.AUDITOR).get(reverse("fronteras:asignacion-pdf", args=[ejecutoriada.id]))
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    assert r.content.startswith(b"%PDF-") and b"%%EOF" in r.content[-1024:] and len(r.content) > 10_000
    assert r["Content-Disposition"].startswith("inline; filename=\"resolucion-upme-fronteras-")
    html = pdf.resolucion_html(ejecutoriada)
    for frase in ("REPÚBLICA DE COLOMBIA", "MINISTERIO DE MINAS Y ENERGÍA", "UNIDAD DE PLANEACIÓN MINERO ENERGÉTICA",
                  "Por la cual se fijan los volúmenes máximos de combustibles", "zonas de frontera",
                  "artículo 1° de la Ley 681 de 2001", "CONSIDERANDO", "RESUELVE", "Cúcuta (Norte de Santander)",
                  "72.000,00", "67,5 %", "48.600,00", "32,5 %", "23.400,00", "11.700,00", "35.100,00",
                  "del 1 de enero de 2026 al 31 de diciembre de 2027", "quedó ejecutoriada el 11 de abril de 2026",
                  "COMUNÍQUESE Y CÚMPLASE", "Director General"):
        assert frase in html, frase



@pytest.mark.django_db
def test_one_resolution_groups_the_assignments_sharing_its_number(analista, ejemplo):
    crear_ejemplo(analista, codigo="54874", nombre="Villa del Rosario", prefijo="V")
    for codigo in ("54001", "54874"):
        asignacion_create(actor=analista, municipio=codigo, combustible="acpm", anio_inicio=2026,
                          indicador_per_capita=Decimal("0.5"), factor_gnv=Decimal("1.2"),
                          factor_flujo=Decimal("1.0"), resolucion="000777")
    html = pdf.resolucion_html(Asignacion.objects.first())
    assert "RESOLUCIÓN No. 000777" in html and "Cúcuta (Norte de Santander) y Villa del Rosario" in html
    assert "Estación VA" in html and "Estación A" in html


@pytest.mark.django_db
def test_issuing_an_assignment_needs_the_code_of_the_analyst(entrar, ejemplo):
    from core.identidad.segundo_factor import CAMPO, ETIQUETA

    cliente = entrar(Rol.UPME_ANALISTA)
    assert ETIQUETA in texto(cliente.get(reverse("fronteras:asignacion-nueva"), {"municipio": "54001"}))
    r = cliente.post(reverse("fronteras:asignacion-nueva"), {**datos_formulario(), CAMPO: "12"})
    assert r.status_code == 400 and "código de verificación" in texto(r)
    assert not Asignacion.objects.exists()

