"""The cover of the wholesaler's relación to Ecopetrol (D1505 art. 15), as a PDF (WeasyPrint)."""

from django.template.loader import render_to_string
from django.utils import translation

from core.comun.fechas import fecha_larga
from core.vencimientos.calendario import today
from distribuidores.models import ReporteMensual
from distribuidores.selectors.relaciones import relacion_filas, relacion_resumen


def relacion_html(reporte: ReporteMensual) -> str:
    resumen = relacion_resumen(list(relacion_filas(reporte)))
    contexto = {
        "reporte": reporte,
        "distribuidor": reporte.distribuidor,
        "resumen": resumen,
        "sin_soportes": resumen.filas - resumen.soportes_completos,
        "generada": fecha_larga(today()),
    }
    with translation.override("es-co"):
        return render_to_string("distribuidores/pdf/relacion.html", contexto)


def relacion_pdf(reporte: ReporteMensual) -> bytes:
    from weasyprint import HTML

    return HTML(string=relacion_html(reporte)).write_pdf()
