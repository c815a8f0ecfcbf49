"""Issue 12's journey on the server `make run` starts (SQLite file, DEBUG on, Celery eager) with the demo:
the analyst takes the demo's 2027 draft from the proposal to firm cupos. The same job on PostgreSQL,
from a new resolution, is tests/e2e/test_asignacion.py."""

import re

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect

from tests.e2e.make_run.conftest import menu
from tests.servidores import esperar

pytestmark = pytest.mark.e2e


def filas(page):
    return page.locator("#propuesta tbody tr")


def editar(page, nombre: str, galones: str, motivo: str):
    fila = filas(page).filter(has=page.get_by_role("link", name=nombre, exact=True))
    fila.get_by_role("link", name=re.compile("^Editar")).click()
    fila.get_by_label("Galones anuales").fill(galones)
    fila.get_by_label("Motivo").fill(motivo)
    fila.get_by_role("button", name="Guardar").click()
    expect(filas(page).filter(has=page.get_by_role("link", name=nombre, exact=True))).to_contain_text(
        f"Línea de {nombre} guardada"
    )


def test_analista_asigna_2027_importa_expide_y_declara_la_firmeza(page, make_run, ingresar, tmp_path):
    ingresar(page, "analista")
    menu(page, "Asignación anual").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Asignación de cupos: .* de 2027$"))
    expect(page.locator(".plazo__cifra")).to_be_visible()  # the 28 February countdown
    principal = page.get_by_role("main")
    expect(principal).to_contain_text("Cupo vigente del año anterior")  # continuity lines
    expect(principal).not_to_contain_text("_")  # no internal codes in what the analyst reads

    # Two lines set in place, each with the reason for differing from the request.
    nombres = [n.strip() for n in filas(page).locator("th a").all_inner_texts()][:2]
    assert len(nombres) == 2, nombres
    editar(page, nombres[0], "10000", "Consumo del año anterior menor que el cupo")
    editar(page, nombres[1], "12500", "Aumento de la capacidad de bodega")

    # The XLSX template filled offline with one bad row: nothing saved, the row and column named.
    with page.expect_download() as descarga:
        page.get_by_role("link", name="Exportar la plantilla XLSX").click()
    plantilla = tmp_path / "plantilla.xlsx"
    descarga.value.save_as(plantilla)
    libro = load_workbook(plantilla)
    hoja = libro.worksheets[0]
    encabezado = [c.value for c in hoja[1]]
    col_id, col_galones = encabezado.index("beneficiario") + 1, encabezado.index("galones_anuales") + 1
    fila_mala = next(r for r in range(2, hoja.max_row + 1) if isinstance(hoja.cell(r, col_id).value, int))
    bueno = hoja.cell(fila_mala, col_galones).value
    hoja.cell(fila_mala, col_galones).value = "nueve mil"
    libro.save(plantilla)
    lineas_antes = make_run.consultar("SELECT COUNT(*) FROM cupos_lineaasignacion")[0][0]
    page.get_by_label("Archivo XLSX con las líneas").set_input_files(str(plantilla))
    page.get_by_role("button", name="Importar las líneas").click()
    errores = page.locator("#errores-importacion")
    expect(errores).to_contain_text("No se importó ninguna línea.")
    error = errores.get_by_role("row").filter(has_text="no es una cantidad de galones")
    expect(error.get_by_role("cell").first).to_have_text(str(fila_mala))
    assert make_run.consultar("SELECT COUNT(*) FROM cupos_lineaasignacion")[0][0] == lineas_antes

    hoja.cell(fila_mala, col_galones).value = bueno if bueno not in (None, "") else 9000
    libro.save(plantilla)
    page.get_by_label("Archivo XLSX con las líneas").set_input_files(str(plantilla))
    page.get_by_role("button", name="Importar las líneas").click()
    expect(page.get_by_role("status")).to_contain_text("Se importaron")

    # Issue, after the confirmation that says what will happen; the job runs in the request (eager).
    page.get_by_role("link", name="Expedir resolución").click()
    expect(page.get_by_role("main")).to_contain_text(re.compile(r"Se expedirán [\d.]+ cupos por [\d.]+,\d\d galones"))
    page.get_by_role("button", name="Confirmar la expedición").click()
    expect(page.get_by_role("heading", level=2, name="Estado: Expedida")).to_be_visible(timeout=60_000)
    expedidos = make_run.consultar(
        "SELECT COUNT(*) FROM cupos_cupo c JOIN cupos_resolucion r ON r.id = c.resolucion_id WHERE r.anio = 2027"
    )[0][0]
    assert expedidos >= 2

    # Bulk firmeza, with its confirmation: every cupo of the resolution is firm.
    page.get_by_role("link", name="Ir a la resolución y declarar la firmeza").click()
    page.get_by_role("button", name="Declarar firmeza de todos los cupos expedidos").click()
    expect(page.get_by_role("main")).to_contain_text(f"{expedidos} cupos de la resolución")
    page.get_by_role("button", name="Confirmar la firmeza").click()
    esperar(
        lambda: make_run.consultar(
            "SELECT COUNT(*) FROM cupos_cupo c JOIN cupos_resolucion r ON r.id = c.resolucion_id "
            "WHERE r.anio = 2027 AND c.estado = 'en_firme'"
        )[0][0]
        == expedidos,
        segundos=60,
        que=f"{expedidos} cupos de 2027 en firme",
    )
    assert "Traceback" not in make_run.texto_registro()
