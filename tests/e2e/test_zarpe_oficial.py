"""The officer's screen in Chromium: find the vessel, issue the certificate, verify it (R-13 to R-16)."""

import re

import pytest
from playwright.sync_api import expect

from cupos.tests.reglas import cargar_reglas_r10
from tests.e2e.conftest import TABLETA
from tests.e2e.pasos import enlace_del_menu
from tests.e2e.test_accesibilidad import assert_sin_violaciones_graves

pytestmark = pytest.mark.e2e


@pytest.fixture
def dona_lucia(live_server):
    """DOMAIN.md's worked example vessel: firm on 2026-03-17, 24,000 gal/year, capacity 3,000."""
    from zarpes.tests.factories import nave_con_cupo

    # A live-server test flushes the database afterwards, taking the R-10 rules the migration
    # seeded with it: load them again (idempotent) so the cupo can become firm.
    cargar_reglas_r10()
    nave, _ = nave_con_cupo(nombre="Doña Lucía", matricula="MC-05-0777")
    return nave


@pytest.fixture
def oficial(crear_usuario, dona_lucia):
    from core.models import Capitania

    return crear_usuario("oficial1", "capitania_oficial", capitania=Capitania.objects.get(codigo="CP05"))


def test_oficial_expide_certificado_y_lo_verifica(page, live_server, ingresar, oficial, dona_lucia):
    from zarpes.models import Certificado

    ingresar(page, oficial.username)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")
    enlace_del_menu(page, "Zarpes").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Zarpes y certificados de cupo de exención")
    page.wait_for_load_state("load")  # htmx is a deferred script: type once it listens

    page.get_by_label("Matrícula o nombre de la nave").fill("MC-05-0777")
    expect(page.get_by_role("status").filter(has_text="nave")).to_have_text("1 nave encontrada.")
    page.get_by_role("link", name=re.compile("MC-05-0777")).click()

    panel = page.locator("#panel-nave")
    expect(panel.get_by_role("heading", level=2)).to_contain_text("Doña Lucía")
    expect(panel.get_by_role("heading", level=2)).to_be_focused()
    expect(page).to_have_url(re.compile(rf"/zarpes/\?nave={dona_lucia.id}$"))
    expect(panel).to_contain_text("Disponible hoy")
    expect(panel.get_by_label("Certificado anterior presentado")).to_have_value("")
    assert_sin_violaciones_graves(page)

    panel.get_by_label("Galones solicitados").fill("800")
    panel.get_by_role("button", name="Expedir certificado").click()

    expect(panel.get_by_role("heading", level=2)).to_contain_text("Certificado expedido")
    certificado = Certificado.objects.get(nave=dona_lucia)
    expect(panel.get_by_role("heading", level=2)).to_contain_text(certificado.numero)
    expect(panel).to_contain_text("Se expide certificado de cupo de exención por 800,00 galones.")
    expect(page.locator("#zarpes-del-dia")).to_contain_text(certificado.numero)
    expect(page.get_by_role("link", name="Imprimir certificado (PDF)")).to_have_attribute(
        "href", f"/zarpes/certificados/{certificado.numero}/pdf/"
    )
    assert_sin_violaciones_graves(page)

    page.get_by_role("link", name="Ver verificación").click()
    expect(page).to_have_url(live_server.url + f"/verificar/{certificado.codigo_verificacion}/")
    expect(page.get_by_role("status")).to_contain_text("Certificado válido")
    expect(page.locator("dl.ficha")).to_contain_text(certificado.numero)


def test_pantalla_del_oficial_en_tableta(page, ingresar, oficial, dona_lucia, live_server):
    page.set_viewport_size(TABLETA)
    ingresar(page, oficial.username)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")
    page.goto(live_server.url + f"/zarpes/?nave={dona_lucia.id}")
    boton = page.get_by_role("button", name="Expedir certificado")
    expect(boton).to_be_visible()
    assert boton.bounding_box()["height"] >= 44

    # A non-numeric amount is answered next to the field, in Spanish, and nothing is issued.
    page.get_by_label("Galones solicitados").fill("ochocientos")
    boton.click()
    galones = page.get_by_label("Galones solicitados")
    expect(galones).to_have_attribute("aria-invalid", "true")
    expect(galones).to_have_accessible_description(re.compile("por ejemplo 6.000,50"))
    assert_sin_violaciones_graves(page)
    ancho = page.evaluate("document.documentElement.scrollWidth")
    assert ancho <= TABLETA["width"], f"la página desborda horizontalmente ({ancho}px)"


def test_un_formulario_con_error_no_rompe_la_pagina_en_make_run(
    page, live_server, ingresar, oficial, dona_lucia, settings
):
    """make run serves with DEBUG on: a typo in the gallons is a 400 shown next to the field, and the
    page keeps its header, menu and stylesheet (django-htmx's debug script used to replace it all)."""
    settings.DEBUG = True
    ingresar(page, oficial.username)
    page.goto(live_server.url + f"/zarpes/?nave={dona_lucia.id}")
    page.wait_for_load_state("load")
    panel = page.locator("#panel-nave")
    panel.get_by_label("Galones solicitados").fill("abc")
    panel.get_by_role("button", name="Expedir certificado").click()
    expect(panel).to_contain_text("Escriba los galones con números")
    expect(page.get_by_role("navigation", name="Menú principal")).to_be_visible()
    expect(page.locator("header.cabecera")).to_be_visible()
    assert page.evaluate("() => [...document.styleSheets].some(h => (h.href || '').includes('portal'))")
