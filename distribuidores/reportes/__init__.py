"""Wholesalers' monthly reports (R-20, R-22): upload, streamed parsing, validation, reconciliation.

- `parsing`       the file as a stream of rows: XLSX or CSV, encodings, delimiters, guards.
- `filas`         each row's values checked against the period and the registry (R-19, R-20).
- `carga`         valid rows streamed with PostgreSQL COPY while the next batch is read.
- `conciliacion`  set-based SQL checks: certificates (R-16), duplicates, discrepancies (R-22).
- `services`      reporte_upload, reporte_process (the Celery task's work), reporte_mark_failed.
- `selectors`     reads for the API and the pages.
- `plantillas`    the downloadable CSV and XLSX templates.
"""
