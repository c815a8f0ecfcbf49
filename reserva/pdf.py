"""The stamp of an exoneration (art. 16) as a one-page PDF in the certificates' visual family, with
its verification code and a QR to the public verification page."""

import segno
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from core.fechas import fecha_larga
from reserva.models import Exoneracion


def url_verificacion(exoneracion: Exoneracion) -> str:
    ruta = reverse("reserva:verificar-codigo", args=[exoneracion.codigo_verificacion])
    return settings.PORTAL_URL_PUBLICA.rstrip("/") + ruta


def sello_html(exoneracion: Exoneracion) -> str:
    url = url_verificacion(exoneracion)
    contexto = {
        "e": exoneracion,
        "fecha": fecha_larga(exoneracion.fecha_decision),
        "embarcar": fecha_larga(exoneracion.embarcar_antes_de),
        "url_verificacion": url,
        "qr": segno.make(url, error="m").svg_data_uri(scale=4, border=2),
    }
    with translation.override("es-co"):
        return render_to_string("reserva/pdf/sello.html", contexto)


def sello_pdf(exoneracion: Exoneracion, request=None) -> bytes:
    from weasyprint import HTML

    return HTML(string=sello_html(exoneracion)).write_pdf()
