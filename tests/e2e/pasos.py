"""Steps that journeys on both servers take the same way: tests/e2e/ (PostgreSQL, live_server) and
tests/e2e/make_run/ (the server `make run` starts)."""

import re

from openpyxl import load_workbook
from playwright.sync_api import expect

CODIGO_ACTO = "Código de verificación (6 dígitos)"  # core.identidad.segundo_factor.ETIQUETA
CODIGO_INGRESO = "Código de verificación (6 dígitos) o código de recuperación"  # the login's second step


def enlace_del_menu(page, nombre: str):
    """A link of the main menu by its name (the alert counter may follow it), its task group opened first
    as a person would (issue 26: a long menu folds by task into <details>)."""
    navegacion = page.get_by_role("navigation", name="Menú principal")
    expect(navegacion).to_be_visible()
    nombre_del_enlace = re.compile(rf"^{re.escape(nombre)}\b")
    # A link inside a closed <details> is out of the accessibility tree until the group opens.
    oculto = page.get_by_role("link", name=nombre_del_enlace, include_hidden=True)
    grupo = navegacion.locator("details").filter(has=oculto)
    if grupo.count() and not grupo.first.evaluate("d => d.open"):
        grupo.first.locator("summary").click()
    return navegacion.get_by_role("link", name=nombre_del_enlace)


def escribir_codigo(page, codigo: str, *, etiqueta: str = CODIGO_ACTO) -> None:
    """Type the second-factor code (issue 24): on the login's second step, or on an act's confirmation."""
    page.get_by_label(etiqueta, exact=True).fill(codigo)


def expedir_asignacion_acpm(
    page, *, municipio: str, participan: str, indicador: str, sin_gnv_en: str, codigo: str
) -> None:
    """On the new-assignment page: the municipality's diesel assignment from 2026 (F-02: GNV factor 1,2 as
    it has no GNV station, interurban flow factor 1), once the preview says which stations take part."""
    page.get_by_label("Municipio", exact=True).select_option(municipio)
    expect(page.locator("#previa")).to_contain_text(participan)
    page.get_by_label("Combustible", exact=True).select_option("acpm")
    page.get_by_label("Primer año de la vigencia").select_option("2026")
    page.get_by_label("Indicador nacional de consumo per cápita (galones por habitante al mes)").fill(indicador)
    page.get_by_label("Factor de ajuste por gas natural vehicular").fill("1,2")
    page.get_by_label("Fuente del factor GNV").fill(f"Sin estaciones de GNV en {sin_gnv_en}")
    page.get_by_label("Factor de flujo vehicular interurbano").fill("1")
    escribir_codigo(page, codigo)  # issuing the resolution is an act with legal force (issue 24)
    page.get_by_role("button", name="Calcular y expedir la asignación").click()


def plantilla_de_lineas(page, tmp_path):
    """Download the allocation's XLSX template: (its path, the workbook, its sheet, the column numbers of
    the beneficiary id and of the annual gallons)."""
    with page.expect_download() as descarga:
        page.get_by_role("link", name="Exportar la plantilla XLSX").click()
    plantilla = tmp_path / "plantilla.xlsx"
    descarga.value.save_as(plantilla)
    libro = load_workbook(plantilla)
    hoja = libro.worksheets[0]
    encabezado = [c.value for c in hoja[1]]
    # Issue 26: the headers are words a person reads.
    return (
        plantilla,
        libro,
        hoja,
        encabezado.index("Id del beneficiario") + 1,
        encabezado.index("Galones anuales asignados") + 1,
    )


def importar_lineas(page, libro, plantilla) -> None:
    """Save the edited template and import it on the allocation page."""
    libro.save(plantilla)
    page.get_by_label("Archivo XLSX con las líneas").set_input_files(str(plantilla))
    page.get_by_role("button", name="Importar las líneas").click()


# DOMAIN §8 in the journeys that test what comes after a resolution's firmeza: a resolution issued today can be
# firm tomorrow at the earliest, so the journey records its act as issued `DIAS` days ago, each beneficiary notified
# in person and waiving its recursos the next day (firm from the day after). The procedure itself is walked through
# in cupos/tests/test_procedimiento_paginas.py.
DIAS = 7
_SQL_PROCEDIMIENTO = (
    "UPDATE core_acto SET fecha_expedicion = {p} WHERE id = (SELECT acto_id FROM cupos_resolucion "
    "WHERE anio = {p} AND numero = {p})",
    "UPDATE cupos_resolucion SET fecha_expedicion = {p} WHERE anio = {p} AND numero = {p}",
    "UPDATE core_interesado SET notificacion_medio = 'personal', notificacion_fecha = {p}, "
    "notificacion_soporte = 'Acta de notificación personal', renuncia_fecha = {p}, "
    "renuncia_soporte = 'Escrito de renuncia a términos', en_firme_desde = {p} "
    "WHERE acto_id = (SELECT acto_id FROM cupos_resolucion WHERE anio = {p} AND numero = {p}) "
    "AND COALESCE(beneficiario_id, 0) NOT IN (SELECT id FROM cupos_beneficiario WHERE matricula = {p}) "
    # A beneficiary whose cupo in force was drawn on from the firmeza's day cannot start a new cupo then:
    # its procedure is left running, as a person who has not yet waived its recursos.
    "AND COALESCE(beneficiario_id, 0) NOT IN (SELECT c.beneficiario_id FROM cupos_movimiento m "
    "JOIN cupos_cupo c ON c.id = m.cupo_id WHERE m.fecha >= {p} AND c.resolucion_id NOT IN "
    "(SELECT id FROM cupos_resolucion WHERE anio = {p} AND numero = {p})) "
    # nor one whose other cupo became firm and started that day or later (R-09: a later firm cupo leaves no room)
    "AND COALESCE(beneficiario_id, 0) NOT IN (SELECT beneficiario_id FROM cupos_cupo WHERE estado = 'en_firme' "
    "AND fecha_inicio >= {p})",
)


