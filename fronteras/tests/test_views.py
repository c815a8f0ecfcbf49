"""Server-rendered pages of border zones with DOMAIN.md's border example: registries, the
assignment form and its figures (F-02 to F-04), ejecutoria (F-05), the PDF act, deliveries and
the public transparency page. Numbers are written es-CO on the pages (48.600,00)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.roles import Rol
from core.tests.factories import DistribuidorFactory
from fronteras import pdf, services
from fronteras.models import (
    Asignacion,
    CertificadoTransporte,
    CompraHistorica,
    Despacho,
    EstacionServicio,
    Municipio,
    PrioridadContratacion,
)

D = dt.date
NIT_TERCERO = "830112233"


@pytest.fixture
def analista(crear_usuario):
    return crear_usuario(Rol.UPME_ANALISTA)


@pytest.fixture
def entrar(client, crear_usuario):
    """entrar(rol or user) → the Django test client logged in as that user."""

    def _entrar(quien=Rol.UPME_ANALISTA, **campos):
        usuario = crear_usuario(quien, **campos) if isinstance(quien, str) else quien
        client.force_login(usuario)
        client.usuario = usuario
        return client

    return _entrar


def crear_ejemplo(actor, *, poblacion=120_000, codigo="54001", nombre="Cúcuta", prefijo="") -> dict:
    """DOMAIN.md's border example: A buys 30,000/month and holds 10,000; B buys 10,000, holds 10,000
    and belongs to a qualifying transport company. Both delivered their certificate in time."""
    municipio = services.municipio_create(actor=actor, codigo_dane=codigo, nombre=nombre,
                                          departamento="Norte de Santander", poblacion=poblacion)
    estaciones = {}
    for letra, transporte, compras in (("A", False, 30_000), ("B", True, 10_000)):
        estacion = services.estacion_create(
            actor=actor, codigo=f"{prefijo}{letra}", nombre=f"Estación {prefijo}{letra}", municipio=codigo,
            capacidad_certificada_gal=Decimal("10000"), fecha_certificado=D(2025, 11, 15),
            fecha_entrega_certificado=D(2026, 1, 20), empresa_transporte=transporte)
        CompraHistorica.objects.bulk_create([
            CompraHistorica(estacion=estacion, periodo=D(anio, mes, 1), combustible="acpm", galones=Decimal(compras))
            for anio in (2024, 2025) for mes in range(1, 13)
        ])
        estaciones[letra] = estacion
    return {"municipio": municipio, **estaciones}


@pytest.fixture
def ecopetrol(crear_usuario):
    return crear_usuario(Rol.ECOPETROL)


@pytest.fixture
def ejemplo(analista):
    return crear_ejemplo(analista)


def asignar(actor, codigo="54001") -> Asignacion:
    return services.asignacion_create(actor=actor, municipio=codigo, combustible="acpm", anio_inicio=2026,
                                      indicador_per_capita=Decimal("0.5"), factor_gnv=Decimal("1.2"),
                                      factor_flujo=Decimal("1.0"))


@pytest.fixture
def ejecutoriada(analista, ejemplo):
    """The example's assignment, final on 2026-04-11."""
    return services.asignacion_ejecutoria(actor=analista, asignacion=asignar(analista), fecha=D(2026, 4, 11))


def texto(respuesta) -> str:
    return respuesta.content.decode()


# --- Access by role ---


PAGINAS_LECTURA = ["fronteras-municipios", "fronteras-estaciones", "fronteras-asignaciones", "fronteras-despachos",
                   "fronteras-consumo"]


@pytest.mark.django_db
@pytest.mark.parametrize(("rol", "lectura", "nueva_asignacion", "cargar_compras"), [
    (Rol.UPME_ANALISTA, 200, 200, 200),
    (Rol.AUDITOR, 200, 403, 403),
    (Rol.MINMINAS, 200, 403, 200),
    (Rol.ECOPETROL, 200, 403, 200),
    (Rol.DISTRIBUIDOR, 200, 403, 403),
    (Rol.CAPITANIA_OFICIAL, 403, 403, 403),
    (Rol.BENEFICIARIO, 403, 403, 403),
    (Rol.DIMAR, 403, 403, 403),
])
def test_pages_by_role(entrar, ejecutoriada, rol, lectura, nueva_asignacion, cargar_compras):
    cliente = entrar(rol)
    ids = {"fronteras-municipio": ejecutoriada.municipio_id, "fronteras-asignacion": ejecutoriada.id,
           "fronteras-estacion": ejecutoriada.estaciones.first().estacion_id}
    for nombre in PAGINAS_LECTURA:
        assert cliente.get(reverse(nombre)).status_code == lectura, nombre
    for nombre, pk in ids.items():
        assert cliente.get(reverse(nombre, args=[pk])).status_code == lectura, nombre
    assert cliente.get(reverse("fronteras-asignacion-pdf", args=[ejecutoriada.id])).status_code == lectura
    assert cliente.get(reverse("fronteras-asignacion-nueva")).status_code == nueva_asignacion
    assert cliente.get(reverse("fronteras-compras-cargar")).status_code == cargar_compras
    assert cliente.get(reverse("fronteras-transparencia")).status_code == 200


