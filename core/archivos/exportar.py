"""Every CSV and XLSX the portal hands out is written here, one way.

A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one) as a
formula: a station named `=HYPERLINK(…)`, or a certificate number a wholesaler typed, would run on
the reader's machine (CSV/formula injection, OWASP). Such text gets a leading apostrophe, which
spreadsheets show as literal text. Numbers and dates are written as they are. XLSX cells also lose
the control characters XML cannot hold (a report row can carry any byte).

tests/test_exportar.py checks that no app writes a CSV or a workbook any other way.
"""

import csv
import datetime as dt
import io
from collections.abc import Iterable, Iterator
from decimal import Decimal

from django.http import HttpResponse
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

PELIGROSOS = ("=", "+", "-", "@", "\t", "\r")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"


def texto_seguro(valor):
    """Text a spreadsheet would read as a formula becomes literal text; anything else is unchanged."""
    if isinstance(valor, str) and valor.startswith(PELIGROSOS):
        return "'" + valor
    return valor


def celda_segura(valor):
    """A value safe to put in an XLSX cell: texto_seguro, without the characters XML cannot hold."""
    if isinstance(valor, str):
        valor = ILLEGAL_CHARACTERS_RE.sub("", valor)
    return texto_seguro(valor)


def csv_bytes(encabezado: Iterable, filas: Iterable[Iterable], *, bom: bool = True) -> bytes:
    """UTF-8 (with a BOM by default: Excel then shows accents right), comma-separated, CRLF."""
    salida = io.StringIO()
    escritor = csv.writer(salida, lineterminator="\r\n")
    escritor.writerow([texto_seguro(v) for v in encabezado])
    escritor.writerows([texto_seguro(v) for v in fila] for fila in filas)
    return (("\ufeff" if bom else "") + salida.getvalue()).encode("utf-8")


def libro_xlsx(*, write_only: bool = False) -> Workbook:
    """A new workbook; fill it only through agregar_fila."""
    return Workbook(write_only=write_only)


def agregar_fila(hoja, valores: Iterable, *, negrita: bool = False, formatos: dict | None = None) -> None:
    """Append one row of safe cells: gallons (Decimal) as #,##0.00 and dates as yyyy-mm-dd unless
    `formatos` (column index → number format) says otherwise."""
    celdas = []
    for i, valor in enumerate(valores):
        celda = WriteOnlyCell(hoja, value=celda_segura(valor))
        if formatos and i in formatos:
            celda.number_format = formatos[i]
        elif isinstance(valor, Decimal):
            celda.number_format = "#,##0.00"
        elif isinstance(valor, dt.date):
            celda.number_format = "yyyy-mm-dd"
        if negrita:
            celda.font = Font(bold=True)
        celdas.append(celda)
    hoja.append(celdas)


def xlsx_bytes(libro: Workbook) -> bytes:
    salida = io.BytesIO()
    libro.save(salida)
    return salida.getvalue()


def descarga(contenido: bytes, tipo: str, nombre: str) -> HttpResponse:
    """A file to save: `contenido` of the MIME type `tipo`, as an attachment named `nombre`, that a
    browser must not sniff as any other type."""
    respuesta = HttpResponse(contenido, content_type=tipo)
    respuesta["Content-Disposition"] = f'attachment; filename="{nombre}"'
    respuesta["X-Content-Type-Options"] = "nosniff"
    return respuesta


def plantilla_carga_xlsx(
    *, titulo: str, columnas: Iterable, ejemplos: Iterable[Iterable], formatos: dict, anchos: Iterable[int],
    instrucciones: Iterable[str],
) -> bytes:
    """An upload template: the sheet `titulo` with the header (frozen) and example rows, its columns
    `anchos` wide, then a sheet "Instrucciones" with one line a row."""
    libro = libro_xlsx()
    hoja = libro.active
    hoja.title = titulo
    agregar_fila(hoja, columnas, negrita=True)
    for fila in ejemplos:
        agregar_fila(hoja, fila, formatos=formatos)
    for numero, ancho in enumerate(anchos, start=1):
        hoja.column_dimensions[get_column_letter(numero)].width = ancho
    hoja.freeze_panes = "A2"
    ayuda = libro.create_sheet("Instrucciones")
    for linea in instrucciones:
        agregar_fila(ayuda, [linea])
    ayuda.column_dimensions["A"].width = 110
    return xlsx_bytes(libro)


class _Eco:
    """A file-like object whose write returns what it is given (csv.writer into a generator)."""

    def write(self, valor):
        return valor


def csv_iterador(encabezado: Iterable, filas: Iterable[Iterable], *, bom: bool = True) -> Iterator[bytes]:
    """csv_bytes as a stream of encoded lines, for a StreamingHttpResponse: rows are written as they
    are read, never held whole."""
    escritor = csv.writer(_Eco(), lineterminator="\r\n")
    yield (("\ufeff" if bom else "") + escritor.writerow([texto_seguro(v) for v in encabezado])).encode("utf-8")
    for fila in filas:
        yield escritor.writerow([texto_seguro(v) for v in fila]).encode("utf-8")