def _fechas_procedimiento(hoy):
    import datetime as dt

    expedida = hoy - dt.timedelta(days=DIAS)
    notificada = expedida + dt.timedelta(days=1)
    return expedida, notificada, notificada + dt.timedelta(days=1)


def procedimiento_cumplido(anio: int, numero: str, excepto: str = "") -> None:
    """In the suite's database (live_server journeys)."""
    from django.db import connection

    from core.vencimientos.calendario import today

    expedida, notificada, firme = _fechas_procedimiento(today())
    with connection.cursor() as cursor:
        a, b, c = (sql.format(p="%s") for sql in _SQL_PROCEDIMIENTO)
        cursor.execute(a, [expedida, anio, numero])
        cursor.execute(b, [expedida, anio, numero])
        cursor.execute(c, [notificada, notificada, firme, anio, numero, excepto, firme, anio, numero, firme])


def procedimiento_cumplido_make_run(make_run, anio: int, numero: str, hoy: str, excepto: str = "") -> None:
    """In `make run`'s SQLite file; the beneficiary of matrícula `excepto` walks the procedure itself."""
    import datetime as dt
    import sqlite3

    expedida, notificada, firme = (d.isoformat() for d in _fechas_procedimiento(dt.date.fromisoformat(hoy)))
    with sqlite3.connect(make_run.base_de_datos, timeout=30) as conexion:
        a, b, c = (sql.format(p="?") for sql in _SQL_PROCEDIMIENTO)
        conexion.execute(a, [expedida, anio, numero])
        conexion.execute(b, [expedida, anio, numero])
        conexion.execute(c, [notificada, notificada, firme, anio, numero, excepto, firme, anio, numero, firme])


# DOMAIN §8 for the border acts (an assignment, a plan's approval) in the journeys that test what comes after
# their ejecutoria: the latest one's act recorded as issued on `expedida`, each person concerned notified in person
# and waiving its recursos the next day, so it is final from the day after. The procedure itself is walked through
# in fronteras/tests/test_procedimiento.py.
_SQL_ACTO_FRONTERAS = (
    "UPDATE core_acto SET fecha_expedicion = {p} WHERE id = (SELECT acto_id FROM {tabla} ORDER BY id DESC LIMIT 1)",
    "UPDATE core_interesado SET notificacion_medio = 'personal', notificacion_fecha = {p}, "
    "notificacion_soporte = 'Acta de notificación personal', renuncia_fecha = {p}, "
    "renuncia_soporte = 'Escrito de renuncia a términos', en_firme_desde = {p} "
    "WHERE acto_id = (SELECT acto_id FROM {tabla} ORDER BY id DESC LIMIT 1)",
)
TABLA_ASIGNACION, TABLA_PLAN = "fronteras_asignacion", "fronteras_planabastecimiento"


def procedimiento_cumplido_fronteras(tabla: str, expedida) -> None:
    """In the suite's database (live_server journeys)."""
    import datetime as dt

    from django.db import connection

    notificada = expedida + dt.timedelta(days=1)
    with connection.cursor() as cursor:
        a, b = (sql.format(p="%s", tabla=tabla) for sql in _SQL_ACTO_FRONTERAS)
        cursor.execute(a, [expedida])
        cursor.execute(b, [notificada, notificada, notificada + dt.timedelta(days=1)])


def procedimiento_cumplido_fronteras_make_run(make_run, tabla: str, hoy: str) -> None:
    """In `make run`'s SQLite file: the act issued `DIAS` days before `hoy`."""
    import datetime as dt
    import sqlite3

    expedida, notificada, firme = (d.isoformat() for d in _fechas_procedimiento(dt.date.fromisoformat(hoy)))
    with sqlite3.connect(make_run.base_de_datos, timeout=30) as conexion:
        a, b = (sql.format(p="?", tabla=tabla) for sql in _SQL_ACTO_FRONTERAS)
        conexion.execute(a, [expedida])
        conexion.execute(b, [notificada, notificada, firme])
