"""A resolution's stored PDF as the pages show it (its box on the resolution's page, the issuing's end, the
waiting page). Below cupos.views.resoluciones and cupos.views.asignacion, which both show it."""

from cupos.models import Resolucion
from cupos.selectors import resoluciones as selectors


def contexto_documento(resolucion) -> dict:
    """The stored PDF: the latest ready one, whether it still shows the resolution as it is, and the
    build in progress (the page polls it)."""
    documento = selectors.documento_ultimo(resolucion=resolucion)
    en_curso = selectors.documento_en_curso(resolucion=resolucion)
    desactualizado = documento is not None and documento.huella != selectors.resolucion_huella(resolucion)
    fallido = resolucion.documentos.order_by("-id").first()
    expidiendo = resolucion.estado == Resolucion.Estado.EXPIDIENDO
    return {
        "resolucion": resolucion,
        "documento": documento,
        "documento_en_curso": en_curso,
        # issue 26: while the resolution is being issued its PDF is on its way (the act asks for it at
        # the end): the box polls until the build starts and then until it is ready.
        "documento_esperado": documento is None and en_curso is None and expidiendo,
        "documento_desactualizado": desactualizado,
        "documento_fallido": fallido if fallido is not None and fallido.estado == "fallido" else None,
    }