@pytest.mark.django_db
def test_private_pages_ask_for_login_the_public_report_does_not(client, ejecutoriada):
    r = client.get(reverse("fronteras-municipios"))
    assert r.status_code == 302 and r["Location"].startswith(reverse("login"))
    assert client.get(reverse("fronteras-asignacion-pdf", args=[ejecutoriada.id])).status_code == 302
    assert client.get(reverse("fronteras-transparencia")).status_code == 200
    assert client.get("/fronteras/").status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize(("rol", "ve", "no_ve"), [
    (Rol.UPME_ANALISTA, ["Zonas de frontera", "Transparencia en frontera"], ["Despachos en frontera"]),
    (Rol.MINMINAS, ["Zonas de frontera"], ["Despachos en frontera"]),
    (Rol.ECOPETROL, ["Zonas de frontera", "Despachos en frontera"], []),
    (Rol.DISTRIBUIDOR, ["Despachos en frontera", "Transparencia en frontera"], ["Zonas de frontera"]),
    (Rol.DIMAR, ["Transparencia en frontera"], ["Zonas de frontera", "Despachos en frontera"]),
])
def test_menu_entries_by_role(crear_usuario, rol, ve, no_ve):
    from core.menu import menu_for

    etiquetas = [e["etiqueta"] for e in menu_for(crear_usuario(rol))]
    assert all(e in etiquetas for e in ve) and not any(e in etiquetas for e in no_ve)


# --- Municipalities and stations ---


@pytest.mark.django_db
def test_municipality_list_searches_filters_and_sorts(entrar, analista):
    for codigo, nombre, departamento, poblacion in (("44430", "Maicao", "La Guajira", 176_200),
                                                     ("44001", "Riohacha", "La Guajira", 214_300),
                                                     ("81001", "Arauca", "Arauca", 96_800)):
        services.municipio_create(actor=analista, codigo_dane=codigo, nombre=nombre, departamento=departamento,
                                  poblacion=poblacion)
    cliente = entrar(analista)
    url = reverse("fronteras-municipios")

    def tabla(**params):  # the htmx fragment: the table without the filters' options
        return texto(cliente.get(url, params, HTTP_HX_REQUEST="true"))

    assert "Maicao" in tabla(q="maic") and "Arauca" not in tabla(q="maic")
    guajira = tabla(departamento="La Guajira")
    assert "Maicao" in guajira and "Riohacha" in guajira and "Arauca" not in guajira
    pequenos = tabla(poblacion="menor")
    assert "Maicao" in pequenos and "Riohacha" not in pequenos
    orden = tabla(orden="poblacion_desc")
    assert orden.index("Riohacha") < orden.index("Maicao") < orden.index("Arauca")
    assert "214.300" in orden  # es-CO grouping
    assert "Filtrar" in texto(cliente.get(url))
    parcial = cliente.get(url, {"q": "ara"}, HTTP_HX_REQUEST="true")
    assert "<h1" not in texto(parcial) and "1 municipio encontrado" in texto(parcial)


@pytest.mark.django_db
def test_municipality_detail_shows_stations_purchases_and_assignments(entrar, ejecutoriada):
    r = entrar(Rol.AUDITOR).get(reverse("fronteras-municipio", args=[ejecutoriada.municipio_id]), {"anio": "2025"})
    pagina = texto(r)
    assert "Estación A" in pagina and "Estación B" in pagina
    assert "Compras de ACPM en 2025" in pagina and "30.000,00" in pagina and "360.000,00" in pagina
    assert "ACPM 2026–2027" in pagina and "72.000,00" in pagina and "11.700,00" in pagina
    assert "Guardar el orden de contratación" not in pagina  # the auditor only reads


