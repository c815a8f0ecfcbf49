"""One part of a long PDF rendered in a worker process (cupos.pdf): WeasyPrint only, no Django and no
database, so the process starts quickly and shares nothing with the job.

Run as `python -m cupos.pdf_partes`, it reads lines «html path<TAB>pdf path» on its standard input,
renders each part and answers one line per part: «ok» or «error: ...». A plain child process (not
multiprocessing) so that a Celery prefork worker, a daemonic process, may start it."""

import sys
import traceback

SIN_PIE = "@page { @bottom-center { content: none; } }"  # the footer is stamped once the page count is known


def parte_escribir(html: str, ruta: str) -> str:
    """Render `html` to the PDF file `ruta` and return the path."""
    from weasyprint import CSS, HTML  # heavy import: once per worker process

    HTML(string=html).write_pdf(ruta, stylesheets=[CSS(string=SIN_PIE)])
    return ruta


def main() -> None:
    for linea in sys.stdin:
        origen, destino = linea.rstrip("\n").split("\t")
        try:
            with open(origen, encoding="utf-8") as archivo:
                parte_escribir(archivo.read(), destino)
        except Exception:  # told to the job, which fails the document with its message
            respuesta = "error: " + traceback.format_exc().replace("\n", " | ")
        else:
            respuesta = "ok"
        sys.stdout.write(respuesta + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
