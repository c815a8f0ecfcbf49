"""Issue 26, defect 9: a form keeps what was typed. Changing the beneficiary's kind brings that kind's fields
with one request and keeps the name, identification and the rest already typed."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


@pytest.fixture
def analista(crear_usuario):
    from core.models import Capitania

    Capitania.objects.get_or_create(codigo="CP05", defaults={"nombre": "Cartagena"})
    return crear_usuario("analista1", "upme_analista")


def test_cambiar_el_tipo_conserva_lo_escrito_con_una_sola_peticion(page, live_server, ingresar, analista):
    ingresar(page, analista.username)
    page.goto(live_server.url + "/beneficiarios/nuevo/")
    page.wait_for_load_state("load")
    pedidas = []
    page.on("request", lambda r: pedidas.append(r.url) if "/beneficiarios/nuevo/" in r.url else None)
    page.get_by_label("Tipo de beneficiario").select_option("nave_nacional")
    expect(page.get_by_label("Matrícula")).to_be_visible()
    page.get_by_label("Nombre o razón social").fill("Atún del Pacífico")
    page.get_by_label("Identificación (NIT o documento del titular)").fill("900777111")
    page.get_by_label("Matrícula").fill("MC-05-1234")
    page.get_by_label("Tonelaje de registro bruto (TRB)").fill("350")
    page.get_by_label("Correo electrónico para avisos (opcional)").fill("flota@atun.com.co")
    pedidas.clear()

    page.get_by_label("Tipo de beneficiario").select_option("nave_extranjera")
    expect(page.get_by_label("NIT de la empresa colombiana afiliada")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert len(pedidas) == 1, pedidas
    expect(page.get_by_label("Nombre o razón social")).to_have_value("Atún del Pacífico")
    expect(page.get_by_label("Identificación (NIT o documento del titular)")).to_have_value("900777111")
    expect(page.get_by_label("Matrícula")).to_have_value("MC-05-1234")
    expect(page.get_by_label("Tonelaje de registro bruto (TRB)")).to_have_value("350")
    expect(page.get_by_label("Correo electrónico para avisos (opcional)")).to_have_value("flota@atun.com.co")
    # The address bar names the kind only: what was typed stays out of the URL and the history.
    expect(page).to_have_url(re.compile(r"/beneficiarios/nuevo/\?tipo=nave_extranjera$"))
