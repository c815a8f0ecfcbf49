"""Wholesalers' monthly reports (R-20, R-22): upload, streamed parsing, validation, reconciliation.

- `parsing`       the file as a stream of rows: XLSX or CSV, encodings, delimiters, guards.
- `filas`         each row's values checked against the period and the registries (R-16, R-19).
- `carga`         valid rows and row errors written with PostgreSQL COPY (bulk_create elsewhere).
- `conciliacion`  cross-row checks in SQL: duplicates and the discrepancies of R-22.
- `services`      reporte_upload, reporte_process (the Celery task's work), reporte_mark_failed.
- `selectors`     reads for the API and the pages.
- `plantillas`    the downloadable CSV and XLSX templates.
"""
