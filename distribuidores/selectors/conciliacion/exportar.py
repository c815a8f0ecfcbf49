"""The reconciliation as an Excel workbook: a sheet of discrepancies and a sheet of totals.

Written with openpyxl's write-only mode (rows streamed, constant memory) through core.archivos.exportar,
which turns text a spreadsheet would read as a formula into literal text: a wholesaler's report
can put any text in a certificate number (CSV/formula injection, OWASP).
"""

import datetime as dt

from core.archivos.exportar import agregar_fila, libro_xlsx, xlsx_bytes
from distribuidores.errors import DiscrepanciaConciliacion
from distribuidores.selectors.conciliacion.mes import conciliacion_mes
from distribuidores.selectors.conciliacion.tipos import Conciliacion, Hallazgo

FUENTES = {
    "venta": "Venta registrada",
    "reporte": "Reporte mensual",
    "certificado": "Certificado",
    "declaracion": "Declaración",
    "distribuidor": "Distribuidor",
}
COLUMNAS = [
    ("Código", 30), ("Discrepancia", 45), ("Detalle", 90), ("NIT distribuidor", 16), ("Distribuidor", 30),
    ("Beneficiario", 30), ("Matrícula", 14), ("Certificado", 20), ("Fecha", 12), ("Galones", 14),
    ("Galones de referencia", 14), ("Fuente", 18), ("Fila del reporte", 10),
]


def _fila(hallazgo: Hallazgo) -> list:
    return [
        hallazgo.codigo, hallazgo.codigo_nombre, hallazgo.detalle, hallazgo.distribuidor_nit,
        hallazgo.distribuidor_nombre, hallazgo.beneficiario_nombre, hallazgo.matricula, hallazgo.certificado,
        hallazgo.fecha, hallazgo.galones, hallazgo.referencia, FUENTES.get(hallazgo.fuente, hallazgo.fuente),
        hallazgo.fila,
    ]


def conciliacion_xlsx(conciliacion: Conciliacion, hallazgos: list[Hallazgo] | None = None) -> bytes:
    """The workbook's bytes. `hallazgos` defaults to all of the month's (pass a filtered list)."""
    hallazgos = conciliacion.hallazgos if hallazgos is None else hallazgos
    libro = libro_xlsx(write_only=True)

    hoja = libro.create_sheet("Discrepancias")
    for letra, (_, ancho) in zip("ABCDEFGHIJKLM", COLUMNAS, strict=True):
        hoja.column_dimensions[letra].width = ancho
    hoja.freeze_panes = "A2"
    agregar_fila(hoja, [titulo for titulo, _ in COLUMNAS], negrita=True)
    for hallazgo in hallazgos:
        agregar_fila(hoja, _fila(hallazgo))

    totales = conciliacion.totales
    hoja = libro.create_sheet("Totales")
    hoja.column_dimensions["A"].width = 50
    hoja.column_dimensions["B"].width = 18
    agregar_fila(hoja, ["Periodo", f"{conciliacion.periodo:%Y-%m}"], negrita=True)
    agregar_fila(hoja, ["Concepto", "Galones"], negrita=True)
    for concepto, valor in [
        ("Certificados de cupo de exención", totales.certificados),
        ("Verificados por el inspector", totales.verificados),
        ("Vendidos (ventas registradas)", totales.vendido),
        ("Reportados por los distribuidores", totales.reportado),
        ("Declarados por los beneficiarios", totales.declarado),
    ]:
        if valor is not None:
            agregar_fila(hoja, [concepto, valor])
    hoja.append([])
    agregar_fila(hoja, ["Discrepancia", "Cantidad"], negrita=True)
    for codigo, nombre in DiscrepanciaConciliacion.choices:
        agregar_fila(hoja, [f"{nombre} ({codigo})", conciliacion.conteo.get(codigo, 0)])
    agregar_fila(hoja, ["Total de discrepancias", len(conciliacion.hallazgos)], negrita=True)

    return xlsx_bytes(libro)


def conciliacion_anual_xlsx(*, anio: int, hasta: dt.date, distribuidor_id: int | None, destino, avance=None) -> int:
    """A year's reconciliation (each finished month up to `hasta`) written to `destino` in write-only
    mode: the discrepancies of one month at a time are streamed into the sheet, then dropped; a sheet
    of totals per month. Returns the discrepancies written; `avance(mes, meses)` after each month."""
    meses = [dt.date(anio, m, 1) for m in range(1, 13) if dt.date(anio, m, 1) <= hasta]
    libro = libro_xlsx(write_only=True)
    hoja = libro.create_sheet("Discrepancias")
    for letra, (_, ancho) in zip("ABCDEFGHIJKLMN", [("Periodo", 10), *COLUMNAS], strict=True):
        hoja.column_dimensions[letra].width = ancho
    hoja.freeze_panes = "A2"
    agregar_fila(hoja, ["Periodo", *(titulo for titulo, _ in COLUMNAS)], negrita=True)
    totales = []
    escritas = 0
    for i, periodo in enumerate(meses, start=1):
        resultado = conciliacion_mes(periodo=periodo, distribuidor_id=distribuidor_id)
        for hallazgo in resultado.hallazgos:
            agregar_fila(hoja, [f"{periodo:%Y-%m}", *_fila(hallazgo)])
        escritas += len(resultado.hallazgos)
        t = resultado.totales
        totales.append([f"{periodo:%Y-%m}", t.certificados, t.verificados, t.vendido, t.reportado, t.declarado,
                        len(resultado.hallazgos)])
        del resultado
        if avance is not None:
            avance(i, len(meses))
    hoja = libro.create_sheet("Totales por mes")
    for letra, ancho in zip("ABCDEFG", (10, 16, 16, 16, 16, 16, 14), strict=True):
        hoja.column_dimensions[letra].width = ancho
    agregar_fila(hoja, ["Periodo", "Certificados", "Verificados", "Vendidos", "Reportados", "Declarados",
                        "Discrepancias"], negrita=True)
    for fila in totales:
        agregar_fila(hoja, fila)
    libro.save(destino)
    return escritas
