"""The downloadable templates of the monthly report: the header and one example row (API.md "Wholesalers")."""

import datetime as dt

from core.archivos.exportar import csv_bytes, plantilla_carga_xlsx
from core.vencimientos.calendario import today
from distribuidores.services.reportes import COLUMNAS


def _ejemplo() -> tuple[dt.date, str, str, float]:
    """A sale on the 15th of last month: a vessel by its matrícula, with its certificate."""
    mes_anterior = (today().replace(day=1) - dt.timedelta(days=1)).replace(day=15)
    return mes_anterior, "CP05-0123-B", f"CP05-{mes_anterior.year}-000123", 850.5


def plantilla_csv() -> bytes:
    """UTF-8 with BOM (Excel then shows accents right), comma-separated, decimal point."""
    fecha, identificacion, certificado, galones = _ejemplo()
    return csv_bytes(COLUMNAS, [[fecha.isoformat(), identificacion, certificado, f"{galones:.2f}"]])


INSTRUCCIONES_XLSX = (
    "Una fila por venta exenta del mes reportado; se lee solo la primera hoja.",
    "fecha: AAAA-MM-DD o DD/MM/AAAA, dentro del mes reportado.",
    "identificacion_beneficiario: matrícula de la nave, o NIT/documento de la acuicultora o de la Armada.",
    "certificado: número del certificado de cupo de exención (obligatorio para naves; vacío para "
    "acuicultoras y la Armada).",
    "galones: mayor que cero, con punto o coma decimal y sin separador de miles.",
    "Escriba valores, no fórmulas. Cargar de nuevo el mismo mes reemplaza la versión anterior.",
)


def plantilla_xlsx() -> bytes:
    return plantilla_carga_xlsx(
        titulo="Reporte", columnas=COLUMNAS, ejemplos=[_ejemplo()], formatos={1: "@", 2: "@", 3: "0.00"},
        anchos=(14, 30, 22, 12), instrucciones=INSTRUCCIONES_XLSX,
    )
