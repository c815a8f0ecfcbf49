"""The stamp of an exoneration (art. 16) as a one-page PDF in the certificates' visual family, with
its verification code and a QR to the public verification page, digitally signed (core.firma) by the
Director General Marítimo or, under a recorded express delegation, by the Secretary General. A denial
is an act too (issue 24): its decision, with the reasons, is signed the same way and verified by its
own code on the same page."""

import segno
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from core.comun.fechas import fecha_larga
from core.firma import documentos, oficinas
from core.models import DocumentoFirmado
from reserva.models import ContratoAnual, Delegacion, Exoneracion, Recargo

TIPO_FIRMADO = "sello_exoneracion"  # core.registro.registrar_firmable, in apps.py
TIPO_NEGACION = "negacion_exoneracion"  # likewise
TIPO_NEGACION_CONTRATO = "negacion_contrato_anual"  # likewise
TIPO_NEGACION_RECARGO = "negacion_recargo"  # likewise


def recursos(objeto, fecha) -> str:
    """P-02 (Ley 1437, art. 67): the recursos that proceed against the decision, before whom and within what
    term, as its act states them (a decision without one yet: as the table says for Dimar's acts on its date)."""
    from core.actos.models import Acto, Autoridad
    from core.actos.notificacion import recursos_texto

    acto = objeto.acto if objeto.acto_id else Acto(autoridad=Autoridad.DIMAR, fecha_expedicion=fecha)
    return recursos_texto(acto)


def url_verificacion(exoneracion: Exoneracion) -> str:
    ruta = reverse("reserva:verificar-codigo", args=[exoneracion.codigo_verificacion])
    return settings.PORTAL_URL_PUBLICA.rstrip("/") + ruta


def sello_html(exoneracion: Exoneracion) -> str:
    url = url_verificacion(exoneracion)
    contexto = {
        "e": exoneracion,
        "fecha": fecha_larga(exoneracion.fecha_decision),
        "embarcar": fecha_larga(exoneracion.embarcar_antes_de),
        "recursos": recursos(exoneracion, exoneracion.fecha_decision),
        "url_verificacion": url,
        "qr": segno.make(url, error="m").svg_data_uri(scale=4, border=2),
    }
    with translation.override("es-co"):
        return render_to_string("reserva/pdf/sello.html", contexto)


def sello_pdf_sin_firmar(exoneracion: Exoneracion) -> bytes:
    from weasyprint import HTML

    return HTML(string=sello_html(exoneracion)).write_pdf()


def firmante(exoneracion: Exoneracion) -> oficinas.Oficina:
    """Art. 16: «fechado y rubricado por el Director General Marítimo y Portuario o en su ausencia, por el
    Secretario General … si se le hubiere delegado tal función en forma expresa»."""
    if exoneracion.firma_cargo == Delegacion.Cargo.SECRETARIO_GENERAL and exoneracion.delegacion_id:
        delegacion = exoneracion.delegacion
        return oficinas.dimar_secretario_general(
            nombre=exoneracion.firma_nombre or delegacion.nombre_delegado,
            delegacion=f"{delegacion.acto} (del {fecha_larga(delegacion.vigente_desde)})",
        )
    return oficinas.dimar_director_general(exoneracion.firma_nombre or "Director General Marítimo")


def oficinas_de_dimar() -> list[oficinas.Oficina]:
    """The Director General, and the Secretary General when a delegation of the seal is recorded (art. 16)."""
    resultado = [oficinas.dimar_director_general()]
    delegacion = Delegacion.objects.order_by("-vigente_desde").first()
    if delegacion is not None:
        secretario = oficinas.dimar_secretario_general(nombre=delegacion.nombre_delegado, delegacion=delegacion.acto)
        resultado.append(secretario)
    return resultado


def sello_firmado(exoneracion: Exoneracion) -> DocumentoFirmado:
    return documentos.documento_firmado(
        tipo=TIPO_FIRMADO,
        referencia=str(exoneracion.pk),
        generar=lambda: sello_pdf_sin_firmar(exoneracion),
        oficina=firmante(exoneracion),
        url=url_verificacion(exoneracion),
        codigo=exoneracion.codigo_verificacion,
        motivo=f"Sello de exoneración de reserva de carga, solicitud {exoneracion.pk}",
        nombre=f"sello-exoneracion-{exoneracion.pk}.pdf",
    )


def sello_pdf(exoneracion: Exoneracion, request=None) -> bytes:
    return documentos.contenido(sello_firmado(exoneracion))


def negacion_html(exoneracion: Exoneracion) -> str:
    url = url_verificacion(exoneracion)
    contexto = {
        "e": exoneracion,
        "fecha": fecha_larga(exoneracion.fecha_decision),
        "radicada": fecha_larga(exoneracion.fecha_radicacion),
        "firmante": firmante(exoneracion),
        "recursos": recursos(exoneracion, exoneracion.fecha_decision),
        "url_verificacion": url,
        "qr": segno.make(url, error="m").svg_data_uri(scale=4, border=2),
    }
    with translation.override("es-co"):
        return render_to_string("reserva/pdf/negacion.html", contexto)


