"""The relación's package for the producer or importer (art. 15 D1505): the XLSX, the PDF cover and the
documents of the sales it lists, in one ZIP. Above the selectors and the PDF builder, which never import it."""

import io
import zipfile

from distribuidores.models import DocumentoVenta, ReporteMensual
from distribuidores.pdf import relacion_pdf
from distribuidores.selectors.relaciones import relacion_filas, relacion_xlsx


def relacion_paquete(reporte: ReporteMensual) -> bytes:
    """Art. 15: the relación «junto con copia de los documentos entregados por el consumidor final»: a ZIP
    with the XLSX, the PDF cover and a copy of every document attached to the sales the relación lists
    (originals kept on paper are listed as such in the XLSX)."""
    ventas = {f.venta_id for f in relacion_filas(reporte) if f.venta_id}
    salida = io.BytesIO()
    with zipfile.ZipFile(salida, "w", zipfile.ZIP_DEFLATED) as paquete:
        paquete.writestr("relacion.xlsx", relacion_xlsx(reporte))
        paquete.writestr("caratula.pdf", relacion_pdf(reporte))
        documentos = DocumentoVenta.objects.filter(venta_id__in=ventas).exclude(archivo="").order_by("venta_id", "tipo")
        for documento in documentos.iterator():
            with documento.archivo.open("rb") as archivo:
                nombre = documento.archivo.name.rsplit("/", 1)[-1]
                paquete.writestr(f"documentos/{nombre}", archivo.read())
    return salida.getvalue()
