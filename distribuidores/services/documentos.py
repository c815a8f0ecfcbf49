"""R-23: the documents a wholesaler keeps for each exempt sale, attached as a file or marked as
kept in its own archive (the original on paper).

Only the wholesaler that registered the sale writes them; each change is audited in the same
transaction. Files are checked by content (magic bytes), not by name or declared type, and are
stored under a name the portal chooses.
"""

from dataclasses import dataclass

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction

from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import DatosInvalidos
from core.comun.fechas import fecha_larga
from distribuidores.access import venta_propia_access
from distribuidores.models import DocumentoVenta, Venta
from distribuidores.selectors.documentos import documentos_de_venta

Tipo = DocumentoVenta.Tipo

MAX_BYTES_DEFECTO = 10 * 1024 * 1024


@dataclass(frozen=True)
class FormatoArchivo:
    mime: str
    extension: str
    firma: bytes
    nombre: str


FORMATOS = (
    FormatoArchivo("application/pdf", "pdf", b"%PDF-", "PDF"),
    FormatoArchivo("image/png", "png", b"\x89PNG\r\n\x1a\n", "PNG"),
    FormatoArchivo("image/jpeg", "jpg", b"\xff\xd8\xff", "JPEG"),
)


def max_bytes() -> int:
    return getattr(settings, "DOCUMENTO_VENTA_MAX_BYTES", MAX_BYTES_DEFECTO)


def formato_de(cabecera: bytes) -> FormatoArchivo | None:
    """The format whose signature opens the file, or None."""
    return next((f for f in FORMATOS if cabecera.startswith(f.firma)), None)


def _leer_validado(archivo) -> tuple[bytes, FormatoArchivo]:
    limite = max_bytes()
    tamano = getattr(archivo, "size", None)
    if tamano is not None and tamano > limite:
        raise DatosInvalidos({"archivo": f"El archivo pesa más de {limite // (1024 * 1024)} MB."})
    archivo.seek(0)
    contenido = archivo.read(limite + 1)
    if not contenido:
        raise DatosInvalidos({"archivo": "El archivo está vacío."})
    if len(contenido) > limite:
        raise DatosInvalidos({"archivo": f"El archivo pesa más de {limite // (1024 * 1024)} MB."})
    formato = formato_de(contenido[:16])
    if formato is None:
        raise DatosInvalidos(
            {"archivo": "Solo se aceptan archivos PDF, PNG o JPEG (se revisa su contenido, no su nombre)."}
        )
    return contenido, formato


def _tipo_requerido(venta: Venta, tipo: str) -> str:
    requeridos = documentos_de_venta(venta)
    if tipo not in requeridos:
        nombres = ", ".join(Tipo(t).label for t in requeridos)
        raise DatosInvalidos({"tipo": f"Para esta venta se conservan: {nombres} (R-23)."})
    return tipo


def _documento_a_escribir(
    actor, venta_id, tipo: str, vigente_hasta=None
) -> tuple[Venta, DocumentoVenta, dict | None]:
    """The sale (locked, the actor's own), its document of `tipo` (new if none) and its audit snapshot.

    R-23: a document recorded now, after the sale, keeps `al_momento_de_la_venta` as it was (False for
    a new one); a cultivation permit must be in force on the sale's date («vigente a la fecha de entrega
    del combustible», D1505 art. 5 par. 3 num. 1)."""
    venta = venta_propia_access(actor, venta_id)
    _tipo_requerido(venta, tipo)
    if vigente_hasta is not None:
        if tipo != Tipo.PERMISO_CULTIVO:
            raise DatosInvalidos({"vigente_hasta": "Solo el permiso de cultivo registra su vigencia."})
        if vigente_hasta < venta.fecha:
            raise DatosInvalidos(
                {"vigente_hasta": "El permiso de cultivo debe estar vigente a la fecha de entrega del combustible "
                 f"({fecha_larga(venta.fecha)}) (R-23)."}
            )
    documento = DocumentoVenta.objects.filter(venta=venta, tipo=tipo).first()
    antes = snapshot(documento)
    documento = documento or DocumentoVenta(venta=venta, tipo=tipo)
    documento.registrado_por = actor
    if vigente_hasta is not None:
        documento.vigente_hasta = vigente_hasta
    return venta, documento, antes


def documento_venta_attach(*, actor, venta_id: int, tipo: str, archivo, vigente_hasta=None) -> DocumentoVenta:
    """Attach (or replace) the file of one required document of a sale."""
    contenido, formato = _leer_validado(archivo)
    with transaction.atomic():
        venta, documento, antes = _documento_a_escribir(actor, venta_id, tipo, vigente_hasta)
        # The portal names the file: the uploaded name never reaches the disk.
        documento.archivo.save(f"venta-{venta.id}-{tipo}.{formato.extension}", ContentFile(contenido), save=False)
        documento.save()
        audit_record(actor=actor, accion="documento_venta.adjuntar", obj=documento, antes=antes)
    return documento


def documento_venta_mark_kept(
    *, actor, venta_id: int, tipo: str, observacion: str = "", vigente_hasta=None
) -> DocumentoVenta:
    """Record that the wholesaler keeps the original of a required document in its archive."""
    observacion = (observacion or "").strip()
    if len(observacion) > 300:
        raise DatosInvalidos({"observacion": "La observación admite hasta 300 caracteres."})
    with transaction.atomic():
        _, documento, antes = _documento_a_escribir(actor, venta_id, tipo, vigente_hasta)
        documento.conservado = True
        documento.observacion = observacion
        documento.save()
        audit_record(actor=actor, accion="documento_venta.conservado", obj=documento, antes=antes)
    return documento


def formato_guardado(documento: DocumentoVenta) -> FormatoArchivo | None:
    """The format of a stored file, from its extension (set by the portal, never by the user)."""
    nombre = documento.archivo.name or ""
    extension = nombre.rsplit(".", 1)[-1].lower() if "." in nombre else ""
    return next((f for f in FORMATOS if f.extension == extension), None)
