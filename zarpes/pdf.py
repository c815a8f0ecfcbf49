"""The exemption certificate as a one-page PDF with a QR code to the public verification page (R-16),
signed with its Capitanía's seal (core.firma): the counter issues all day, so the Capitanía signs."""

import logging
import threading

import segno
from django.conf import settings
from django.db import transaction
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from core.comun.fechas import fecha_larga
from core.firma import documentos, oficinas
from core.models import DocumentoFirmado
from zarpes.models import Certificado

TIPO_FIRMADO = "certificado"  # registered in apps.py (core.registro.registrar_firmable)
TAREA_FIRMAR = "zarpes.certificado_firmar"  # zarpes.tasks.certificado_firmar_task, on the signing worker's queue

logger = logging.getLogger(__name__)


def url_verificacion(certificado: Certificado) -> str:
    return settings.PORTAL_URL_PUBLICA.rstrip("/") + reverse("zarpes:verificar", args=[certificado.codigo_verificacion])


def qr_svg_data_uri(texto: str) -> str:
    # A fixed mask: any of the eight reads the same, and scoring all of them was 3 of its 4.4 ms (issue 44).
    return segno.make(texto, error="m", mask=0).svg_data_uri(scale=4, border=2)


def certificado_html(certificado: Certificado) -> str:
    zarpe = certificado.zarpe
    url = url_verificacion(certificado)
    contexto = {
        "c": certificado,
        "zarpe": zarpe,
        "nave": certificado.nave,
        "fecha": fecha_larga(certificado.fecha_expedicion),
        "url_verificacion": url,
        "qr": qr_svg_data_uri(url),
        "resolucion": certificado.cupo.resolucion,
    }
    with translation.override("es-co"):
        return render_to_string("zarpes/pdf/certificado.html", contexto)


_fuentes = threading.local()


def configuracion_de_fuentes():
    """One WeasyPrint font configuration per thread, kept: building it for every certificate cost about a fifth of
    the render's CPU (issue 44; 84 → 67 ms a certificate). Per thread because it wraps fontconfig and Pango state."""
    fuentes = getattr(_fuentes, "configuracion", None)
    if fuentes is None:
        from weasyprint.text.fonts import FontConfiguration

        fuentes = _fuentes.configuracion = FontConfiguration()
    return fuentes


def certificado_documento(certificado: Certificado):
    from weasyprint import HTML

    return HTML(string=certificado_html(certificado)).render(font_config=configuracion_de_fuentes())


def certificado_pdf_sin_firmar(certificado: Certificado) -> bytes:
    return certificado_documento(certificado).write_pdf()


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
        generar=lambda: certificado_pdf_sin_firmar(certificado),
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
