"""Logging in through the real login form in Chromium."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.pasos import enlace_del_menu

pytestmark = pytest.mark.e2e

CAPTURAS = Path(__file__).resolve().parents[2] / "docs" / "img"


def test_ingreso_muestra_inicio_y_menu(page, live_server, crear_usuario, ingresar):
    crear_usuario("analista1", "upme_analista", first_name="Ana", last_name="Rojas")

    ingresar(page, "analista1")

    expect(page).to_have_url(live_server.url + "/")
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Bienvenido"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("Ana Rojas")
    menu = page.get_by_role("navigation", name="Menú principal")
    expect(menu.get_by_role("link", name="Inicio")).to_have_attribute("aria-current", "page")
    expect(enlace_del_menu(page, "Capitanías")).to_be_visible()
    expect(enlace_del_menu(page, "Distribuidores")).to_be_visible()
    expect(page.get_by_role("button", name="Cerrar sesión")).to_be_visible()
    if os.environ.get("SCREENSHOTS") == "1":
        CAPTURAS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(CAPTURAS / "inicio.png"), full_page=True)


def test_clave_incorrecta_muestra_error_en_espanol(page, live_server, crear_usuario, ingresar):
    crear_usuario("analista2", "upme_analista")

    ingresar(page, "analista2", password="no-es-la-clave")

    expect(page).to_have_url(re.compile(r"/ingresar/$"))
    expect(page.get_by_role("alert")).to_contain_text("Usuario o contraseña incorrectos")
    expect(page.get_by_role("heading", level=1)).to_have_text("Iniciar sesión")
    expect(page.get_by_role("navigation", name="Menú principal")).to_have_count(0)


def test_cerrar_sesion_vuelve_al_ingreso(page, live_server, crear_usuario, ingresar):
    crear_usuario("analista3", "upme_analista")
    ingresar(page, "analista3")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bienvenido")

    page.get_by_role("button", name="Cerrar sesión").click()

    expect(page).to_have_url(re.compile(r"/ingresar/$"))
    page.goto(live_server.url + "/")
    expect(page).to_have_url(re.compile(r"/ingresar/\?next=/$"))


def test_campos_vacios_describen_el_error(page, live_server):
    page.goto(live_server.url + "/ingresar/")
    page.get_by_role("button", name="Ingresar").click()

    usuario = page.get_by_label("Usuario", exact=True)
    expect(usuario).to_have_attribute("aria-invalid", "true")
    expect(usuario).to_have_accessible_description("Este campo es obligatorio.")
    expect(page.get_by_label("Contraseña", exact=True)).to_have_accessible_description(
        "Este campo es obligatorio."
    )
