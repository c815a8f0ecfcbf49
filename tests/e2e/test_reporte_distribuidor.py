"""A wholesaler uploads a monthly report with errors, reads them by row, fixes it and re-uploads (R-20)."""

import datetime as dt
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from cupos.tests.reglas import cargar_reglas_r10

pytestmark = pytest.mark.e2e


@pytest.fixture
def venta_con_certificado(live_server):

    from distribuidores.tests.factories import certificado_de
    from zarpes.tests.factories import nave_con_cupo

    cargar_reglas_r10()
    nave, _ = nave_con_cupo(nombre="Brisa del Caribe", matricula="MC-05-0555", identificacion="900555555")
    return nave, certificado_de(nave, "900", dt.date(2026, 10, 5))


def test_mayorista_corrige_y_vuelve_a_cargar_su_reporte(
    page, live_server, ingresar, crear_usuario, venta_con_certificado, tmp_path
):
    from core.tests.factories import DistribuidorFactory
    from distribuidores.models import ReporteMensual

    nave, cert = venta_con_certificado
    crear_usuario("mayorista1", "distribuidor", distribuidor=DistribuidorFactory(nit="900456123"))
    con_error = tmp_path / "reporte-octubre.csv"
    con_error.write_text(
        "fecha;identificacion_beneficiario;certificado;galones\n"
        f"2026-10-06;{nave.identificacion};{cert.numero};850,00\n"
        f"2026-10-07;{nave.identificacion};;doscientos\n",
        encoding="utf-8-sig",
    )
    ingresar(page, "mayorista1")
    page.goto(live_server.url + "/distribuidores/reportes/")
    page.get_by_label("Mes reportado").fill("2026-10")
    page.get_by_label("Archivo del reporte (CSV o XLSX)").set_input_files(str(con_error))
    page.get_by_role("button", name="Cargar el reporte").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Reporte mensual de octubre de 2026")
    errores = page.locator("section", has=page.get_by_role("heading", name="Errores por fila"))
    fila = errores.get_by_role("row").filter(has_text="galones")
    expect(fila.get_by_role("cell").first).to_have_text("3")  # the row as the user sees it in the spreadsheet

    corregido = tmp_path / "reporte-octubre-corregido.csv"
    corregido.write_text(
        "fecha;identificacion_beneficiario;certificado;galones\n"
        f"2026-10-06;{nave.identificacion};{cert.numero};850,00\n",
        encoding="utf-8-sig",
    )
    page.goto(live_server.url + "/distribuidores/reportes/")
    page.get_by_label("Mes reportado").fill("2026-10")
    page.get_by_label("Archivo del reporte (CSV o XLSX)").set_input_files(str(corregido))
    page.get_by_role("button", name="Cargar el reporte").click()
    # Issue 45: the month is already reported, so nothing is replaced until the wholesaler says so.
    expect(page.get_by_text("Ya envió el reporte de octubre de 2026 (versión 1").first).to_be_visible()
    assert ReporteMensual.objects.count() == 1
    page.get_by_label("Reemplazar el reporte ya enviado de ese mes").check()
    page.get_by_label("Archivo del reporte (CSV o XLSX)").set_input_files(str(corregido))
    page.get_by_role("button", name="Cargar el reporte").click()

    expect(page.get_by_role("heading", level=2, name="Estado: Procesado")).to_be_visible()
    expect(page.get_by_text("Ninguna fila tiene errores.")).to_be_visible()
    vigente = ReporteMensual.objects.get(vigente=True)
    assert (vigente.version, vigente.filas_validas, vigente.filas_con_error) == (2, 1, 0)
    assert vigente.total_galones == Decimal("850.00")
