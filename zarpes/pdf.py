"""The exemption certificate as a one-page PDF with a QR code to the public verification page (R-16),
signed with its Capitanía's seal (core.firma): the counter issues all day, so the Capitanía signs."""

import io
import logging
import os
import threading

import segno
from django.conf import settings
from django.db import transaction
from django.http import HttpResponse
from django.urls import reverse
from django.utils import translation

from core.comun.fechas import fecha_larga
from core.comun.galones import galones_texto
from core.comun.numeros import numero_texto
from core.firma import documentos, oficinas
from core.models import DocumentoFirmado
from zarpes.models import Certificado

TIPO_FIRMADO = "certificado"  # registered in apps.py (core.registro.registrar_firmable)
TAREA_FIRMAR = "zarpes.certificado_firmar"  # zarpes.tasks.certificado_firmar_task, on the signing worker's queue

logger = logging.getLogger(__name__)


def url_verificacion(certificado: Certificado) -> str:
    return settings.PORTAL_URL_PUBLICA.rstrip("/") + reverse("zarpes:verificar", args=[certificado.codigo_verificacion])


def qr_matriz(texto: str):
    # A fixed mask: any of the eight reads the same, and scoring all of them was 3 of its 4.4 ms (issue 44).
    return segno.make(texto, error="m", mask=0)


# --- The certificate drawn with ReportLab (issue 44) ---
# The counter's hot path: every certificate is signed right after it is issued, and 16 officers who print at once
# need about 20 signatures a second from the signing worker's half core. WeasyPrint laid this one fixed page out
# from HTML and CSS in about 70 ms of CPU; drawn directly it takes about 7 ms. Resolutions and the other acts, long
# and varied, stay with WeasyPrint. The layout follows the old template (core/pdf/base.html): Letter, the same
# margins, DejaVu Sans embedded (a subset, as WeasyPrint embedded it), the same content and order.

MM = 72 / 25.4
ANCHO, ALTO = 612.0, 792.0  # Letter, as core/pdf/base.html
MARGEN_X, MARGEN_ARRIBA, MARGEN_ABAJO = 18 * MM + 6, 18 * MM + 6, 16 * MM  # the body's 8 px in the old HTML
AZUL, GRIS_BORDE, FONDO_TH, ROJO = (0, 0.2, 0.4), (0.6, 0.6, 0.6), (0.91, 0.933, 0.961), (0.643, 0, 0)
FIRMA_ANCHO, FIRMA_ALTO = 125 * MM, 27 * MM  # the room the signer's stamp fills (core/pdf/_firma.html)
CARPETAS_DE_FUENTES = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts")
ANULADO_TEXTO = (
    "La Capitanía de Puerto anuló este certificado: el zarpe no se realizó. No autoriza la compra de combustible "
    "exento."
)
LEGAL = (
    "Expedido conforme a la Ley 681 de 2001, el artículo 2 del Decreto 1505 de 2002, modificado por el Decreto 1891 "
    "de 2009 (descuento del cupo mensual al expedir el zarpe), y el artículo 5, parágrafo 1, numeral 5 del Decreto "
    "1505 de 2002. El distribuidor mayorista o la estación de servicio marítima lo redime una sola vez, por a lo sumo "
    "los galones autorizados, y conserva el original como soporte de la venta exenta."
)

_dibujo = threading.Lock()  # ReportLab keeps each embedded font's subset state in the font object: one at a time
_fuentes: dict[str, str] = {}


def fuentes() -> dict[str, str]:
    """The fonts' ReportLab names, registered once per process: DejaVu Sans, regular and bold, embedded as subsets
    (as WeasyPrint embedded it). The verification code is set in the same face, spaced: its alphabet has no 0/O
    nor 1/I (zarpes.services.zarpes.ALFABETO_CODIGO), and a third embedded font (the mono one) cost 1.4 ms and
    18 KB a certificate. Where DejaVu is not installed (the image installs fonts-dejavu-core), the standard
    Helvetica, not embedded: its WinAnsi encoding still holds every Spanish letter and sign the certificate prints."""
    if not _fuentes:
        from reportlab import rl_config
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        rl_config.useA85 = 0  # binary streams: ASCII85 made them a quarter larger, for nothing a signed PDF needs

        archivos = {"normal": "DejaVuSans.ttf", "negrita": "DejaVuSans-Bold.ttf"}
        for carpeta in CARPETAS_DE_FUENTES:
            rutas = {k: os.path.join(carpeta, v) for k, v in archivos.items()}
            if all(os.path.exists(r) for r in rutas.values()):
                nombres = {k: "Portal" + v.removesuffix(".ttf").replace("-", "") for k, v in archivos.items()}
                for clave, nombre in nombres.items():
                    pdfmetrics.registerFont(TTFont(nombre, rutas[clave]))
                _fuentes.update(nombres)
                break
        else:
            logger.warning("No se encontró DejaVu Sans: el certificado se dibuja con Helvetica")
            _fuentes.update(normal="Helvetica", negrita="Helvetica-Bold")
    return _fuentes