@pytest.mark.django_db
def test_priority_order_is_recorded_through_prioridad_set(entrar, ejemplo):
    municipio = ejemplo["municipio"]
    cliente = entrar(Rol.MINMINAS)
    pagina = texto(cliente.get(reverse("fronteras-municipio", args=[municipio.id])))
    assert "Guardar el orden de contratación" in pagina and "Posición 4" in pagina
    datos = {"prioridad-TOTAL_FORMS": "4", "prioridad-INITIAL_FORMS": "0", "prioridad-MIN_NUM_FORMS": "0",
             "prioridad-MAX_NUM_FORMS": "8",
             "prioridad-0-canal": "tercero", "prioridad-0-proveedor": "Transportes y Combustibles Frontera S.A.S.",
             "prioridad-1-canal": "planta_departamento", "prioridad-1-proveedor": "",
             "prioridad-2-canal": "", "prioridad-2-proveedor": "",
             "prioridad-3-canal": "estacion", "prioridad-3-proveedor": ""}
    r = cliente.post(reverse("fronteras-municipio-prioridad", args=[municipio.id]), datos)
    assert r.status_code == 302
    assert list(PrioridadContratacion.objects.filter(municipio=municipio).values_list("orden", "canal")) == [
        (1, "tercero"), (2, "planta_departamento"), (3, "estacion")]
    # a provider without its channel is refused, nothing changes
    r = cliente.post(reverse("fronteras-municipio-prioridad", args=[municipio.id]),
                     {**datos, "prioridad-0-canal": "", "prioridad-1-canal": ""})
    assert r.status_code == 400 and "Elija el canal del proveedor." in texto(r)
    assert PrioridadContratacion.objects.filter(municipio=municipio).count() == 3
    r = entrar(Rol.AUDITOR).post(reverse("fronteras-municipio-prioridad", args=[municipio.id]), datos)
    assert r.status_code == 403


@pytest.mark.django_db
def test_station_detail_explains_eligibility_for_a_year(entrar, ejemplo, analista):
    tarde = services.estacion_create(
        actor=analista, codigo="C", nombre="Estación C", municipio="54001", capacidad_certificada_gal=Decimal("5000"),
        fecha_certificado=D(2026, 1, 10), fecha_entrega_certificado=D(2026, 2, 3))
    cliente = entrar(Rol.AUDITOR)
    pagina = texto(cliente.get(reverse("fronteras-estacion", args=[tarde.id]), {"anio": "2026"}))
    assert "No participa" in pagina and "3 de febrero de 2026, después del 31 de enero de 2026" in pagina
    assert "Participa en la asignación de 2027" in texto(cliente.get(reverse("fronteras-estacion", args=[tarde.id]),
                                                                      {"anio": "2027"}))
    pagina = texto(cliente.get(reverse("fronteras-estacion", args=[ejemplo["A"].id]), {"anio": "2026"}))
    assert "Participa en la asignación de 2026" in pagina and "30.000,00" in pagina  # the 24-month average


@pytest.mark.django_db
def test_minminas_registers_a_transport_certificate(entrar, ejemplo):
    b = ejemplo["B"]
    cliente = entrar(Rol.MINMINAS)
    url = reverse("fronteras-estacion-certificado", args=[b.id])
    assert "Registrar certificado" in texto(cliente.get(reverse("fronteras-estacion", args=[b.id])))
    r = cliente.post(url, {"vigente_desde": "2026-01-01", "vigente_hasta": "2026-12-31", "subsidio_pct": "30"})
    assert r.status_code == 302
    certificado = CertificadoTransporte.objects.get(estacion=b)
    assert certificado.subsidio_pct == Decimal("30") and certificado.registrado_por == cliente.usuario
    r = cliente.post(url, {"vigente_desde": "2027-01-01", "vigente_hasta": "2027-12-31", "subsidio_pct": "20"})
    assert r.status_code == 400 and "al menos 25 %" in texto(r)
    pagina = texto(cliente.get(reverse("fronteras-estacion", args=[ejemplo["A"].id])))
    assert "no pertenece a una empresa de transporte" in pagina and "Registrar certificado" not in pagina
    assert cliente.post(reverse("fronteras-estacion-certificado", args=[ejemplo["A"].id]),
                        {"vigente_desde": "2026-01-01", "vigente_hasta": "2026-12-31", "subsidio_pct": "30"}).status_code == 400
    assert entrar(Rol.AUDITOR).post(url, {}).status_code == 403


# --- The assignment form and its detail (DOMAIN.md's border example) ---


