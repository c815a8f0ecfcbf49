"""UPME's resolution fixing border-zone maximum volumes (F-02 to F-05) as a PDF (WeasyPrint).

One resolution is every assignment sharing its number and first year (one municipality and fuel
each); an assignment without a number is an act of its own. Dates are worded as Colombian
administrative acts write them (core.comun.fechas.fecha_larga) and numbers as es-CO (48.600,00).
"""

import re
from decimal import Decimal
from fractions import Fraction

from django.template.loader import render_to_string
from django.utils import formats, timezone, translation

from core.comun.fechas import fecha_larga
from core.comun.galones import CERO
from core.firma import documentos, oficinas
from fronteras import calculo
from fronteras.models import Asignacion
from fronteras.selectors.asignaciones import asignacion_partes

# The decree regulating art. 1 of Ley 681 de 2001 on border-zone distribution (normas/002).
DECRETO = (
    "el Decreto que reglamenta el artículo 1° de la Ley 681 de 2001 y toma otras medidas en materia de "
    "distribución de combustibles en zonas de frontera"
)
FIRMANTE = "Director General"


def numero_texto(valor) -> str:
    """A stored input without trailing zeros, es-CO: Decimal("1.2000") → "1,2"."""
    normal = Decimal(valor).normalize()
    if normal == normal.to_integral():
        normal = normal.quantize(Decimal(1))
    with translation.override("es-co"):
        return formats.number_format(normal, use_l10n=True, force_grouping=True)


def porcentaje_texto(participacion) -> str:
    """A share as a percentage with up to 4 decimals, es-CO: Decimal("0.675") → "67,5"."""
    return numero_texto((Decimal(participacion) * 100).quantize(Decimal("0.0001")))


def fecha_expedicion(asignacion: Asignacion):
    """The act's date (DOMAIN §8: the day it was issued, or a transcribed paper act's own)."""
    if asignacion.acto_id:
        return asignacion.acto.fecha_expedicion
    return timezone.localdate(asignacion.creada) if asignacion.creada else timezone.localdate()


def recursos(asignacion: Asignacion) -> str:
    """P-02 (Ley 1437, art. 67): the recursos that proceed against the resolution, before whom and within what
    term, as its act states them."""
    from core.actos.models import Acto, Autoridad
    from core.actos.notificacion import recursos_texto

    acto = asignacion.acto if asignacion.acto_id else Acto(
        autoridad=Autoridad.UPME, fecha_expedicion=fecha_expedicion(asignacion)
    )
    return recursos_texto(acto)


def fuentes(asignacion: Asignacion) -> list[dict]:
    """F-02's inputs with the value used and where each came from."""
    fuentes_ = asignacion.fuentes or {}
    return [
        {
            "insumo": "Población",
            "valor": f"{numero_texto(asignacion.poblacion)} habitantes",
            "fuente": fuentes_.get("poblacion", ""),
        },
        {
            "insumo": "Indicador nacional de consumo per cápita",
            "valor": f"{numero_texto(asignacion.indicador_per_capita)} galones por habitante al mes",
            "fuente": fuentes_.get("indicador_per_capita", ""),
        },
        {
            "insumo": "Factor de ajuste por gas natural vehicular",
            "valor": numero_texto(asignacion.factor_gnv),
            "fuente": fuentes_.get("factor_gnv", ""),
        },
        {
            "insumo": "Factor de flujo vehicular interurbano",
            "valor": numero_texto(asignacion.factor_flujo),
            "fuente": fuentes_.get("factor_flujo", ""),
        },
    ]


def asignaciones_de_resolucion(asignacion: Asignacion) -> list[Asignacion]:
    if not asignacion.resolucion:
        return [asignacion]
    return list(
        Asignacion.objects.filter(resolucion=asignacion.resolucion, anio_inicio=asignacion.anio_inicio)
        .select_related("municipio", "acto")
        .order_by("municipio__departamento", "municipio__nombre", "combustible", "id")
    )


