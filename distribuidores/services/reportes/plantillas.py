"""The downloadable templates of the monthly report: the header and one example row (API.md "Wholesalers")."""

import csv
import datetime as dt
import io

from core.calendario import today
from distribuidores.services.reportes.lectura import COLUMNAS


def _ejemplo() -> tuple[dt.date, str, str, float]:
    """A sale on the 15th of last month: a vessel by its matrícula, with its certificate."""
    mes_anterior = (today().replace(day=1) - dt.timedelta(days=1)).replace(day=15)
    return mes_anterior, "CP05-0123-B", f"CP05-{mes_anterior.year}-000123", 850.5


def plantilla_csv() -> bytes:
    """UTF-8 with BOM (Excel then shows accents right), comma-separated, decimal point."""
    fecha, identificacion, certificado, galones = _ejemplo()
    salida = io.StringIO()
    escritor = csv.writer(salida, lineterminator="\r\n")
    escritor.writerow(COLUMNAS)
    escritor.writerow([fecha.isoformat(), identificacion, certificado, f"{galones:.2f}"])
    return ("\ufeff" + salida.getvalue()).encode("utf-8")


def plantilla_xlsx() -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    fecha, identificacion, certificado, galones = _ejemplo()
    libro = Workbook()
    hoja = libro.active
    hoja.title = "Reporte"
    hoja.append(list(COLUMNAS))
    hoja.append([fecha, identificacion, certificado, galones])
    for celda in hoja[1]:
        celda.font = Font(bold=True)
    hoja["A2"].number_format = "yyyy-mm-dd"
    hoja["B2"].number_format = "@"
    hoja["C2"].number_format = "@"
    hoja["D2"].number_format = "0.00"
    for columna, ancho in zip("ABCD", (14, 30, 22, 12), strict=True):
        hoja.column_dimensions[columna].width = ancho
    hoja.freeze_panes = "A2"
    ayuda = libro.create_sheet("Instrucciones")
    for linea in (
        "Una fila por venta exenta del mes reportado; se lee solo la primera hoja.",
        "fecha: AAAA-MM-DD o DD/MM/AAAA, dentro del mes reportado.",
        "identificacion_beneficiario: matrícula de la nave, o NIT/documento de la acuicultora o de la Armada.",
        "certificado: número del certificado de cupo de exención (obligatorio para naves; vacío para "
        "acuicultoras y la Armada).",
        "galones: mayor que cero, con punto o coma decimal y sin separador de miles.",
        "Escriba valores, no fórmulas. Cargar de nuevo el mismo mes reemplaza la versión anterior.",
    ):
        ayuda.append([linea])
    ayuda.column_dimensions["A"].width = 110
    salida = io.BytesIO()
    libro.save(salida)
    return salida.getvalue()