def negacion_pdf_sin_firmar(exoneracion: Exoneracion) -> bytes:
    from weasyprint import HTML

    return HTML(string=negacion_html(exoneracion)).write_pdf()


def negacion_firmada(exoneracion: Exoneracion) -> DocumentoFirmado:
    """Dimar's signed decision denying an exoneration, kept once (core.firma.documentos)."""
    if exoneracion.estado != Exoneracion.Estado.NEGADA:
        raise ValueError("Solo una exoneración negada tiene decisión de negación.")
    # Given when Dimar decided (services.exoneracion_decide), or by migration 0007 for older denials:
    # reading the PDF never writes the exoneration.
    codigo = exoneracion.codigo_verificacion
    if not codigo:
        raise ValueError(f"La exoneración {exoneracion.pk} está negada y no tiene código de verificación.")
    return documentos.documento_firmado(
        tipo=TIPO_NEGACION,
        referencia=str(exoneracion.pk),
        generar=lambda: negacion_pdf_sin_firmar(exoneracion),
        oficina=firmante(exoneracion),
        url=url_verificacion(exoneracion),
        codigo=codigo,
        motivo=f"Decisión que niega la exoneración de reserva de carga, solicitud {exoneracion.pk}",
        nombre=f"negacion-exoneracion-{exoneracion.pk}.pdf",
    )


def negacion_pdf(exoneracion: Exoneracion) -> bytes:
    return documentos.contenido(negacion_firmada(exoneracion))


def acto_firmado(exoneracion: Exoneracion) -> DocumentoFirmado:
    """The signed act a verification code stands for: the seal of a grant, or the denial."""
    if exoneracion.estado == Exoneracion.Estado.NEGADA:
        return negacion_firmada(exoneracion)
    return sello_firmado(exoneracion)


def contrato_negacion_pdf_sin_firmar(contrato: ContratoAnual) -> bytes:
    from weasyprint import HTML

    contexto = {
        "c": contrato,
        "fecha": fecha_larga(contrato.fecha_negacion),
        "presentado": fecha_larga(contrato.fecha_presentacion),
        "primer_embarque": fecha_larga(contrato.primer_embarque),
        "firmante": oficinas.dimar_director_general(),
        "recursos": recursos(contrato, contrato.fecha_negacion),
        "url_comprobacion": documentos.url_comprobacion(),
    }
    with translation.override("es-co"):
        html = render_to_string("reserva/pdf/negacion_contrato.html", contexto)
    return HTML(string=html).write_pdf()


def contrato_negacion_firmada(contrato: ContratoAnual) -> DocumentoFirmado:
    """Dimar's denial of a yearly contract (art. 21), with its reasons, signed by the Director General:
    the contract denial records no signer nor delegation, and has no verification code of its own, so it
    is checked, like a plan approval, on the portal's upload box (core.firma)."""
    if contrato.estado != ContratoAnual.Estado.NEGADO:
        raise ValueError("Solo un contrato anual negado tiene decisión de negación.")
    return documentos.documento_firmado(
        tipo=TIPO_NEGACION_CONTRATO,
        referencia=str(contrato.pk),
        generar=lambda: contrato_negacion_pdf_sin_firmar(contrato),
        oficina=oficinas.dimar_director_general(),
        url=documentos.url_comprobacion(),
        motivo=f"Decisión que niega el contrato anual de carga a granel n.º {contrato.pk}",
        nombre=f"negacion-contrato-anual-{contrato.pk}.pdf",
    )


def recargo_negacion_pdf_sin_firmar(recargo: Recargo) -> bytes:
    from weasyprint import HTML

    contexto = {
        "r": recargo,
        "fecha": fecha_larga(recargo.fecha_decision),
        "presentado": fecha_larga(recargo.fecha_presentacion),
        "firmante": oficinas.dimar_director_general(),
        "recursos": recursos(recargo, recargo.fecha_decision),
        "url_comprobacion": documentos.url_comprobacion(),
    }
    with translation.override("es-co"):
        html = render_to_string("reserva/pdf/negacion_recargo.html", contexto)
    return HTML(string=html).write_pdf()


def recargo_negacion_firmada(recargo: Recargo) -> DocumentoFirmado:
    """Dimar's denial of a conference's surcharge (art. 23), with its reasons, signed by the Director
    General and checked on the upload box, as a contract's denial."""
    if recargo.estado != Recargo.Estado.NEGADO:
        raise ValueError("Solo un recargo negado tiene decisión de negación.")
    return documentos.documento_firmado(
        tipo=TIPO_NEGACION_RECARGO,
        referencia=str(recargo.pk),
        generar=lambda: recargo_negacion_pdf_sin_firmar(recargo),
        oficina=oficinas.dimar_director_general(),
        url=documentos.url_comprobacion(),
        motivo=f"Decisión que niega el recargo de conferencia n.º {recargo.pk}",
        nombre=f"negacion-recargo-{recargo.pk}.pdf",
    )