def _filas(certificado: Certificado) -> list[tuple[str, str]]:
    zarpe, nave = certificado.zarpe, certificado.nave
    solicitados = galones_texto(zarpe.galones_solicitados)
    if zarpe.limitado_por:
        solicitados += f" (limitado por {zarpe.get_limitado_por_display().lower()})"
    resolucion = certificado.cupo.resolucion
    return [
        ("Fecha de expedición", fecha_larga(certificado.fecha_expedicion)),
        ("Nave", nave.nombre),
        ("Matrícula", nave.matricula),
        ("Bandera · TRB · Actividad", f"{nave.bandera} · {numero_texto(nave.trb)} · {nave.get_actividad_display()}"),
        ("Combustible", f"{certificado.cupo.get_combustible_display()} exento del impuesto global y la sobretasa"),
        ("Galones autorizados", f"{galones_texto(certificado.galones_autorizados)} galones"),
        ("Galones solicitados", solicitados),
        ("Certificado anterior presentado", zarpe.certificado_anterior or "Ninguno (primer certificado)"),
        ("Cupo", f"Resolución UPME {resolucion.numero} de {resolucion.anio}"),
    ]


def _qr(lienzo, texto: str, x: float, y: float, lado: float) -> None:
    """The QR as vector squares, one rectangle per run of dark modules in a row, written as one path."""
    matriz = qr_matriz(texto).matrix
    n = len(matriz) + 4  # a quiet zone of two modules, as the old SVG (border=2)
    partes = [f"q {lado / n:.4f} 0 0 {-lado / n:.4f} {x:.2f} {y + lado:.2f} cm"]
    for fila, valores in enumerate(matriz):
        columna, ancho = 0, len(valores)
        while columna < ancho:
            if valores[columna]:
                inicio = columna
                while columna < ancho and valores[columna]:
                    columna += 1
                partes.append(f"{inicio + 2} {fila + 2} {columna - inicio} 1 re")
            columna += 1
    partes.append("f Q")
    lienzo.setFillColorRGB(0, 0, 0)
    lienzo.addLiteral("\n".join(partes))


def _lineas(texto: str, fuente: str, tamano: float, ancho: float) -> list[str]:
    from reportlab.lib.utils import simpleSplit

    return simpleSplit(texto, fuente, tamano, ancho) or [""]


