"""Open data (issue 28 §1): monthly datasets published under /datos/, anonymous and stable.

Each app registers what it publishes in its AppConfig.ready() (core.datos.registro): a dataset
(`Conjunto`: title, description, publisher, the key columns) and one or more contributions (`Aporte`:
its measure columns and a function that computes them for a month). core never imports an app.
Publishing (core.datos.publicacion) computes every contribution for a month, suppresses the cells that
count fewer than UMBRAL_SUPRESION beneficiaries, and writes immutable CSV and JSON files with their
Frictionless data package and DCAT metadata (core.datos.metadatos), served as files (core.datos.views).
"""
