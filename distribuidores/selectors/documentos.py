"""R-23: the documents a wholesaler keeps for each exempt sale, and their state."""

from cupos.models import Beneficiario
from distribuidores.models import DocumentoVenta, Venta

Tipo = DocumentoVenta.Tipo

# R-23 [D1505 art. 5]: what is kept per sale, by kind of beneficiary.
DOCUMENTOS_POR_TIPO = {
    Beneficiario.Tipo.NAVE_NACIONAL: (
        Tipo.LICENCIA_PESCA, Tipo.ZARPE, Tipo.CERTIFICADO_DESEMBARQUE, Tipo.CERTIFICADO_EXENCION,
    ),
    Beneficiario.Tipo.NAVE_EXTRANJERA: (
        Tipo.LICENCIA_PESCA, Tipo.ZARPE, Tipo.CERTIFICADO_DESEMBARQUE, Tipo.CERTIFICADO_EXENCION,
    ),
    Beneficiario.Tipo.ARMADA: (Tipo.CONVENIO,),
    Beneficiario.Tipo.ACUICULTORA: (Tipo.PERMISO_CULTIVO, Tipo.DECLARACION_EXPRESA, Tipo.RESOLUCION_UPME),
}


def documentos_requeridos(tipo_beneficiario: str, actividad: str = "") -> tuple[str, ...]:
    """R-23: the documents of a sale to this kind of beneficiary. The last landing certificate
    ("certificado de la fecha y volumen del último desembarque de productos pesqueros", D1505 art. 5
    par. 1 num. 4) exists only for fishing: a national vessel in cabotage or towing has none. A foreign
    vessel is a fishing vessel (R-01)."""
    documentos = DOCUMENTOS_POR_TIPO.get(tipo_beneficiario, ())
    pesca = tipo_beneficiario == Beneficiario.Tipo.NAVE_EXTRANJERA or actividad == Beneficiario.Actividad.PESCA
    if tipo_beneficiario in Beneficiario.TIPOS_NAVE and not pesca:
        documentos = tuple(d for d in documentos if d != Tipo.CERTIFICADO_DESEMBARQUE)
    return documentos


def documentos_de_venta(venta: Venta) -> tuple[str, ...]:
    return documentos_requeridos(venta.beneficiario.tipo, venta.beneficiario.actividad)


def documentos_de(venta: Venta) -> list[dict]:
    """R-23: each required document of the sale with its state (one query)."""
    existentes = {d.tipo: d for d in DocumentoVenta.objects.filter(venta=venta).select_related("registrado_por")}
    filas = []
    for tipo in documentos_de_venta(venta):
        doc = existentes.get(tipo)
        filas.append({
            "tipo": tipo,
            "nombre": DocumentoVenta.Tipo(tipo).label,
            "documento": doc,
            "adjunto": bool(doc and doc.archivo),
            "conservado": bool(doc and doc.conservado),
            "completo": bool(doc and (doc.archivo or doc.conservado)),
            # received «al momento de la venta» (recorded with the sale) or recorded afterwards.
            "al_momento_de_la_venta": bool(doc and doc.al_momento_de_la_venta),
            "vigente_hasta": doc.vigente_hasta if doc else None,
        })
    return filas


def documento_de(*, venta: Venta, tipo: str) -> DocumentoVenta | None:
    return DocumentoVenta.objects.filter(venta=venta, tipo=tipo).first()
