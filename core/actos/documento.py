"""Every act has its PDF, stating its recursos (P-02, Ley 1437 de 2011, art. 67), signed (API.md
`GET actos/{id}/pdf/`).

A kind of act that already produces its own signed document (a resolution of cupos, built by a job) answers it
through its `TipoActo.documento` hook: its bytes, or the job that builds it (202). Every other act (a cancellation,
a refused application, a border act, a fine, a decision on a recurso) gets the portal's own PDF of the act, rendered
from `templates/core/pdf/acto.html` by WeasyPrint and signed PAdES by the issuing office (core.firma); it is kept
once as a `core.models.DocumentoFirmado` (tipo "acto"), so the second request answers the stored file and the
verification page recognises it. It is built in the request: one or two pages, whatever the number of persons
concerned (the first PERSONAS_MAX are named, the rest counted).

A transcribed paper act (`transcrito`) answers its attached scan (`Acto.escaneo`, `POST actos/{id}/escaneo/`);
until one is attached, a record of the transcription, saying so, with the support and date, not signed
(docs/decisiones.md)."""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import translation

from core import registro
from core.actos.models import Acto, Autoridad
from core.actos.notificacion import recursos_texto
from core.comun.fechas import fecha_larga
from core.firma import documentos, oficinas

TIPO_FIRMADO = "acto"  # core.registro.registrar_firmable, in core/apps.py
PERSONAS_MAX = 20  # named in the PDF; an act that concerns more says how many (an annual resolution: 10,000)


@dataclass(frozen=True)
class DocumentoDeActo:
    """What `GET actos/{id}/pdf/` answers: the PDF (`contenido`), or the job that builds it (`trabajo`)."""

    contenido: bytes | None = None
    trabajo: str | None = None
    nombre: str = "acto.pdf"


def nombre_archivo(acto: Acto) -> str:
    return f"acto-{acto.pk}.pdf"


def documento_acto(*, acto: Acto, actor) -> DocumentoDeActo:
    """The act's PDF, for a caller already within its scope (core.actos.access.acto_access)."""
    nombre = nombre_archivo(acto)
    tipo = registro.tipo_acto(acto.tipo)
    if tipo.documento is not None and not acto.transcrito:
        contenido, trabajo = tipo.documento(acto, actor)
        if contenido is not None or trabajo is not None:
            return DocumentoDeActo(contenido=contenido, trabajo=trabajo, nombre=nombre)
    if acto.transcrito:
        if acto.escaneo:  # the paper act's own PDF or scan, as attached
            with acto.escaneo.open("rb") as archivo:
                return DocumentoDeActo(contenido=archivo.read(), nombre=nombre)
        return DocumentoDeActo(contenido=pdf_sin_firmar(acto), nombre=nombre)
    return DocumentoDeActo(contenido=documentos.contenido(acto_firmado(acto)), nombre=nombre)


def acto_firmado(acto: Acto):
    """The act's signed PDF, kept once (core.firma.documentos.documento_firmado)."""
    oficina = oficina_firmante(acto)
    return documentos.documento_firmado(
        tipo=TIPO_FIRMADO,
        referencia=str(acto.pk),
        generar=lambda: pdf_sin_firmar(acto, oficina=oficina),
        oficina=oficina,
        url=documentos.url_comprobacion(),
        motivo=f"{acto} (acto n.º {acto.pk} del portal)",
        nombre=nombre_archivo(acto),
    )


def oficina_firmante(acto: Acto) -> oficinas.Oficina:
    """Who signs the act: the issuing authority's seal (UPME, the Dirección de Hidrocarburos), Dimar's Director
    General, or the seal of the Capitanía whose officer issued it."""
    if acto.autoridad == Autoridad.UPME:
        return oficinas.UPME
    if acto.autoridad == Autoridad.MINMINAS:
        return oficinas.MINMINAS
    if acto.autoridad == Autoridad.CAPITANIA:
        capitania = _capitania(acto)
        if capitania is not None:
            return oficinas.capitania(capitania.codigo, capitania.nombre)
    return oficinas.dimar_director_general()


def _capitania(acto: Acto):
    from core.models import Capitania

    oficial = acto.expedido_por
    if oficial is not None and oficial.capitania_id:
        return oficial.capitania
    return Capitania.objects.filter(nombre=acto.firmante).first() if acto.firmante else None


def contexto(acto: Acto, *, oficina: oficinas.Oficina | None = None) -> dict:
    personas = list(acto.interesados.order_by("id")[:PERSONAS_MAX])
    total = len(personas) if len(personas) < PERSONAS_MAX else acto.interesados.count()
    recurso = acto.recurso_decidido
    decidido = recurso.interesado.acto if recurso is not None else None
    return {
        "acto": acto,
        "clase": registro.tipo_acto(acto.tipo).etiqueta,
        "fecha": fecha_larga(acto.fecha_expedicion),
        "personas": personas,
        "total_personas": total,
        "otras_personas": total - len(personas),
        "recurso": recurso,
        "recurso_fecha": fecha_larga(recurso.fecha) if recurso is not None else "",
        "decidido": decidido,
        "decidido_clase": registro.tipo_acto(decidido.tipo).etiqueta if decidido is not None else "",
        "decidido_fecha": fecha_larga(decidido.fecha_expedicion) if decidido is not None else "",
        "recursos": recursos_texto(acto),
        "oficina": oficina,
        "url_comprobacion": documentos.url_comprobacion(),
    }


def html(acto: Acto, *, oficina: oficinas.Oficina | None = None) -> str:
    with translation.override("es-co"):
        return render_to_string("core/pdf/acto.html", contexto(acto, oficina=oficina))


def pdf_sin_firmar(acto: Acto, *, oficina: oficinas.Oficina | None = None) -> bytes:
    from weasyprint import HTML

    return HTML(string=html(acto, oficina=oficina)).write_pdf()
