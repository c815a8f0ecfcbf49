"""The resolution's PDF (R-05) as a stored document built by a Celery job (core.segundo_plano.trabajos).

A request never builds it: `resolucion_documento_request` records the wish (a row, audited) and
queues the job; `resolucion_documento_build` (the task's work) renders it in parts (cupos.pdf),
stores the file and marks it ready. The page compares the document's `huella` with the
resolution's current one and offers to rebuild it when they differ.
"""

import logging
import os
import tempfile

from django.db import transaction
from django.utils import timezone

from core.auditoria.audit import audit_record
from core.firma import documentos, oficinas
from core.identidad.access import require_role
from core.segundo_plano import trabajos
from cupos import pdf
from cupos.access import ANALISTAS
from cupos.models import DocumentoResolucion, Resolucion
from cupos.selectors.resoluciones import DOCUMENTO_EN_CURSO, resolucion_huella

logger = logging.getLogger(__name__)

TIPO_FIRMADO = "resolucion"  # core.registro.registrar_firmable, in apps.py
TRABAJO = "cupos.documento_resolucion"  # its name in core.registro (registered in apps.py)
MENSAJE_ERROR = "No se pudo generar el documento por un error interno del portal. Vuelva a pedirlo más tarde."
MENSAJE_INTERRUMPIDO = "La generación del documento se interrumpió varias veces sin terminar. Vuelva a pedirlo."
Estado = DocumentoResolucion.Estado


def resolucion_documento_request(*, actor, resolucion: Resolucion, roles=ANALISTAS) -> DocumentoResolucion:
    """Queue the build of the resolution's PDF as it is now. One already waiting or being built for
    the same state of the resolution is returned instead of queuing a second one. `roles`: who may ask (the
    act's PDF asks for it on behalf of anyone who reads the act, `documento_del_acto`)."""
    require_role(actor, *roles)
    with transaction.atomic():
        Resolucion.objects.select_for_update().filter(pk=resolucion.pk).first()  # one request at a time
        huella = resolucion_huella(resolucion)
        pendiente = resolucion.documentos.filter(estado__in=DOCUMENTO_EN_CURSO, huella=huella).first()
        if pendiente is not None:
            return pendiente
        documento = DocumentoResolucion.objects.create(resolucion=resolucion, huella=huella, solicitado_por=actor)
        audit_record(actor=actor, accion="resolucion.documento_pedir", obj=documento)
        trabajos.encolar_trabajo_al_confirmar(TRABAJO, documento.id)
    return documento


def resolucion_documento_build(*, documento_id: int) -> DocumentoResolucion | None:
    """The job: render the PDF in parts, store it, mark it ready. Re-running it is safe (a finished
    document is left alone; an interrupted one is built again from the start)."""
    return trabajos.trabajo_correr(
        documento_id,
        tomar=_tomar,
        en_curso=Estado.GENERANDO,
        trabajar=_generar,
        fallar=lambda: _fallar(documento_id, MENSAJE_ERROR),
        log=logger,
        mensaje="Falló la generación del PDF de la resolución (documento %s)",
    )


def _generar(documento: DocumentoResolucion) -> DocumentoResolucion:
    resolucion = documento.resolucion
    with tempfile.TemporaryDirectory(prefix="doc-") as carpeta:
        huella = resolucion_huella(resolucion)  # what the file will show (the resolution may have moved on)
        ruta = os.path.join(carpeta, "resolucion.pdf")
        ultimo = [0]

        def avance(hechas: int, total: int) -> None:
            progreso = min(95, int(hechas * 95 / total)) if total else 95
            if progreso - ultimo[0] >= 2:
                DocumentoResolucion.objects.filter(pk=documento.id).update(progreso=progreso)
                ultimo[0] = progreso

        espacio = []
        with open(ruta, "wb") as destino:
            paginas = pdf.resolucion_pdf_por_partes(resolucion, destino, avance=avance, espacio_firma=espacio)
        firmado = None
        if resolucion.estado == Resolucion.Estado.EXPEDIDA:  # an act: signed once, on the merged file
            from core.firma import servicio  # here or in the signing worker (FIRMA_SERVICIO)

            with open(ruta, "rb") as archivo:
                firmado = servicio.firmar(
                    archivo.read(),
                    oficina=oficinas.UPME,
                    url=documentos.url_comprobacion(),
                    motivo=f"Resolución UPME {resolucion.numero} de {resolucion.anio}",
                    lugar=espacio[0],
                )
            with open(ruta, "wb") as archivo:
                archivo.write(firmado.contenido)
        documento = trabajos.trabajo_archivo_guardar(
            documento,
            ruta,
            pdf.nombre_archivo(resolucion),
            auditar="resolucion.documento_generar",
            huella=huella,
            paginas=paginas,
            cupos=resolucion.cupos.count(),
            estado=Estado.LISTO,
            progreso=100,
            terminado=timezone.now(),
            mensaje=f"Documento de {paginas} página{'s' if paginas != 1 else ''} generado"
            + (" y firmado digitalmente." if firmado else "."),
        )
        if firmado is not None:
            documentos.guardar(
                tipo=TIPO_FIRMADO,
                referencia=f"{resolucion.pk}:{documento.pk}",
                firmado=firmado,
                oficina=oficinas.UPME,
                nombre=documento.archivo.name,
                archivo_existente=documento.archivo.name,
            )
        return documento


def resolucion_documento_abandon(documento_id: int) -> DocumentoResolucion | None:
    return _fallar(documento_id, MENSAJE_INTERRUMPIDO)


def _tomar(documento_id: int) -> DocumentoResolucion | None:
    return trabajos.trabajo_tomar(
        DocumentoResolucion.objects.select_related("resolucion"),
        documento_id,
        nombre=TRABAJO,
        agotado=lambda documento: trabajos.fila_guardar(documento, estado=Estado.FALLIDO, mensaje=MENSAJE_INTERRUMPIDO),
        progreso=0,
    )


def _fallar(documento_id: int, mensaje: str) -> DocumentoResolucion | None:
    return trabajos.trabajo_fallar(
        DocumentoResolucion.objects,
        documento_id,
        salvo=(Estado.LISTO,),
        auditar="resolucion.documento_fallar",
        estado=Estado.FALLIDO,
        mensaje=mensaje,
        terminado=timezone.now(),
    )


def documento_del_acto(acto, actor) -> tuple[bytes | None, str | None]:
    """The resolution's act answers its stored, signed PDF (core.registro.TipoActo.documento, API.md
    `GET actos/{id}/pdf/`): the document built for the resolution as it is now, or the job building it, asked for
    here when there is none (the caller already reads the act: core.actos.access)."""
    from core.actos.access import LECTORES
    from cupos.selectors.resoluciones import documento_en_curso, documento_ultimo
    from cupos.selectors.trabajos import PREFIJO_DOCUMENTO

    resolucion = Resolucion.objects.filter(acto=acto).first()
    if resolucion is None:
        return None, None
    listo = documento_ultimo(resolucion=resolucion)
    if listo is not None and listo.huella == resolucion_huella(resolucion):
        with listo.archivo.open("rb") as archivo:
            return archivo.read(), None
    pendiente = documento_en_curso(resolucion=resolucion)
    if pendiente is None:
        pendiente = resolucion_documento_request(actor=actor, resolucion=resolucion, roles=LECTORES)
    return None, trabajos.trabajo_referencia(PREFIJO_DOCUMENTO, pendiente.pk)