def datos_formulario(**cambios) -> dict:
    return {"municipio": "54001", "combustible": "acpm", "anio_inicio": "2026", "indicador_per_capita": "0,5",
            "fuente_indicador": "UPME, consumo nacional per cápita 2025", "factor_gnv": "1,2",
            "fuente_gnv": "Sin estaciones de GNV en el municipio", "factor_flujo": "1", "fuente_flujo": "INVÍAS 2025",
            "fuente_poblacion": "", "resolucion": "000123", **cambios}


@pytest.mark.django_db
def test_assignment_form_creates_the_border_example_and_shows_its_figures(entrar, ejemplo):
    cliente = entrar(Rol.UPME_ANALISTA)
    formulario = texto(cliente.get(reverse("fronteras-asignacion-nueva"), {"municipio": "54001"}))
    assert "Fuente del indicador" in formulario and "Cúcuta — 54001" in formulario
    assert "2 de 2 estaciones participan" in formulario  # the preview
    r = cliente.post(reverse("fronteras-asignacion-nueva"), datos_formulario())
    asignacion = Asignacion.objects.get()
    assert r.status_code == 302 and r["Location"] == reverse("fronteras-asignacion", args=[asignacion.id])
    assert asignacion.volumen_municipal == Decimal("72000.00") and asignacion.creada_por == cliente.usuario
    assert asignacion.fuentes["factor_gnv"] == "Sin estaciones de GNV en el municipio"
    assert asignacion.fuentes["poblacion"] == "DANE, proyección de población"
    pagina = texto(cliente.get(r["Location"]))
    assert "72.000,00" in pagina and "2026-01-01 a 2027-12-31" in pagina
    assert "0,5 galones por habitante al mes × 120.000 habitantes × 1,2 (GNV) × 1 (flujo)" in pagina
    assert "67,5 %" in pagina and "48.600,00" in pagina
    assert "32,5 %" in pagina and "23.400,00" in pagina and "11.700,00" in pagina and "35.100,00" in pagina
    assert "Sin estaciones de GNV en el municipio" in pagina and "INVÍAS 2025" in pagina
    assert "Todas las estaciones registradas de Cúcuta participan." in pagina
    assert "Registrar ejecutoria" in pagina and "Ver la resolución en PDF" in pagina


@pytest.mark.django_db
def test_assignment_form_errors_are_in_spanish_and_create_nothing(entrar, ejemplo, analista):
    cliente = entrar(analista)
    r = cliente.post(reverse("fronteras-asignacion-nueva"), datos_formulario(indicador_per_capita="1.234,5"))
    assert r.status_code == 400 and "sin separador de miles" in texto(r)
    r = cliente.post(reverse("fronteras-asignacion-nueva"), datos_formulario(factor_gnv="", municipio="99999"))
    assert r.status_code == 400 and "Este dato es obligatorio." in texto(r) and "Revise el formulario" in texto(r)
    services.municipio_create(actor=analista, codigo_dane="91001", nombre="Leticia", departamento="Amazonas",
                              poblacion=49_700)
    r = cliente.post(reverse("fronteras-asignacion-nueva"), datos_formulario(municipio="91001"))
    assert r.status_code == 400 and "Ninguna estación de Leticia entregó su certificado" in texto(r)
    assert not Asignacion.objects.exists()


@pytest.mark.django_db
def test_detail_lists_the_stations_left_out_and_why(entrar, ejemplo, analista):
    services.estacion_create(actor=analista, codigo="V", nombre="Estación Vieja", municipio="54001",
                             capacidad_certificada_gal=Decimal("9000"), fecha_certificado=D(2025, 6, 1),
                             fecha_entrega_certificado=D(2026, 1, 15))
    asignacion = asignar(analista)
    assert asignacion.estaciones.count() == 2
    pagina = texto(entrar(Rol.AUDITOR).get(reverse("fronteras-asignacion", args=[asignacion.id])))
    assert "Estación Vieja" in pagina
    assert "se expidió el 1 de junio de 2025, más de 4 meses antes de entregarlo (15 de enero de 2026)" in pagina
    assert "Registrar ejecutoria" not in pagina  # only UPME makes it final


