"""One part of a long PDF rendered in a worker process (cupos.pdf): WeasyPrint only, no Django and no
database, so a freshly spawned process imports it quickly and shares nothing with the job."""

SIN_PIE = "@page { @bottom-center { content: none; } }"  # the footer is stamped once the page count is known


def parte_escribir(html: str, ruta: str) -> str:
    """Render `html` to the PDF file `ruta` and return the path."""
    from weasyprint import CSS, HTML  # heavy import: once per worker process

    HTML(string=html).write_pdf(ruta, stylesheets=[CSS(string=SIN_PIE)])
    return ruta
