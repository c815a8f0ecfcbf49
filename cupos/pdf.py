"""The annual resolution as a PDF (R-05), rendered by WeasyPrint in parts merged with pypdf, and Spanish
date wording.

Dates are written the way Colombian administrative acts write them ("24 de febrero de 2026",
month in lower case), which Django's own Spanish locale does not do (it capitalizes months).
"""

import collections
import datetime as dt
import io
import itertools
import os
import re
import subprocess
import sys
import tempfile
from decimal import Decimal
from types import SimpleNamespace
from typing import BinaryIO

from django.db.models import Count, Sum
from django.template.loader import render_to_string
from django.utils import translation

from core.comun.galones import CERO
from cupos import pdf_partes
from cupos.models import Beneficiario, Cupo, LineaAsignacion, Resolucion

MESES = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)
TIPOS_CORTOS = {
    Beneficiario.Tipo.NAVE_NACIONAL: "Nave nacional",
    Beneficiario.Tipo.NAVE_EXTRANJERA: "Nave extranjera",
    Beneficiario.Tipo.ACUICULTORA: "Acuicultora",
    Beneficiario.Tipo.ARMADA: "Armada Nacional",
}
MESES_CORTOS = ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic")


def fecha_larga(fecha: dt.date) -> str:
    """24 de febrero de 2026."""
    return f"{fecha.day} de {MESES[fecha.month - 1]} de {fecha.year}"


def mes_largo(fecha: dt.date) -> str:
    """marzo de 2026."""
    return f"{MESES[fecha.month - 1]} de {fecha.year}"


def mes_corto(fecha: dt.date) -> str:
    """mar 2026 (chart axes)."""
    return f"{MESES_CORTOS[fecha.month - 1]} {fecha.year}"