@pytest.mark.django_db
def test_ejecutoria_button_makes_the_volumes_apply_and_prorates_the_month(entrar, ejemplo, analista):
    asignacion = asignar(analista)
    cliente = entrar(analista)
    url = reverse("fronteras-asignacion-ejecutoria", args=[asignacion.id])
    r = cliente.post(url, {"fecha": "2099-01-01"})
    assert r.status_code == 400 and "posterior a hoy" in texto(r)
    r = cliente.post(url, {"fecha": "2026-04-11"}, follow=True)
    asignacion.refresh_from_db()
    assert asignacion.estado == Asignacion.Estado.EJECUTORIADA and asignacion.fecha_ejecutoria == D(2026, 4, 11)
    pagina = texto(r)
    assert "quedó ejecutoriada el 11 de abril de 2026" in pagina and "Ejecutoriada el 2026-04-11" in pagina
    assert "32.400,00" in pagina  # April gives A 48,600 × 20/30
    assert "23.400,00 <span class=\"secundario\">(abril de 2026" in pagina  # B: 15,600 + 7,800
    assert "Registrar ejecutoria" not in pagina
    r = cliente.post(url, {"fecha": "2026-04-12"}, follow=True)
    assert "La asignación ya está ejecutoriada." in texto(r)
    assert entrar(Rol.AUDITOR).post(url, {"fecha": "2026-04-11"}).status_code == 403


@pytest.mark.django_db
def test_resolution_pdf_is_a_real_pdf_with_the_act(entrar, ejecutoriada):
    r = entrar(Rol.AUDITOR).get(reverse("fronteras-asignacion-pdf", args=[ejecutoriada.id]))
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
        services.asignacion_create(actor=analista, municipio=codigo, combustible="acpm", anio_inicio=2026,
                                   indicador_per_capita=Decimal("0.5"), factor_gnv=Decimal("1.2"),
                                   factor_flujo=Decimal("1.0"), resolucion="000777")
    html = pdf.resolucion_html(Asignacion.objects.first())
    assert "RESOLUCIÓN No. 000777" in html and "Cúcuta (Norte de Santander) y Villa del Rosario" in html
    assert "Estación VA" in html and "Estación A" in html


# --- Deliveries ---


@pytest.fixture
def tercero(crear_usuario):
    return crear_usuario(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit=NIT_TERCERO, tipo="tercero"))


def despacho(estacion, galones, **cambios):
    return {"distribuidor_nit": NIT_TERCERO, "estacion": str(estacion.id), "combustible": "acpm",
            "fecha": "2026-04-20", "galones": galones, **cambios}


@pytest.mark.django_db
def test_delivery_above_the_month_is_refused_in_spanish_with_what_remains(entrar, ejecutoriada, ejemplo, tercero):
    cliente = entrar(tercero)
    a = ejemplo["A"]
    assert cliente.post(reverse("fronteras-despachos"), despacho(a, "32000")).status_code == 302
    r = cliente.post(reverse("fronteras-despachos"), despacho(a, "500,5"))
    pagina = texto(r)
    assert r.status_code == 400
    assert "No se registró el despacho: supera el volumen del mes" in pagina
    assert "500,50 galones de ACPM superan lo que le queda a Estación A en abril de 2026: quedan 400,00 galones." in pagina
    assert "32.400,00" in pagina and "32.000,00" in pagina and "precio nacional" in pagina
    assert Despacho.objects.count() == 1
    r = cliente.post(reverse("fronteras-despachos"), despacho(a, "400"), follow=True)
    assert "Le quedan 0,00 galones en abril de 2026." in texto(r)
    assert Despacho.objects.count() == 2 and Despacho.objects.filter(registrado_por=tercero).count() == 2
    # no volume in force for gasoline: the service's Spanish reason
    r = cliente.post(reverse("fronteras-despachos"), despacho(a, "1", combustible="gasolina"))
    assert r.status_code == 400 and "no tiene un volumen máximo vigente" in texto(r)


@pytest.mark.django_db
def test_a_wholesaler_delivers_and_sees_only_under_its_own_nit(entrar, ejecutoriada, ejemplo, tercero, ecopetrol):
    otro = DistribuidorFactory(nit="900999888", razon_social="Otro Mayorista S.A.S.")
    services.despacho_register(actor=ecopetrol, distribuidor_nit=otro.nit, estacion_id=ejemplo["B"].id,
                               fecha=D(2026, 5, 3), combustible="acpm", galones=Decimal("100"))
    cliente = entrar(tercero)
    pagina = texto(cliente.get(reverse("fronteras-despachos")))
    assert "Otro Mayorista" not in pagina and "No hay despachos" in pagina
    r = cliente.post(reverse("fronteras-despachos"), despacho(ejemplo["A"], "10", distribuidor_nit=otro.nit))
    assert r.status_code == 400 and Despacho.objects.count() == 1
    pagina = texto(entrar(Rol.AUDITOR).get(reverse("fronteras-despachos")))
    assert "Otro Mayorista" in pagina and "Registrar despacho" not in pagina


