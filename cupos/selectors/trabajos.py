"""What the API says of cupos' jobs (GET /api/v1/trabajos/{id}/, core.api.trabajos): each model's own
states mapped onto pendiente / procesando / terminado / fallido (core.segundo_plano.trabajos.VistaTrabajo)."""

from django.urls import reverse

from core.segundo_plano.trabajos import FALLIDO, PENDIENTE, PROCESANDO, TERMINADO, VistaTrabajo
from cupos.models import DocumentoResolucion, FirmezaMasiva, Resolucion

PREFIJO_EXPEDICION = "expedicion"  # its id is the resolution's: "expedicion-7"
PREFIJO_FIRMEZA = "firmeza"  # its id is the FirmezaMasiva row's: "firmeza-12"
PREFIJO_DOCUMENTO = "documento_resolucion"  # the DocumentoResolucion row's: "documento_resolucion-5"


def expedicion_vista(resolucion: Resolucion) -> VistaTrabajo | None:
    """R-05: the resolution's latest issuing. Its row is the resolution itself (expidiendo → expedida,
    or back to borrador with the error); a draft never issued holds no job (None: not found)."""
    Estado = Resolucion.Estado
    if resolucion.estado == Estado.EXPIDIENDO:
        return VistaTrabajo(PENDIENTE if not resolucion.intentos else PROCESANDO, resolucion.progreso)
    if resolucion.estado == Estado.EXPEDIDA:
        n = resolucion.cupos.count()
        return VistaTrabajo(
            TERMINADO,
            100,
            mensaje=f"Se expidió la resolución {resolucion.numero} de {resolucion.anio} con {n} "
            f"cupo{'s' if n != 1 else ''}.",
            recurso=reverse("api-resolucion", args=[resolucion.id]),
            cantidad=n,
        )
    if resolucion.error_expedicion:
        return VistaTrabajo(FALLIDO, 100, error=resolucion.error_expedicion)
    return None


_FIRMEZA = {
    FirmezaMasiva.Estado.EN_ESPERA: PENDIENTE,
    FirmezaMasiva.Estado.EN_CURSO: PROCESANDO,
    FirmezaMasiva.Estado.TERMINADA: TERMINADO,
    FirmezaMasiva.Estado.FALLIDA: FALLIDO,
}


def firmeza_vista(trabajo: FirmezaMasiva) -> VistaTrabajo:
    """R-06: the bulk firmeza; `error` names each cupo's beneficiary that stopped the act."""
    estado = _FIRMEZA[trabajo.estado]
    if estado == TERMINADO:
        return VistaTrabajo(
            estado,
            100,
            mensaje=trabajo.mensaje,
            recurso=reverse("api-resolucion", args=[trabajo.resolucion_id]),
            cantidad=trabajo.hechos,
            pendientes=trabajo.pendientes,
        )
    return VistaTrabajo(estado, trabajo.progreso, error=trabajo.mensaje if estado == FALLIDO else None)


_DOCUMENTO = {
    DocumentoResolucion.Estado.EN_ESPERA: PENDIENTE,
    DocumentoResolucion.Estado.GENERANDO: PROCESANDO,
    DocumentoResolucion.Estado.LISTO: TERMINADO,
    DocumentoResolucion.Estado.FALLIDO: FALLIDO,
}


def documento_vista(documento: DocumentoResolucion) -> VistaTrabajo:
    """R-05: the resolution's PDF being built; once built, its act's PDF (API.md `GET actos/{id}/pdf/`)."""
    estado = _DOCUMENTO[documento.estado]
    if estado == TERMINADO:
        acto_id = documento.resolucion.acto_id
        return VistaTrabajo(
            estado, 100, mensaje=documento.mensaje,
            recurso=reverse("api-acto-pdf", args=[acto_id]) if acto_id else None, cantidad=documento.paginas,
        )
    return VistaTrabajo(estado, documento.progreso, error=documento.mensaje if estado == FALLIDO else None)