def _dibujar(certificado: Certificado, *, espacio_como_enlace: bool):
    """The certificate's page: (PDF bytes, (page, stamp rectangle)). With `espacio_como_enlace` the stamp's room is
    also left as the link core.firma.pades looks for (a caller that signs it without saying where)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    f = fuentes()
    normal, negrita = f["normal"], f["negrita"]
    url = url_verificacion(certificado)
    salida = io.BytesIO()
    lienzo = Canvas(salida, pagesize=(ANCHO, ALTO), pageCompression=1)
    lienzo.setTitle(f"Certificado de cupo de exención {certificado.numero}")
    lienzo.setAuthor(certificado.capitania.nombre)
    lienzo.setSubject("Certificado de cupo de exención")
    lienzo.setCreator("Portal de cupos de exención de la UPME")
    izquierda, derecha = MARGEN_X, ANCHO - MARGEN_X
    ancho = derecha - izquierda
    centro = ANCHO / 2
    y = ALTO - MARGEN_ARRIBA

    # Heading: the State, the authority, the Capitanía; a rule under it.
    lienzo.setFillColorRGB(0.067, 0.067, 0.067)
    for texto, fuente, tamano in (
        ("REPÚBLICA DE COLOMBIA", negrita, 11),
        ("Ministerio de Defensa Nacional · Dirección General Marítima — Dimar", normal, 10),
        (f"{certificado.capitania.nombre} ({certificado.capitania.codigo})", normal, 10),
    ):
        y -= tamano * 1.17
        lienzo.setFont(fuente, tamano)
        lienzo.drawCentredString(centro, y, texto)
    y -= 8
    lienzo.setStrokeColorRGB(*AZUL)
    lienzo.setLineWidth(1.5)
    lienzo.line(izquierda, y, derecha, y)

    # Title and number.
    y -= 28
    lienzo.setFillColorRGB(*AZUL)
    lienzo.setFont(negrita, 15)
    lienzo.drawCentredString(centro, y, "CERTIFICADO DE CUPO DE EXENCIÓN")
    y -= 17
    lienzo.setFillColorRGB(0.067, 0.067, 0.067)
    lienzo.setFont(negrita, 12)
    lienzo.drawCentredString(centro, y, f"No. {certificado.numero}")
    y -= 14

    # An annulled certificate says so above everything it certifies.
    if certificado.estado == Certificado.Estado.ANULADO:
        lineas = _lineas(ANULADO_TEXTO, normal, 9, ancho - 20)
        alto = 18 + 4 + 11 * len(lineas) + 12
        y -= 4
        lienzo.setStrokeColorRGB(*ROJO)
        lienzo.setLineWidth(2.25)
        lienzo.rect(izquierda + 1, y - alto, ancho - 2, alto, stroke=1, fill=0)
        lienzo.setFillColorRGB(*ROJO)
        lienzo.setFont(negrita, 18)
        lienzo.drawCentredString(centro, y - 22, "ANULADO")
        lienzo.setFont(normal, 9)
        for i, linea in enumerate(lineas):
            lienzo.drawCentredString(centro, y - 34 - 11 * i, linea)
        y -= alto + 6
        lienzo.setFillColorRGB(0.067, 0.067, 0.067)

    # What it certifies: one row per fact, the label in a shaded column (38 %).
    y -= 4
    columna = ancho * 0.38
    lienzo.setLineWidth(0.75)
    lienzo.setStrokeColorRGB(*GRIS_BORDE)
    for etiqueta, valor in _filas(certificado):
        grande = etiqueta == "Galones autorizados"
        tamano_valor, fuente_valor = (16, negrita) if grande else (10, normal)
        izq = _lineas(etiqueta, negrita, 10, columna - 10.5)
        der = _lineas(valor, fuente_valor, tamano_valor, ancho - columna - 10.5)
        alto = max(12 * len(izq), tamano_valor * 1.2 * len(der)) + 7.5
        lienzo.setFillColorRGB(*FONDO_TH)
        lienzo.rect(izquierda, y - alto, columna, alto, stroke=1, fill=1)
        lienzo.rect(izquierda + columna, y - alto, ancho - columna, alto, stroke=1, fill=0)
        lienzo.setFillColorRGB(0.067, 0.067, 0.067)
        lienzo.setFont(negrita, 10)
        for i, linea in enumerate(izq):
            lienzo.drawString(izquierda + 5.25, y - 3.75 - 9.5 - 12 * i, linea)
        lienzo.setFont(fuente_valor, tamano_valor)
        for i, linea in enumerate(der):
            lienzo.drawString(
                izquierda + columna + 5.25, y - 3.75 - tamano_valor * 0.95 - tamano_valor * 1.2 * i, linea
            )
        y -= alto

    # Verification: the QR to the public page, the code and the address written out.
    y -= 12
    lado = 32 * MM
    alto = lado + 12
    lienzo.setStrokeColorRGB(*AZUL)
    lienzo.rect(izquierda, y - alto, ancho, alto, stroke=1, fill=0)
    _qr(lienzo, url, izquierda + 6, y - 6 - lado, lado)
    texto_x = izquierda + 6 + lado + 12
    texto_ancho = derecha - 6 - texto_x
    lienzo.setFillColorRGB(0.067, 0.067, 0.067)
    lienzo.setFont(negrita, 10)
    lienzo.drawString(texto_x, y - 22, "Código de verificación")
    lienzo.setFont(normal, 13)
    lienzo.drawString(texto_x, y - 44, certificado.codigo_verificacion, charSpace=1.5)
    lienzo.setFont(normal, 10)
    lienzo.drawString(texto_x, y - 66, "Verifique la autenticidad y el estado de este certificado en")
    tamano_url = min(10.0, 10 * texto_ancho / max(stringWidth(url, normal, 10), 1))  # the address on one line
    lienzo.setFont(normal, tamano_url)
    lienzo.drawString(texto_x, y - 79, url)
    y -= alto + 10

    # The legal basis, small.
    lienzo.setFillColorRGB(0.2, 0.2, 0.2)
    lienzo.setFont(normal, 8.5)
    for linea in _lineas(LEGAL, normal, 8.5, ancho):
        y -= 10.5
        lienzo.drawString(izquierda, y, linea)

    # The signature's room, below the text: the signer draws its stamp there (core.firma.pades).
    y -= 6 * MM
    caja = (centro - FIRMA_ANCHO / 2, y - FIRMA_ALTO, centro + FIRMA_ANCHO / 2, y)
    if espacio_como_enlace:
        from core.firma.pades import ESPACIO_URI  # here: pades imports pyHanko, which the web tier need not load

        lienzo.linkURL(ESPACIO_URI, caja, relative=0, thickness=0)

    lienzo.setFillColorRGB(0.333, 0.333, 0.333)
    lienzo.setFont(normal, 8)
    lienzo.drawCentredString(
        centro, MARGEN_ABAJO / 2, "Verifique este certificado en el portal de la UPME · Página 1 de 1"
    )
    lienzo.showPage()
    lienzo.save()
    return salida.getvalue(), (0, caja)


def certificado_pdf_y_lugar(certificado: Certificado) -> tuple[bytes, tuple[int, tuple[float, float, float, float]]]:
    """The unsigned PDF and where its stamp goes: the signer needs not look for the room (nor rewrite the file)."""
    with translation.override("es-co"), _dibujo:
        return _dibujar(certificado, espacio_como_enlace=False)


def certificado_pdf_sin_firmar(certificado: Certificado) -> bytes:
    """The unsigned PDF, its stamp's room left as a link (core/pdf/_firma.html's convention)."""
    with translation.override("es-co"), _dibujo:
        return _dibujar(certificado, espacio_como_enlace=True)[0]


def referencia(certificado: Certificado) -> str:
    """An annulled certificate prints «ANULADO»: that is a new signed document, the issued one is kept."""
    return certificado.numero + ("-anulado" if certificado.estado == Certificado.Estado.ANULADO else "")


def oficinas_de_las_capitanias() -> list[oficinas.Oficina]:
    """Every active Capitanía's seal (core.registro.registrar_oficinas): each one signs at its counter."""
    from core.models import Capitania

    return [oficinas.capitania(c.codigo, c.nombre) for c in Capitania.objects.filter(activa=True)]


