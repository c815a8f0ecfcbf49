"""The annual allocation in Chromium (issue 12, R-05): from a new resolution to firm cupos.

New resolution → proposal → edit two lines inline → export the XLSX template, import it with one bad
row, read the error, fix it, import again → issue (confirm, wait for the job) → bulk firmeza
(confirm) → the cupos are firm.
"""

import datetime as dt
import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from core.tests.segundo_factor import codigo
from cupos.tests.reglas import cargar_reglas_r10
from tests.e2e.pasos import (
    enlace_del_menu,
    escribir_codigo,
    importar_lineas,
    plantilla_de_lineas,
    procedimiento_cumplido,
)
from tests.e2e.test_accesibilidad import assert_sin_violaciones_graves

pytestmark = pytest.mark.e2e


@pytest.fixture
def flota(live_server):
    """Alfa (20.000 gal in 2026) asks 24.000 for 2027; Beta continues its 2026 cupo of 12.000 with no
    application; Gamma, a new vessel, asks 9.000."""

    from core.identidad.roles import Rol
    from core.tests.factories import UsuarioFactory
    from core.vencimientos.calendario import today
    from cupos.models import Solicitud
    from cupos.services.cupos import cupo_declare_firm, cupo_grant
    from cupos.tests.factories import NaveFactory, ResolucionFactory

    cargar_reglas_r10()
    hoy = today()
    anio = hoy.year + 1
    sistema = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    anterior = ResolucionFactory(anio=anio - 1, numero="000010", fecha_expedicion=dt.date(anio - 1, 2, 20))
    naves = {n: NaveFactory(nombre=n) for n in ("Alfa", "Beta", "Gamma")}
    for nombre, galones in (("Alfa", "20000"), ("Beta", "12000")):
        cupo = cupo_grant(
            actor=sistema, resolucion=anterior, beneficiario=naves[nombre], galones_anuales=Decimal(galones)
        )
        cupo_declare_firm(actor=sistema, cupo=cupo, fecha_firmeza=dt.date(anio - 1, 3, 2))
    for nombre, galones in (("Alfa", "24000"), ("Gamma", "9000")):
        Solicitud.objects.create(
            beneficiario=naves[nombre], anio=anio, galones_solicitados=Decimal(galones), fecha_radicacion=hoy,
            estado=Solicitud.Estado.APROBADA,
        )
    return anio, naves


@pytest.fixture
def analista(crear_usuario, flota):
    return crear_usuario("analista1", "upme_analista")


def _fila(page, nombre):
    return page.locator("#propuesta tbody tr").filter(has=page.get_by_role("link", name=nombre, exact=True))


def _editar_linea(page, nombre, galones, motivo=""):
    fila = _fila(page, nombre)
    fila.get_by_role("link", name=re.compile("^Editar")).click()
    fila.get_by_label("Galones anuales").fill(galones)
    fila.get_by_label("Motivo").fill(motivo)
    fila.get_by_role("button", name="Guardar").click()
    return fila


