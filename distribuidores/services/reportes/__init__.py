"""The wholesaler's monthly report (R-20): its file, its rows, its cross-checks."""

from core.archivos.tablas import Columnas

COLUMNAS = ("fecha", "identificacion_beneficiario", "certificado", "galones")
# API.md "Wholesalers": exactly these four columns, in any order; the report is a legal record.
ENCABEZADO = Columnas(COLUMNAS, que="del reporte")
