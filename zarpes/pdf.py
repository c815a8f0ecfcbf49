"""The exemption certificate as a one-page PDF with a QR code to the public verification page (R-16)."""

import segno
from django.conf import settings
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from core.fechas import fecha_larga
from zarpes.models import Certificado


def url_verificacion(certificado: Certificado) -> str:
    return settings.PORTAL_URL_PUBLICA.rstrip("/") + reverse("zarpes:verificar", args=[certificado.codigo_verificacion])


def qr_svg_data_uri(texto: str) -> str:
    return segno.make(texto, error="m").svg_data_uri(scale=4, border=2)


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


def certificado_documento(certificado: Certificado):
    from weasyprint import HTML

    return HTML(string=certificado_html(certificado)).render()


def certificado_pdf(certificado: Certificado) -> bytes:
    return certificado_documento(certificado).write_pdf()


def certificado_respuesta(certificado: Certificado) -> HttpResponse:
    """The PDF shown inline, named after the certificate (the page and the API serve the same)."""
    respuesta = HttpResponse(certificado_pdf(certificado), content_type="application/pdf")
    respuesta["Content-Disposition"] = f'inline; filename="certificado-{certificado.numero}.pdf"'
    return respuesta