def test_de_la_resolucion_nueva_a_los_cupos_en_firme(page, live_server, ingresar, analista, flota, tmp_path):
    from cupos.models import Cupo, LineaAsignacion, Resolucion

    anio, naves = flota
    ingresar(page, analista.username)
    enlace_del_menu(page, "Asignación anual").click()

    # 1. The resolution, with its motivación proposed from the sources.
    expect(page.get_by_role("heading", level=1)).to_have_text("Nueva resolución de cupos")
    expect(page.get_by_label("Año de los cupos")).to_have_value(str(anio))
    expect(page.get_by_label("Considerandos (motivación)")).to_contain_text("registros de la flota de la Dimar")
    assert_sin_violaciones_graves(page)
    page.get_by_label("Número").fill("000045")
    page.get_by_role("button", name="Crear la resolución en borrador").click()

    # 2. The proposal: one line per beneficiary with its evidence, and the countdown.
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Asignación de cupos: resolución No. 000045 de {anio}")
    expect(page.locator(".plazo__cifra")).to_contain_text("Falta")
    page.wait_for_load_state("load")  # htmx is a deferred script: act once it listens
    expect(_fila(page, "Alfa")).to_contain_text("24.000,00")
    expect(_fila(page, "Alfa")).to_contain_text("20.000,00")
    expect(_fila(page, "Beta")).to_contain_text("Cupo vigente del año anterior")
    expect(_fila(page, "Gamma")).to_contain_text("(sin fijar)")
    assert_sin_violaciones_graves(page)

    # 3. Two lines edited inline; a different amount needs its reason, said next to the field.
    fila = _editar_linea(page, "Alfa", "22000")
    expect(fila).to_contain_text("Escriba el motivo: los galones difieren de los solicitados (24.000,00).")
    assert_sin_violaciones_graves(page)
    fila.get_by_label("Motivo").fill("Consumo menor el año anterior")
    fila.get_by_role("button", name="Guardar").click()
    expect(_fila(page, "Alfa")).to_contain_text("Línea de Alfa guardada: 22.000,00 galones.")
    fila = _editar_linea(page, "Beta", "12500", "Aumento de la capacidad de bodega")
    expect(_fila(page, "Beta")).to_contain_text("Línea de Beta guardada: 12.500,00 galones.")
    assert LineaAsignacion.objects.count() == 2

    # 4. The XLSX template, filled offline with one bad row: nothing saved, the error by row and column.
    plantilla, libro, hoja, col_id, col_galones = plantilla_de_lineas(page, tmp_path)
    fila_gamma = next(r for r in range(3, hoja.max_row + 1) if hoja.cell(r, col_id).value == naves["Gamma"].id)
    hoja.cell(fila_gamma, col_galones).value = "nueve mil"
    importar_lineas(page, libro, plantilla)
    errores = page.locator("#errores-importacion")
    expect(errores).to_contain_text("No se importó ninguna línea.")
    error = errores.get_by_role("row").filter(has_text="no es una cantidad de galones")
    expect(error.get_by_role("cell").first).to_have_text(str(fila_gamma))  # the row as in the spreadsheet
    expect(error.get_by_role("cell").nth(1)).to_contain_text("Galones anuales asignados")
    assert_sin_violaciones_graves(page)
    assert not LineaAsignacion.objects.filter(beneficiario=naves["Gamma"]).exists()

    hoja.cell(fila_gamma, col_galones).value = 9000
    importar_lineas(page, libro, plantilla)
    expect(page.get_by_role("status")).to_contain_text("Se importaron 3 líneas del archivo.")
    expect(_fila(page, "Gamma")).to_contain_text("9.000,00")

    # 5. Issue: the confirmation says exactly what will happen, then the job runs with its progress.
    page.get_by_role("link", name="Expedir resolución").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Expedir la resolución No. 000045 de {anio}")
    expect(page.locator("main")).to_contain_text("Se expedirán 3 cupos por 43.500,00 galones anuales")
    assert Resolucion.objects.get(numero="000045").estado == Resolucion.Estado.BORRADOR
    escribir_codigo(page, codigo(analista))  # issue 24: a fresh code signs the act
    page.get_by_role("button", name="Confirmar la expedición").click()
    expect(page.get_by_role("heading", level=2, name="Estado: Expedida")).to_be_visible(timeout=60_000)
    resolucion = Resolucion.objects.get(numero="000045")
    assert resolucion.cupos.filter(estado=Cupo.Estado.EXPEDIDO).count() == 3

    # 6. Bulk firmeza, with its confirmation: the cupos are firm (DOMAIN §8: once notified and waived).
    procedimiento_cumplido(anio, "000045")
    page.get_by_role("link", name="Ir a la resolución y declarar la firmeza").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Resolución No. 000045 de {anio}")
    page.get_by_role("button", name="Declarar firmeza de todos los cupos expedidos").click()
    expect(page.locator("main")).to_contain_text(f"3 cupos de la resolución 000045 de {anio} quedarán en firme")
    escribir_codigo(page, codigo(analista))
    page.get_by_role("button", name="Confirmar la firmeza").click()
    # Issuing asked for the PDF, which the firmeza now leaves out of date (that notice is a status too).
    firmeza = page.get_by_role("region", name="Firmeza de los cupos")
    expect(firmeza.get_by_role("status")).to_contain_text("Se declaró la firmeza de 3 cupos")
    assert set(resolucion.cupos.values_list("estado", flat=True)) == {Cupo.Estado.EN_FIRME}
    expect(page.get_by_role("link", name="Alfa", exact=True)).to_be_visible()
    expect(page.locator("main")).not_to_contain_text("Expedir resolución")