def _bloque(asignacion: Asignacion, excluidas: dict) -> dict:
    partes = asignacion_partes(asignacion)
    for parte in partes:
        parte.participacion_pct = porcentaje_texto(parte.participacion)
        parte.participacion_texto = calculo.participacion_texto(Fraction(parte.participacion))
        parte.total = parte.volumen_mensual + parte.adicional
    total_volumen = sum((p.volumen_mensual for p in partes), CERO)
    total_adicional = sum((p.adicional for p in partes), CERO)
    return {
        "asignacion": asignacion,
        "partes": partes,
        "excluidas": excluidas.get(asignacion.municipio_id, []),
        "indicador": numero_texto(asignacion.indicador_per_capita),
        "factor_gnv": numero_texto(asignacion.factor_gnv),
        "factor_flujo": numero_texto(asignacion.factor_flujo),
        "total_volumen": total_volumen,
        "total_adicional": total_adicional,
        "total": total_volumen + total_adicional,
    }


def resolucion_contexto(asignacion: Asignacion) -> dict:
    asignaciones = asignaciones_de_resolucion(asignacion)
    municipios = {a.municipio_id: a.municipio for a in asignaciones}
    incluidas = set()
    for a in asignaciones:
        incluidas.update(a.estaciones.values_list("estacion_id", flat=True))
    excluidas: dict[int, list[str]] = {}
    for municipio in municipios.values():
        for estacion in municipio.estaciones.order_by("nombre"):
            if estacion.id not in incluidas:
                excluidas.setdefault(municipio.id, []).append(f"{estacion.codigo} — {estacion.nombre}")
    nombres = list(dict.fromkeys(f"{m.nombre} ({m.departamento})" for m in municipios.values()))
    ejecutorias = {a.fecha_ejecutoria for a in asignaciones}
    fecha = min(fecha_expedicion(a) for a in asignaciones)
    anio = asignacion.anio_inicio
    return {
        "numero": asignacion.resolucion,
        "fecha": fecha_larga(fecha),
        "anio_inicio": anio,
        "anio_fin": anio + 1,
        "vigencia_inicio": fecha_larga(asignacion.vigencia_inicio),
        "vigencia_fin": fecha_larga(asignacion.vigencia_fin),
        "municipios_texto": (", ".join(nombres[:-1]) + " y " + nombres[-1]) if len(nombres) > 1 else nombres[0],
        "varios": len(nombres) > 1,
        "bloques": [_bloque(a, excluidas) for a in asignaciones],
        "decreto": DECRETO,
        "poblacion_maxima_extra": numero_texto(calculo.POBLACION_MAXIMA_EXTRA),
        "firmante": FIRMANTE,
        "ejecutoria": fecha_larga(ejecutorias.pop()) if len(ejecutorias) == 1 and None not in ejecutorias else "",
        "recursos": recursos(asignacion),
    }


def resolucion_html(asignacion: Asignacion) -> str:
    # Number formats follow es-CO (1.234,56) whatever language the request negotiated.
    with translation.override("es-co"):
        return render_to_string("fronteras/pdf/resolucion.html", resolucion_contexto(asignacion))


def resolucion_pdf_sin_firmar(asignacion: Asignacion) -> bytes:
    from weasyprint import HTML  # heavy import: only when a PDF is asked for

    return HTML(string=resolucion_html(asignacion)).write_pdf()


TIPO_FIRMADO = "resolucion_frontera"  # core.registro.registrar_firmable, in apps.py


def resolucion_pdf(asignacion: Asignacion) -> bytes:
    """UPME's border-volume resolution, signed with UPME's seal (core.firma) once per state of its text
    (the ejecutoria adds a constancia: a new signed document, the first one is kept)."""
    contexto = resolucion_contexto(asignacion)
    referencia = f"{asignacion.resolucion}:{asignacion.anio_inicio}:{contexto['ejecutoria'] or 'sin-ejecutoria'}"
    documento = documentos.documento_firmado(
        tipo=TIPO_FIRMADO,
        referencia=referencia[:120],
        generar=lambda: resolucion_pdf_sin_firmar(asignacion),
        oficina=oficinas.UPME,
        url=documentos.url_comprobacion(),
        motivo=f"Resolución UPME {asignacion.resolucion}: volúmenes máximos en zonas de frontera",
        nombre=nombre_archivo(asignacion),
    )
    return documentos.contenido(documento)


def nombre_archivo(asignacion: Asignacion) -> str:
    numero = re.sub(r"[^A-Za-z0-9_-]+", "-", asignacion.resolucion).strip("-") or f"asignacion-{asignacion.pk}"
    return f"resolucion-upme-fronteras-{numero}-{asignacion.anio_inicio}.pdf"