def _parrafos(texto: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", texto or "") if p.strip()]


def _comparable(texto: str) -> str:
    return " ".join(texto.lower().replace("—", "-").split()).rstrip(".")


def motivacion(resolucion: Resolucion) -> list[str]:
    """The recitals the act prints: those the portal writes from its sources, then the analyst's, each once (issue
    45: a modifying resolution stated its motivation twice). A paragraph that is the act's title («Por la cual…»)
    is its epigraph, printed above, not a recital."""
    automaticos = considerandos_fuentes(resolucion)
    vistos = {_comparable(p) for p in automaticos}
    propios = []
    for parrafo in _parrafos(resolucion.considerandos):
        clave = _comparable(parrafo)
        if clave in vistos or clave.startswith("por la cual"):
            continue
        vistos.add(clave)
        propios.append(parrafo)
    return automaticos + propios


def considerandos_fuentes(resolucion: Resolucion) -> list[str]:
    """D1891 art. 1: the motivation states its sources, each in the text of the considerations."""
    parrafos = []
    if resolucion.fuente_flota_fecha:
        parrafos.append(
            "Que para establecer los cupos se tuvo en cuenta la información actualizada de la flota pesquera "
            "industrial y de las naves dedicadas a las actividades de cabotaje y remolque, según los registros "
            f"de la Dirección General Marítima — Dimar con corte al {fecha_larga(resolucion.fuente_flota_fecha)}."
        )
    if resolucion.fuente_areas_cultivo.strip():
        parrafos.append(
            "Que para las empresas dedicadas a la acuicultura se tuvieron en cuenta las áreas de cultivo: "
            f"{resolucion.fuente_areas_cultivo.strip().rstrip('.')}."
        )
    if resolucion.fuente_consumo_anio:
        parrafos.append(
            f"Que se tuvo en cuenta el consumo de combustible exento registrado en {resolucion.fuente_consumo_anio} "
            "y las declaraciones mensuales de los beneficiarios presentadas dentro del plazo; las declaraciones "
            "extemporáneas no se tuvieron en cuenta (Decreto 1505 de 2002, art. 21, par. 1)."
        )
    if resolucion.tipo != Resolucion.Tipo.ANUAL and resolucion.modifica_id:
        anual = resolucion.modifica
        accion = "modifica" if resolucion.tipo == Resolucion.Tipo.MODIFICATORIA else "adiciona"
        parrafos.append(
            f"Que la presente resolución {accion} la Resolución UPME {anual.numero} del "
            f"{fecha_larga(anual.fecha_expedicion)}, por la cual se asignaron los cupos del año {anual.anio}."
        )
    return parrafos


COMBUSTIBLES = dict(Beneficiario.Combustible.choices)
FILAS_POR_PARTE = 250  # rows of the annex per WeasyPrint render: time and memory grow linearly
PROCESOS_PDF = 2  # parts rendered side by side (each process holds one part)
PLANTILLA = "cupos/pdf/resolucion.html"
_COLUMNAS = (
    "beneficiario__nombre",
    "beneficiario__matricula",
    "beneficiario__identificacion",
    "beneficiario__tipo",
    "combustible",
    "galones_anuales",
    "cuota_mensual",
)
_PIE = (
    '<!DOCTYPE html><html lang="es-CO"><head><meta charset="utf-8"><style>'
    '@page {{ size: letter; margin: 2.5cm 2.2cm 2.5cm 2.2cm; @bottom-center {{ content: "Resolución UPME No. {numero} '
    'de {anio} — Página " counter(page) " de {paginas}"; font-family: "DejaVu Sans", sans-serif; font-size: 8pt; '
    "color: #333; }} }} div {{ break-after: page; }}</style></head><body>{cuerpo}</body></html>"
)


def _texto_css(texto: str) -> str:
    """Text inside a CSS string in a <style> element."""
    return texto.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ")


def _fila(numero: int, valores: tuple) -> SimpleNamespace:
    """One row of the annex: the names the template reads, without loading model instances."""
    nombre, matricula, identificacion, tipo, combustible, galones, cuota = valores
    return SimpleNamespace(
        numero=numero,
        beneficiario=SimpleNamespace(nombre=nombre, matricula=matricula, identificacion=identificacion),
        tipo_corto=TIPOS_CORTOS.get(tipo, tipo),
        get_combustible_display=COMBUSTIBLES.get(combustible, combustible),
        galones_anuales=galones,
        cuota_mensual=cuota,
    )


def resolucion_filas(resolucion: Resolucion, *, lote: int = FILAS_POR_PARTE):
    """The annex rows in order (beneficiary name, id), numbered, streamed from the database."""
    consulta = Cupo.objects.filter(resolucion=resolucion).order_by("beneficiario__nombre", "id").values_list(*_COLUMNAS)
    for numero, valores in enumerate(consulta.iterator(chunk_size=lote), start=1):
        yield _fila(numero, valores)


def modificaciones(resolucion: Resolucion) -> list[SimpleNamespace]:
    """A modifying or additional resolution's lines as the act states them (issue 26): who, what changes,
    the gallons, from when and why; revocations with their ground (R-12)."""
    if resolucion.tipo == Resolucion.Tipo.ANUAL:
        return []
    Accion = LineaAsignacion.Accion
    filas = []
    lineas = (
        LineaAsignacion.objects.filter(resolucion=resolucion)
        .select_related("beneficiario", "cupo_modificado__resolucion")
        .order_by("beneficiario__nombre", "id")
    )
    for numero, linea in enumerate(lineas, start=1):
        b = linea.beneficiario
        if linea.accion == Accion.REVOCACION:
            que = f"Revocación del cupo. Causal: {linea.get_causal_display()}. Soporte: {linea.soporte}"
        elif linea.accion == Accion.CAMBIO:
            motivo = LineaAsignacion.MotivoCambio(linea.motivo_cambio).label if linea.motivo_cambio else "Cambio"
            que = f"{motivo} de galones"
        else:
            que = "Nuevo cupo"
        anterior = linea.cupo_modificado
        filas.append(
            SimpleNamespace(
                numero=numero,
                nombre=b.nombre,
                identificacion=f"{b.matricula} / {b.identificacion}" if b.matricula else b.identificacion,
                que=que,
                anterior=anterior.galones_anuales if anterior is not None else None,
                nuevo=linea.galones_anuales,
                desde=fecha_larga(linea.fecha_desde) if linea.fecha_desde else "",
                motivo=linea.motivo,
            )
        )
    return filas


def _base(resolucion: Resolucion) -> dict:
    totales = Cupo.objects.filter(resolucion=resolucion).aggregate(
        n=Count("id"), anual=Sum("galones_anuales"), mensual=Sum("cuota_mensual")
    )
    return {
        "modificaciones": modificaciones(resolucion),
        "resolucion": resolucion,
        "fecha": fecha_larga(resolucion.fecha_expedicion),
        "considerandos": motivacion(resolucion),
        "total_cupos": totales["n"],
        "total_anual": totales["anual"] or CERO,
        "total_mensual": totales["mensual"] or Decimal("0.00"),
        "recursos": _recursos(resolucion),
    }


def _recursos(resolucion: Resolucion) -> str:
    """P-02 (Ley 1437, art. 67): the recursos that proceed, before whom and within what term, as the act states
    them (a draft: as the table says on its provisional date)."""
    from core.actos.models import Acto, Autoridad
    from core.actos.notificacion import recursos_texto

    acto = resolucion.acto if resolucion.acto_id else Acto(
        autoridad=Autoridad.UPME, fecha_expedicion=resolucion.fecha_expedicion
    )
    return recursos_texto(acto)


def resolucion_contexto(resolucion: Resolucion) -> dict:
    """What the act says: its header, the considerations and the table of cupos it grants (all of it)."""
    return {**_base(resolucion), "cupos": list(resolucion_filas(resolucion)), "inicio": True, "final": True}


def _html(contexto: dict) -> str:
    # Number formats follow es-CO (1.234,56) whatever language the request negotiated.
    with translation.override("es-co"):
        return render_to_string(PLANTILLA, contexto)


def resolucion_html(resolucion: Resolucion) -> str:
    return _html(resolucion_contexto(resolucion))


def resolucion_documento(resolucion: Resolucion):
    """The laid-out WeasyPrint document of the whole act in one render (small resolutions, tests)."""
    from weasyprint import HTML  # heavy import: only when a PDF is asked for

    return HTML(string=resolucion_html(resolucion)).render()


def resolucion_pdf(resolucion: Resolucion) -> bytes:
    destino = io.BytesIO()
    resolucion_pdf_por_partes(resolucion, destino)
    return destino.getvalue()


def _partes(resolucion: Resolucion, filas_por_parte: int):
    """(rows, is_last) per part; an empty resolution is one part with no rows."""
    lote, anterior = [], None
    for fila in resolucion_filas(resolucion, lote=filas_por_parte):
        lote.append(fila)
        if len(lote) == filas_por_parte:
            if anterior is not None:
                yield anterior, False
            anterior, lote = lote, []
    if anterior is not None and lote:
        yield anterior, False
        yield lote, True
    elif anterior is not None:
        yield anterior, True
    else:
        yield lote, True


def procesos_pdf() -> int:
    """Worker processes that render the parts side by side: one per core, at most PROCESOS_PDF."""
    return max(1, min(PROCESOS_PDF, os.cpu_count() or 1))


class _Trabajador:
    """A `python -m cupos.pdf_partes` child process: parts go in as file paths, answers come back in order."""

    def __init__(self):
        raiz = os.path.dirname(os.path.dirname(os.path.abspath(pdf_partes.__file__)))
        entorno = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [raiz, os.environ.get("PYTHONPATH")]))}
        self.proceso = subprocess.Popen(
            [sys.executable, "-m", "cupos.pdf_partes"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=raiz,
            env=entorno,
            text=True,
            encoding="utf-8",
        )

    def enviar(self, html_ruta: str, ruta: str) -> None:
        self.proceso.stdin.write(f"{html_ruta}\t{ruta}\n")
        self.proceso.stdin.flush()

    def esperar(self) -> None:
        respuesta = self.proceso.stdout.readline().strip()
        if respuesta != "ok":
            raise RuntimeError(f"El proceso que dibuja una parte del PDF falló: {respuesta or 'terminó'}")

    def cerrar(self) -> None:
        if self.proceso.poll() is None:
            self.proceso.stdin.close()
            try:
                self.proceso.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proceso.kill()
                self.proceso.wait()
        self.proceso.stdout.close()


def _renderizar(trabajos, procesos: int):
    """Render each (html, path, rows) in order and yield (path, rows) as each one is done. With more
    than one process the parts go round-robin to `procesos` child processes (`cupos.pdf_partes`: no
    database connection, no heartbeat thread; each renders one part at a time, its HTML read from a
    temporary file, at most two waiting per process); with one process, or a single part, here."""
    trabajos = iter(trabajos)
    primero = next(trabajos)
    segundo = next(trabajos, None)
    if procesos <= 1 or segundo is None:
        for html, ruta, filas in itertools.chain([primero], [segundo] if segundo is not None else [], trabajos):
            yield pdf_partes.parte_escribir(html, ruta), filas
        return
    trabajadores = [_Trabajador() for _ in range(procesos)]
    try:
        pendientes = collections.deque()
        for i, (html, ruta, filas) in enumerate(itertools.chain([primero, segundo], trabajos)):
            html_ruta = ruta + ".html"
            with open(html_ruta, "w", encoding="utf-8") as archivo:
                archivo.write(html)
            trabajador = trabajadores[i % procesos]
            trabajador.enviar(html_ruta, ruta)
            pendientes.append((trabajador, html_ruta, ruta, filas))
            while len(pendientes) >= 2 * procesos:
                yield _recibir(pendientes.popleft())
        while pendientes:
            yield _recibir(pendientes.popleft())
    finally:
        for trabajador in trabajadores:
            trabajador.cerrar()


def _recibir(pendiente) -> tuple[str, int]:
    trabajador, html_ruta, ruta, filas = pendiente
    trabajador.esperar()
    os.remove(html_ruta)
    return ruta, filas


def resolucion_pdf_por_partes(
    resolucion: Resolucion,
    destino: BinaryIO,
    *,
    filas_por_parte: int = FILAS_POR_PARTE,
    avance=None,
    procesos: int | None = None,
    espacio_firma: list | None = None,
) -> int:
    """Write the act's PDF to `destino` and return its pages. The annex is rendered `filas_por_parte`
    rows at a time (each part its own WeasyPrint render in one of `procesos` worker processes, written
    to a temporary file and dropped), the parts merged in order with pypdf, and the footer «Página N
    de M» stamped once M is known: memory stays that of a few parts, time grows with the rows and is
    divided among the processes. `avance(hechas, total)` is told after each part. With `espacio_firma`
    (a list), the room the act left for its signature stamp is taken out and appended to it."""
    from pypdf import PdfReader, PdfWriter
    from weasyprint import HTML

    base = _base(resolucion)
    procesos = procesos_pdf() if procesos is None else procesos
    hechas = 0
    with tempfile.TemporaryDirectory(prefix="resolucion-") as carpeta:
        trabajos = (
            (
                _html({**base, "cupos": filas, "inicio": i == 0, "final": final}),
                os.path.join(carpeta, f"parte-{i:05d}.pdf"),
                len(filas),
            )
            for i, (filas, final) in enumerate(_partes(resolucion, filas_por_parte))
        )
        rutas = []
        for ruta, filas in _renderizar(trabajos, procesos):
            rutas.append(ruta)
            hechas += filas
            if avance is not None:
                avance(hechas, base["total_cupos"])
        escritor = PdfWriter()
        for ruta in rutas:
            escritor.append(ruta)
        paginas = len(escritor.pages)
        pie = HTML(
            string=_PIE.format(
                numero=_texto_css(resolucion.numero),
                anio=resolucion.anio,
                paginas=paginas,
                cuerpo="<div></div>" * paginas,
            )
        ).write_pdf()
        for pagina, sello in zip(escritor.pages, PdfReader(io.BytesIO(pie)).pages, strict=True):
            pagina.merge_page(sello)
            pagina.compress_content_streams()
        if espacio_firma is not None:  # the room left for the signature's stamp (core.firma.pades)
            from core.firma import pades  # pyHanko, only when a resolution's PDF is built (core.firma.documentos)

            espacio_firma.append(pades.retirar_espacio(escritor))
        escritor.write(destino)
    return paginas


def nombre_archivo(resolucion: Resolucion) -> str:
    numero = re.sub(r"[^A-Za-z0-9_-]+", "-", resolucion.numero).strip("-") or str(resolucion.pk)
    return f"resolucion-upme-{numero}-{resolucion.anio}.pdf"
