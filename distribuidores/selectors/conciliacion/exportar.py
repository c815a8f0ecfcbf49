"""The reconciliation as an Excel workbook: a sheet of discrepancies and a sheet of totals.

Written with openpyxl's write-only mode (rows streamed, constant memory). Text that a spreadsheet
would read as a formula (= + - @, or a leading tab/carriage return) is prefixed with an apostrophe:
a wholesaler's report can put any text in a certificate number (CSV/formula injection, OWASP).
"""

from decimal import Decimal
from io import BytesIO

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font

from distribuidores.errors import DiscrepanciaConciliacion
from distribuidores.selectors.conciliacion.tipos import Conciliacion, Hallazgo

PELIGROSOS = ("=", "+", "-", "@", "\t", "\r")
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


def celda_segura(valor):
    """A value safe to put in a cell: formula-like text becomes literal text, and control
    characters XML cannot hold (a report row can carry any byte) are dropped."""
    if not isinstance(valor, str):
        return valor
    valor = ILLEGAL_CHARACTERS_RE.sub("", valor)
    return "'" + valor if valor.startswith(PELIGROSOS) else valor


def _fila(hallazgo: Hallazgo) -> list:
    return [
        hallazgo.codigo, hallazgo.codigo_nombre, hallazgo.detalle, hallazgo.distribuidor_nit,
        hallazgo.distribuidor_nombre, hallazgo.beneficiario_nombre, hallazgo.matricula, hallazgo.certificado,
        hallazgo.fecha, hallazgo.galones, hallazgo.referencia, FUENTES.get(hallazgo.fuente, hallazgo.fuente),
        hallazgo.fila,
    ]


def celdas(hoja, valores, *, negrita=False) -> list:
    """A row of write-only cells, each through celda_segura (also the Art. 15 relación's rows)."""
    resultado = []
    for valor in valores:
        celda = WriteOnlyCell(hoja, value=celda_segura(valor))
        if isinstance(valor, Decimal):
            celda.number_format = "#,##0.00"
        elif hasattr(valor, "isoformat"):
            celda.number_format = "yyyy-mm-dd"
        if negrita:
            celda.font = Font(bold=True)
        resultado.append(celda)
    return resultado


def conciliacion_xlsx(conciliacion: Conciliacion, hallazgos: list[Hallazgo] | None = None) -> bytes:
    """The workbook's bytes. `hallazgos` defaults to all of the month's (pass a filtered list)."""
    hallazgos = conciliacion.hallazgos if hallazgos is None else hallazgos
    libro = Workbook(write_only=True)

    hoja = libro.create_sheet("Discrepancias")
    for letra, (_, ancho) in zip("ABCDEFGHIJKLM", COLUMNAS, strict=True):
        hoja.column_dimensions[letra].width = ancho
    hoja.freeze_panes = "A2"
    hoja.append(celdas(hoja, [titulo for titulo, _ in COLUMNAS], negrita=True))
    for hallazgo in hallazgos:
        hoja.append(celdas(hoja, _fila(hallazgo)))

    totales = conciliacion.totales
    hoja = libro.create_sheet("Totales")
    hoja.column_dimensions["A"].width = 50
    hoja.column_dimensions["B"].width = 18
    hoja.append(celdas(hoja, ["Periodo", f"{conciliacion.periodo:%Y-%m}"], negrita=True))
    hoja.append(celdas(hoja, ["Concepto", "Galones"], negrita=True))
    for concepto, valor in [
        ("Certificados de cupo de exención", totales.certificados),
        ("Verificados por el inspector", totales.verificados),
        ("Vendidos (ventas registradas)", totales.vendido),
        ("Reportados por los distribuidores", totales.reportado),
        ("Declarados por los beneficiarios", totales.declarado),
    ]:
        if valor is not None:
            hoja.append(celdas(hoja, [concepto, valor]))
    hoja.append([])
    hoja.append(celdas(hoja, ["Discrepancia", "Cantidad"], negrita=True))
    for codigo, nombre in DiscrepanciaConciliacion.choices:
        hoja.append(celdas(hoja, [f"{nombre} ({codigo})", conciliacion.conteo.get(codigo, 0)]))
    hoja.append(celdas(hoja, ["Total de discrepancias", len(conciliacion.hallazgos)], negrita=True))

    salida = BytesIO()
    libro.save(salida)
    return salida.getvalue()