def certificado_firmado(certificado: Certificado) -> DocumentoFirmado:
    capitania = certificado.capitania
    return documentos.documento_firmado(
        tipo=TIPO_FIRMADO,
        referencia=referencia(certificado),
        generar=lambda: certificado_pdf_y_lugar(certificado),
        oficina=oficinas.capitania(capitania.codigo, capitania.nombre),
        url=url_verificacion(certificado),
        codigo=certificado.codigo_verificacion,
        motivo=f"Certificado de cupo de exención No. {certificado.numero}",
        nombre=f"certificado-{certificado.numero}.pdf",
    )


def certificado_pdf(certificado: Certificado) -> bytes:
    return documentos.contenido(certificado_firmado(certificado))


def certificado_respuesta(certificado: Certificado) -> HttpResponse:
    """The signed PDF shown inline, named after the certificate (the page and the API serve the same)."""
    respuesta = HttpResponse(certificado_pdf(certificado), content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="certificado-{certificado.numero}.pdf"'
    return respuesta


# --- Signed ahead of the print (issue 44) ---
# With FIRMA_ANTICIPADA (production: tasks go to Celery), each certificate's signed PDF is made right after the
# issuance commits, by the signing worker (queue FIRMA_COLA: it renders, signs with the Capitanía's key and keeps the
# file). The officer's «Imprimir» then finds it ready; when it is not yet, the page waits for it (views.certificados).


def certificado_listo(certificado: Certificado) -> DocumentoFirmado | None:
    """The certificate's signed PDF when it has been made, else None (nothing is signed here)."""
    return documentos.buscar(TIPO_FIRMADO, referencia(certificado))


def firmar_al_confirmar(numero: str) -> None:
    """Queue the signature of certificate `numero` once the current transaction commits (nothing if it rolls back)."""
    if getattr(settings, "FIRMA_ANTICIPADA", False):
        transaction.on_commit(lambda: encolar_firma(numero))


def encolar_firma(numero: str) -> None:
    """Queue the signature; a broker that is down costs nothing here: the print waits and queues it again."""
    from core import registro

    try:
        registro.tarea(TAREA_FIRMAR)(numero)
    except Exception:  # the certificate is issued and committed: its print asks again
        logger.warning("No se pudo encolar la firma del certificado %s", numero, exc_info=True)


def certificado_firmar(numero: str) -> bool:
    """The signing worker's side: render and sign the certificate's PDF once (a second call finds it kept)."""
    certificado = (
        Certificado.objects.select_related("zarpe", "nave", "capitania", "cupo__resolucion")
        .filter(numero=numero)
        .first()
    )
    if certificado is None:
        return False
    certificado_firmado(certificado)
    return True
