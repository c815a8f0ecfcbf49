"""The annual resolution as a PDF (R-05), rendered by WeasyPrint, and Spanish date wording.

Dates are written the way Colombian administrative acts write them ("24 de febrero de 2026",
month in lower case), which Django's own Spanish locale does not do (it capitalizes months).
"""

import datetime as dt
import re
from decimal import Decimal

from django.template.loader import render_to_string
from django.utils import translation

from core.galones import CERO
from cupos.models import Beneficiario, Resolucion

MESES = (
    "enero", "febrero", "marzo", "abril", "mayo", "junio",
    "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
)
TIPOS_CORTOS = {
    Beneficiario.Tipo.NAVE_NACIONAL: "Nave nacional",
    Beneficiario.Tipo.NAVE_EXTRANJERA: "Nave extranjera",
    Beneficiario.Tipo.ACUICULTORA: "Acuicultora",
    Beneficiario.Tipo.ARMADA: "Armada Nacional",
}
MESES_CORTOS = ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic")


def fecha_larga(fecha: dt.date) -> str:
    """24 de febrero de 2026."""
    return f"{fecha.day} de {MESES[fecha.month - 1]} de {fecha.year}"


def mes_largo(fecha: dt.date) -> str:
    """marzo de 2026."""
    return f"{MESES[fecha.month - 1]} de {fecha.year}"


def mes_corto(fecha: dt.date) -> str:
    """mar 2026 (chart axes)."""
    return f"{MESES_CORTOS[fecha.month - 1]} {fecha.year}"


def _parrafos(texto: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", texto or "") if p.strip()]


def considerandos_fuentes(resolucion: Resolucion) -> list[str]:
    """D1891 art. 1: the motivation states its sources, each in the text of the considerations."""
    parrafos = []
    if resolucion.fuente_flota_fecha:
        parrafos.append(
            "Que para establecer los cupos se tuvo en cuenta la información actualizada de la flota pesquera "
            "industrial y de las naves dedicadas a las actividades de cabotaje y remolque, según los registros "
            f"de la Dirección General Marítima — Dimar con corte al {fecha_larga(resolucion.fuente_flota_fecha)}."
        )
    if resolucion.fuente_areas_cultivo.strip():
        parrafos.append(
            "Que para las empresas dedicadas a la acuicultura se tuvieron en cuenta las áreas de cultivo: "
            f"{resolucion.fuente_areas_cultivo.strip().rstrip('.')}."
        )
    if resolucion.fuente_consumo_anio:
        parrafos.append(
            f"Que se tuvo en cuenta el consumo de combustible exento registrado en {resolucion.fuente_consumo_anio} "
            "y las declaraciones mensuales de los beneficiarios presentadas dentro del plazo; las declaraciones "
            "extemporáneas no se tuvieron en cuenta (Decreto 1505 de 2002, art. 21, par. 1)."
        )
    if resolucion.tipo != Resolucion.Tipo.ANUAL and resolucion.modifica_id:
        anual = resolucion.modifica
        accion = "modifica" if resolucion.tipo == Resolucion.Tipo.MODIFICATORIA else "adiciona"
        parrafos.append(
            f"Que la presente resolución {accion} la Resolución UPME {anual.numero} del "
            f"{fecha_larga(anual.fecha_expedicion)}, por la cual se asignaron los cupos del año {anual.anio}."
        )
    return parrafos


def resolucion_contexto(resolucion: Resolucion) -> dict:
    """What the act says: its header, the considerations and the table of cupos it grants."""
    cupos = list(resolucion.cupos.select_related("beneficiario").order_by("beneficiario__nombre", "id"))
    for cupo in cupos:
        cupo.tipo_corto = TIPOS_CORTOS.get(cupo.beneficiario.tipo, cupo.beneficiario.get_tipo_display())
    return {
        "resolucion": resolucion,
        "fecha": fecha_larga(resolucion.fecha_expedicion),
        "considerandos": considerandos_fuentes(resolucion) + _parrafos(resolucion.considerandos),
        "cupos": cupos,
        "total_anual": sum((c.galones_anuales for c in cupos), CERO),
        "total_mensual": sum((c.cuota_mensual for c in cupos), Decimal("0.00")),
    }


def resolucion_html(resolucion: Resolucion) -> str:
    # Number formats follow es-CO (1.234,56) whatever language the request negotiated.
    with translation.override("es-co"):
        return render_to_string("cupos/pdf/resolucion.html", resolucion_contexto(resolucion))


def resolucion_documento(resolucion: Resolucion):
    """The laid-out WeasyPrint document (pages already computed)."""
    from weasyprint import HTML  # heavy import: only when a PDF is asked for

    return HTML(string=resolucion_html(resolucion)).render()


def resolucion_pdf(resolucion: Resolucion) -> bytes:
    return resolucion_documento(resolucion).write_pdf()


def nombre_archivo(resolucion: Resolucion) -> str:
    numero = re.sub(r"[^A-Za-z0-9_-]+", "-", resolucion.numero).strip("-") or str(resolucion.pk)
    return f"resolucion-upme-{numero}-{resolucion.anio}.pdf"
