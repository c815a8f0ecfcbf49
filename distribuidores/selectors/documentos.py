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


def documentos_requeridos(tipo_beneficiario: str) -> tuple[str, ...]:
    return DOCUMENTOS_POR_TIPO.get(tipo_beneficiario, ())


def documentos_de(venta: Venta) -> list[dict]:
    """R-23: each required document of the sale with its state (one query)."""
    existentes = {d.tipo: d for d in DocumentoVenta.objects.filter(venta=venta).select_related("registrado_por")}
    filas = []
    for tipo in documentos_requeridos(venta.beneficiario.tipo):
        doc = existentes.get(tipo)
        filas.append({
            "tipo": tipo,
            "nombre": DocumentoVenta.Tipo(tipo).label,
            "documento": doc,
            "adjunto": bool(doc and doc.archivo),
            "conservado": bool(doc and doc.conservado),
            "completo": bool(doc and (doc.archivo or doc.conservado)),
        })
    return filas


def documento_de(*, venta: Venta, tipo: str) -> DocumentoVenta | None:
    return DocumentoVenta.objects.filter(venta=venta, tipo=tipo).first()
