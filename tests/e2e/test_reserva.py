"""Cargo reservation in Chromium (C-06, C-08): a maritime agent notifies an arrival, sees its two
deadlines, presents the manifest and enters a bill of lading; an importer files an exoneration under
ground a) with its documents; Dimar reads the file, reviews its decision on the confirmation page and
grants it; anyone verifies the grant's code on the public page. The main pages pass axe-core."""

import datetime as dt
import re

import pytest
from playwright.sync_api import expect

from core.tests.segundo_factor import codigo
from tests.e2e.conftest import TABLETA
from tests.e2e.pasos import enlace_del_menu, escribir_codigo
from tests.e2e.test_accesibilidad import assert_sin_violaciones_graves

pytestmark = pytest.mark.e2e

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"
AGENCIA_NIT = "800123456"
IMPORTADOR_NIT = "900555123"


def _pdf(nombre: str) -> dict:
    return {"name": nombre, "mimeType": "application/pdf", "buffer": PDF}


@pytest.fixture
def registros(live_server):
    """Route R-07, the agency, a Colombian ship, Cartagena's and Barranquilla's capitanías, and C-01's
    shares (a transactional test empties the tables the data migration filled)."""
    import importlib

    from django.apps import apps

    from core.models import Capitania
    from reserva.models import Agencia, Nave, PorcentajeReserva, Ruta

    if not PorcentajeReserva.objects.exists():
        migracion = importlib.import_module("reserva.migrations.0004_datos_mercancia_clase_por_embalaje")
        migracion.cargar_porcentajes(apps, None)
    Capitania.objects.create(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    Capitania.objects.create(codigo="CP03", nombre="Capitanía de Puerto de Barranquilla")
    return {
        "ruta": Ruta.objects.create(
            codigo="R-07", nombre="Golfo de México – Caribe colombiano", operacion="importacion"
        ),
        "agencia": Agencia.objects.create(nit=AGENCIA_NIT, razon_social="Agencia Marítima del Caribe S.A.S."),
        "nave": Nave.objects.create(
            nombre="Ciudad de Cartagena", imo="9300001", bandera="CO", vigente_desde="2020-01-01"
        ),
    }


@pytest.fixture
def agente(crear_usuario, registros):
    return crear_usuario("agente1", "agente_maritimo", agencia_nit=AGENCIA_NIT, email="agente@caribe.co")


@pytest.fixture
def importador(crear_usuario, registros):
    return crear_usuario("importador1", "usuario_carga", nit=IMPORTADOR_NIT, email="compras@importadora.co")


@pytest.fixture
def dimar(crear_usuario, registros):
    return crear_usuario("dimar1", "dimar", email="reserva@dimar.mil.co")


def _hoy():
    from core.vencimientos.calendario import today

    return today()


def test_agente_notifica_el_arribo_ve_sus_plazos_y_presenta_sobordo_y_conocimiento(page, ingresar, agente):
    from core.comun.fechas import fecha_larga
    from reserva.models import Arribo

    arribo_el = _hoy() - dt.timedelta(days=3)
    ingresar(page, agente.username)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")
    enlace_del_menu(page, "Arribos y conocimientos").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Arribos y conocimientos de embarque")
    assert_sin_violaciones_graves(page)

    page.get_by_label("Nave", exact=True).select_option(label="Ciudad de Cartagena · IMO 9300001 · CO")
    page.get_by_label("Ruta asignada por Dimar").select_option("R-07")
    page.get_by_label("Puerto colombiano").fill("Cartagena")
    page.get_by_label("Fecha de arribo (o de zarpe, en exportación)").fill(arribo_el.isoformat())
    page.get_by_label("Operación", exact=True).select_option("importacion")
    page.get_by_label("Clase de carga").select_option("general")
    page.get_by_label("Cantidad de carga (toneladas)").fill("1000")
    page.get_by_label("Trae carga exonerada o no sujeta a la reserva").check()
    page.get_by_role("button", name="Notificar el arribo").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Arribo de Ciudad de Cartagena a Cartagena")
    arribo = Arribo.objects.get()
    # The two deadlines (C-08): the manifest on the 10th business day, the bills on the 15th.
    sobordo, conocimientos = fecha_larga(arribo.vence_sobordo), fecha_larga(arribo.vence_conocimientos)
    expect(page.get_by_role("status").first).to_contain_text(f"Sobordo a más tardar el {sobordo}")
    expect(page.get_by_role("status").first).to_contain_text(f"conocimientos el {conocimientos}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Arribo de Ciudad de Cartagena a Cartagena")
    expect(page.get_by_role("definition").filter(has_text=f"Vence el {sobordo}")).to_be_visible()
    expect(page.get_by_role("definition").filter(has_text=f"Vence el {conocimientos}")).to_be_visible()

    # Its list shows the arrival with both deadlines.
    page.get_by_role("navigation", name="Reserva de carga").get_by_role("link", name="Arribos").click()
    fila = page.get_by_role("row", name=re.compile("Ciudad de Cartagena"))
    expect(fila).to_contain_text(f"Vence el {sobordo}")
    expect(fila).to_contain_text(f"Vence el {conocimientos}")
    fila.get_by_role("link", name="Ciudad de Cartagena").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Arribo de Ciudad de Cartagena a Cartagena")
    assert_sin_violaciones_graves(page)

    page.get_by_label("Fecha de presentación").fill(_hoy().isoformat())
    page.get_by_label("Sobordo sellado por la Aduana (PDF, PNG o JPEG)").set_input_files(_pdf("sobordo.pdf"))
    page.get_by_role("button", name="Presentar el sobordo").click()
    expect(page.get_by_role("link", name="Descargar el sobordo")).to_be_visible()
    expect(page.get_by_text(f"Presentado el {fecha_larga(_hoy())}").first).to_be_visible()

    page.get_by_label("Número del conocimiento").fill("BL-2026-001")
    page.get_by_label("NIT del importador o exportador").fill(IMPORTADOR_NIT)
    page.get_by_label("Nombre del importador o exportador").fill("Importadora del Caribe S.A.S.")
    page.get_by_label("Mercancía").select_option("ordinaria")
    page.get_by_label("Embalaje", exact=True).select_option("contenedor")
    page.get_by_label("Puerto de cargue").fill("Houston")
    page.get_by_label("País de cargue").fill("US")
    page.get_by_label("Puerto de descargue").fill("Cartagena")
    page.get_by_label("País de descargue").fill("CO")
    page.get_by_label("Toneladas").fill("1000")
    page.get_by_label("Flete (USD)").fill("40000")
    page.get_by_role("button", name="Registrar", exact=True).click()

    tabla = page.get_by_role("table", name="Conocimientos de embarque")
    fila = tabla.get_by_role("row", name=re.compile("BL-2026-001"))
    expect(fila).to_contain_text("Importadora del Caribe S.A.S.")
    expect(fila).to_contain_text("1.000")
    arribo.refresh_from_db()
    assert arribo.sobordo_presentado == _hoy()
    assert arribo.conocimientos.get().numero == "BL-2026-001"


def test_importador_radica_y_dimar_concede_con_confirmacion_y_el_codigo_se_verifica(
    browser, page, ingresar, importador, dimar, live_server
):
    from core.comun.fechas import fecha_larga
    from reserva.models import Exoneracion

    # The importer files under ground a) and uploads the two documents it needs (art. 15).
    ingresar(page, importador.username)
    enlace_del_menu(page, "Exoneraciones").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Solicitudes de exoneración de reserva de carga")
    assert_sin_violaciones_graves(page)
    page.get_by_label("Fundamento").select_option("a")
    page.get_by_label("Ruta", exact=True).select_option("R-07")
    page.get_by_label("Mercancía").select_option("ordinaria")
    page.get_by_label("Clase de carga").select_option("general")
    page.get_by_label("Toneladas").fill("800")
    page.get_by_label("Puerto de origen").fill("Houston")
    page.get_by_label("Puerto de destino").fill("Cartagena")
    page.get_by_label("Licencia, registro o permiso").fill("LI-2026-0001")
    page.get_by_role("button", name="Radicar la solicitud").click()

    # The detail page answers only once the request has committed: read the database after it.
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Solicitud de exoneración n\.º \d+$"))
    exoneracion = Exoneracion.objects.get()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Solicitud de exoneración n.º {exoneracion.pk}")
    documentos = page.locator("section", has=page.get_by_role("heading", name="Documentos (art. 15)"))
    expect(documentos.get_by_text("Falta", exact=True)).to_have_count(2)
    documentos_del_expediente = (
        ("licencia", "licencia.pdf"),
        ("licencia", "licencia-2.pdf"),  # art. 15: two authenticated copies
        ("respuestas_armadores", "respuestas.pdf"),
    )
    for tipo, nombre in documentos_del_expediente:
        page.get_by_label("Documento", exact=True).select_option(tipo)
        page.get_by_label("Archivo (PDF, PNG o JPEG)").set_input_files(_pdf(nombre))
        page.get_by_role("button", name="Cargar el documento").click()
        expect(page.get_by_role("link", name=nombre)).to_be_visible()
    expect(documentos.get_by_text("Falta", exact=True)).to_have_count(0)
    assert_sin_violaciones_graves(page)

    # Dimar, in its own browser: reads the file, reviews the decision, confirms it.
    contexto = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-CO")
    try:
        pagina = contexto.new_page()
        ingresar(pagina, dimar.username)
        enlace_del_menu(pagina, "Exoneraciones").click()
        fila = pagina.get_by_role("table", name="Solicitudes").get_by_role("row", name=re.compile(IMPORTADOR_NIT))
        expect(fila).to_contain_text("Radicada")
        fila.get_by_role("link", name=str(exoneracion.pk), exact=True).click()
        expect(pagina.get_by_role("heading", level=1)).to_have_text(f"Solicitud de exoneración n.º {exoneracion.pk}")
        expect(pagina.get_by_role("link", name="licencia.pdf")).to_be_visible()
        expect(pagina.get_by_role("link", name="respuestas.pdf")).to_be_visible()
        embarcar = _hoy() + dt.timedelta(days=40)
        pagina.get_by_label("Decisión", exact=True).select_option("concedida")
        pagina.get_by_label("Fecha de la decisión").fill(_hoy().isoformat())
        pagina.get_by_label("Motivos").fill("Los armadores nacionales de la ruta no tienen capacidad en el lapso.")
        pagina.get_by_label("Deben ser embarcadas antes de").fill(embarcar.isoformat())
        pagina.get_by_label("Firma el sello").select_option("director_general")
        pagina.get_by_label("Nombre de quien firma").fill("Almirante Director de Prueba")
        pagina.get_by_role("button", name="Revisar la decisión").click()

        expect(pagina.get_by_role("heading", level=1)).to_have_text(
            f"Confirmar la decisión sobre la exoneración n.º {exoneracion.pk}"
        )
        # DOMAIN §8: an act notified with its recursos, in effect once firm (no longer «definitiva»)
        expect(pagina.get_by_text("Esta decisión no se puede deshacer en el portal:")).to_be_visible()
        expect(pagina.get_by_text(fecha_larga(embarcar))).to_be_visible()
        assert_sin_violaciones_graves(pagina)
        exoneracion.refresh_from_db()
        assert exoneracion.estado == Exoneracion.Estado.RADICADA  # nothing happens before confirming
        escribir_codigo(pagina, codigo(dimar))  # issue 24: a fresh code signs the decision
        pagina.get_by_role("button", name=re.compile("^Confirmar")).click()

        expect(pagina.get_by_role("heading", level=1)).to_have_text(f"Solicitud de exoneración n.º {exoneracion.pk}")
        expect(pagina.get_by_text("Concedida", exact=True)).to_be_visible()
        expect(pagina.get_by_role("link", name="Sello de exoneración (PDF)")).to_be_visible()
    finally:
        contexto.close()
    exoneracion.refresh_from_db()
    assert exoneracion.estado == Exoneracion.Estado.CONCEDIDA and exoneracion.codigo_verificacion

    # Anyone, without logging in, verifies the grant's code (the one the stamp and its QR carry).
    publico = browser.new_context(viewport=TABLETA, locale="es-CO")
    try:
        visitante = publico.new_page()
        visitante.goto(live_server.url + "/reserva/verificar/")
        expect(visitante.get_by_role("heading", level=1)).to_have_text("Verificar una exoneración de reserva de carga")
        visitante.get_by_label("Código de verificación").fill(exoneracion.codigo_verificacion)
        visitante.get_by_role("button", name="Verificar").click()
        resultado = visitante.get_by_role("status")
        expect(resultado).to_contain_text("Exoneración válida")
        expect(resultado).to_contain_text(f"NIT {IMPORTADOR_NIT}")
        expect(resultado).to_contain_text(f"deben ser embarcadas antes de {fecha_larga(embarcar)}")
        assert_sin_violaciones_graves(visitante)

        visitante.get_by_label("Código de verificación").fill("NO-EXISTE-123")
        visitante.get_by_role("button", name="Verificar").click()
        expect(visitante.get_by_role("alert")).to_contain_text("No existe una exoneración concedida")
    finally:
        publico.close()


@pytest.mark.parametrize(
    ("usuario", "ruta", "titulo"),
    [
        ("importador", "/reserva/cumplimiento/", re.compile("umplimiento")),
        ("dimar", "/reserva/nacional/", re.compile("eserva de carga")),
        ("dimar", "/reserva/controles/", re.compile("ontrol")),
        ("importador", "/reserva/contratos/", re.compile("ontratos")),
    ],
)
def test_paginas_de_reserva_sin_violaciones_graves(page, ingresar, request, usuario, ruta, titulo, live_server):
    quien = request.getfixturevalue(usuario)
    ingresar(page, quien.username)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")
    page.goto(live_server.url + ruta)
    expect(page.get_by_role("heading", level=1)).to_have_text(titulo)
    assert_sin_violaciones_graves(page)