@pytest.mark.django_db
def test_available_fragment_and_monthly_consumption(entrar, ejecutoriada, ejemplo, ecopetrol):
    services.despacho_register(actor=ecopetrol, distribuidor_nit=DistribuidorFactory(nit=NIT_TERCERO).nit,
                               estacion_id=ejemplo["A"].id, fecha=D(2026, 5, 3), combustible="acpm",
                               galones=Decimal("8600"))
    cliente = entrar(Rol.ECOPETROL)
    r = cliente.get(reverse("fronteras-despacho-disponible"),
                    {"estacion": ejemplo["A"].id, "combustible": "acpm", "fecha": "2026-05-20"})
    assert "disponible 40.000,00 galones" in texto(r)
    pagina = texto(cliente.get(reverse("fronteras-consumo"), {"periodo": "2026-05"}))
    assert "48.600,00" in pagina and "8.600,00" in pagina and "40.000,00" in pagina and "17,7 %" in pagina
    assert "Total de Cúcuta" in pagina and "35.100,00" in pagina


# --- The public transparency page ---


@pytest.mark.django_db
def test_transparency_page_is_public_and_shows_the_volumes(client, ejecutoriada):
    r = client.get(reverse("fronteras-transparencia"), {"periodo": "2026-04"})
    pagina = texto(r)
    assert r.status_code == 200 and "Menú principal" not in pagina
    assert "Norte de Santander" in pagina and "Cúcuta" in pagina
    assert "32.400,00" in pagina and "23.400,00" in pagina and "55.800,00" in pagina  # A, B (+extra), municipality
    assert "/api/v1/fronteras/transparencia/?periodo=2026-04&amp;formato=csv" in pagina
    assert 'id="datos-transparencia"' in pagina and "chart.umd.min.js" in pagina and "<script>" not in pagina
    assert "¿Cómo se calculan estos volúmenes?" in pagina and "70 %" in pagina and "31 de enero" in pagina
    assert 'selected>Abril de 2026 (2026-04)' in pagina
    mayo = texto(client.get(reverse("fronteras-transparencia"), {"periodo": "2026-05"}))
    assert "48.600,00" in mayo and "35.100,00" in mayo
    marzo = texto(client.get(reverse("fronteras-transparencia"), {"periodo": "2026-03"}))
    assert "No hay volúmenes vigentes en marzo de 2026" in marzo
    malo = texto(client.get(reverse("fronteras-transparencia"), {"periodo": "abril"}))
    assert "no es un periodo AAAA-MM válido" in malo


# --- Query counts stay bounded as the lists grow ---


def consultas(cliente, url, **params) -> int:
    with CaptureQueriesContext(connection) as capturadas:
        assert cliente.get(url, params).status_code == 200
    return len(capturadas)


@pytest.mark.django_db
def test_list_pages_run_a_bounded_number_of_queries(entrar, analista, ecopetrol):
    def poblar(desde, hasta):
        for i in range(desde, hasta):
            codigo = f"{54100 + i}"
            crear_ejemplo(analista, codigo=codigo, nombre=f"Municipio {i}", prefijo=f"M{i}-")
            a = asignar(analista, codigo)
            services.asignacion_ejecutoria(actor=analista, asignacion=a, fecha=D(2026, 4, 11))
            services.despacho_register(actor=ecopetrol, distribuidor_nit=NIT_TERCERO,
                                       estacion_id=a.estaciones.first().estacion_id, fecha=D(2026, 5, 2),
                                       combustible="acpm", galones=Decimal("10"))

    DistribuidorFactory(nit=NIT_TERCERO)
    poblar(0, 2)
    cliente = entrar(analista)
    paginas = [(reverse("fronteras-municipios"), {}), (reverse("fronteras-estaciones"), {}),
               (reverse("fronteras-asignaciones"), {}), (reverse("fronteras-despachos"), {}),
               (reverse("fronteras-consumo"), {"periodo": "2026-05"}),
               (reverse("fronteras-transparencia"), {"periodo": "2026-05"})]
    pocas = [consultas(cliente, url, **p) for url, p in paginas]
    poblar(2, 14)
    muchas = [consultas(cliente, url, **p) for url, p in paginas]
    assert muchas == pocas and max(muchas) <= 12
    assert Municipio.objects.count() == 14 and EstacionServicio.objects.count() == 28