def test_con_debug_un_error_de_linea_conserva_la_pagina(page, live_server, ingresar, analista, flota, settings):
    """make run serves with DEBUG on: a typo in a line's gallons is a 400 shown in the row, and the page
    keeps its header, menu and stylesheet."""
    from core.vencimientos.calendario import today
    from cupos.services.resoluciones import resolucion_create

    anio, _ = flota
    resolucion = resolucion_create(actor=analista, anio=anio, numero="000046", fecha_expedicion=today())
    settings.DEBUG = True
    ingresar(page, analista.username)
    page.goto(live_server.url + f"/resoluciones/{resolucion.id}/")
    page.wait_for_load_state("load")
    fila = _editar_linea(page, "Alfa", "abc")
    expect(fila).to_contain_text("Escriba los galones con números")
    expect(page.get_by_role("navigation", name="Menú principal")).to_be_visible()
    expect(page.locator("header.cabecera")).to_be_visible()
    assert page.evaluate("() => [...document.styleSheets].some(h => (h.href || '').includes('portal'))")


def test_registro_de_un_beneficiario_pide_los_datos_de_su_tipo(page, live_server, ingresar, analista):
    """R-01/R-02: the kind chosen brings its own fields (htmx); a refusal is said next to the field."""
    from cupos.models import Beneficiario

    ingresar(page, analista.username)
    page.goto(live_server.url + "/beneficiarios/")
    page.get_by_role("link", name="Registrar beneficiario").click()
    page.wait_for_load_state("load")
    page.get_by_label("Tipo de beneficiario").select_option("nave_extranjera")
    expect(page.get_by_label("NIT de la empresa colombiana afiliada")).to_be_visible()
    expect(page).to_have_url(re.compile(r"tipo=nave_extranjera"))
    page.get_by_label("Nombre o razón social").fill("Atún del Pacífico")
    page.get_by_label("Identificación (NIT o documento del titular)").fill("PA-778899")
    page.get_by_label("Matrícula").fill("PA-1234")
    page.get_by_label("Bandera").fill("PA")
    page.get_by_label("Tonelaje de registro bruto (TRB)").fill("350")
    page.get_by_label("Actividad").select_option("pesca")
    page.get_by_label("Capacidad máxima de combustible (galones)").fill("9000")
    page.get_by_label("Capitanía de puerto").select_option("CP05")
    page.get_by_label("Permiso de operación en aguas colombianas vigente hasta").fill("2027-12-31")
    page.get_by_role("button", name="Registrar beneficiario").click()
    campo = page.locator("#id_empresa_nit_error")
    expect(campo).to_have_text("Una nave extranjera debe estar afiliada a una empresa colombiana (NIT).")
    assert not Beneficiario.objects.filter(matricula="PA-1234").exists()
    page.get_by_label("NIT de la empresa colombiana afiliada").fill("900123456")
    page.get_by_role("button", name="Registrar beneficiario").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Atún del Pacífico")
    expect(page.get_by_role("status")).to_contain_text("Se registró el beneficiario Atún del Pacífico.")
    assert Beneficiario.objects.get(matricula="PA-1234").bandera == "PA"
