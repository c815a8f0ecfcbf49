"""Files in and out: uploaded tables and documents, and every CSV or XLSX the portal hands out.

`tablas` streams an uploaded CSV or XLSX as rows (the wholesalers' reports, R-20); `documentos` checks and stores
supporting documents; `exportar` writes exports, neutralising spreadsheet formulas."""
