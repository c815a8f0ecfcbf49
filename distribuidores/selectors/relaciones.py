"""Art. 15 D1505: the wholesaler's "relación del combustible exento enajenado" to the producer or
importer (Ecopetrol), "junto con copia de los documentos entregados por el consumidor final".

Built from the monthly report in force (R-20): each reported sale with its beneficiary, the sale
registered in the portal that matches it (R-19) and the state of that sale's supporting documents
(R-23). An XLSX (through the reconciliation's formula escaping) and a one-page PDF cover.
"""

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import islice

from django.db.models import QuerySet

from core.archivos.exportar import agregar_fila, libro_xlsx, xlsx_bytes
from core.comun.fechas import fecha_larga
from core.comun.galones import CERO
from distribuidores.access import relaciones_visibles
from distribuidores.models import Discrepancia, DocumentoVenta, FilaReporte, ReporteMensual, Venta
from distribuidores.selectors.documentos import documentos_requeridos

LOTE = 2_000

ESTADO_DOCUMENTO = {"adjunto": "copia adjunta", "conservado": "original en archivo", "falta": "falta"}


def relacion_list(*, user, periodo: dt.date | None = None, distribuidor_nit: str = "") -> QuerySet[ReporteMensual]:
    """The relaciones the user reads: one per wholesaler and month, from its report in force."""
    qs = relaciones_visibles(user).select_related("distribuidor")
    if periodo is not None:
        qs = qs.filter(periodo=periodo.replace(day=1))
    if distribuidor_nit:
        qs = qs.filter(distribuidor__nit=distribuidor_nit.strip())
    return qs.order_by("-periodo", "distribuidor__razon_social", "id")


@dataclass
class FilaRelacion:
    fila: int
    fecha: dt.date
    beneficiario: str
    tipo: str
    identificacion: str
    matricula: str
    combustible: str
    certificado: str
    galones: Decimal
    venta_id: int | None
    documentos: list[tuple[str, str]]  # (document, "adjunto" | "conservado" | "falta")
    observaciones: list[str]

    @property
    def documentos_completos(self) -> bool:
        return self.venta_id is not None and all(estado != "falta" for _, estado in self.documentos)

    def documentos_texto(self) -> str:
        if self.venta_id is None:
            return "Sin venta registrada en el portal: sin soportes."
        return "; ".join(f"{nombre}: {ESTADO_DOCUMENTO[estado]}" for nombre, estado in self.documentos)


def relacion_filas(reporte: ReporteMensual) -> Iterator[FilaRelacion]:
    """Every row of the report in force, in file order, a batch of queries per LOTE rows."""
    observaciones = defaultdict(list)
    for fila, codigo in Discrepancia.objects.filter(reporte=reporte, fila__isnull=False).values_list("fila", "codigo"):
        observaciones[fila].append(codigo)
    filas = (
        FilaReporte.objects.filter(reporte=reporte).select_related("beneficiario").order_by("fila").iterator(LOTE)
    )
    while lote := list(islice(filas, LOTE)):
        ventas = _ventas_de(reporte.distribuidor_id, lote)
        documentos = defaultdict(dict)
        for d in DocumentoVenta.objects.filter(venta_id__in=[v.id for v in ventas.values() if v]):
            documentos[d.venta_id][d.tipo] = "adjunto" if d.archivo else ("conservado" if d.conservado else "falta")
        for f in lote:
            b, venta = f.beneficiario, ventas.get(f.fila)
            requeridos = documentos_requeridos(b.tipo, b.actividad)
            yield FilaRelacion(
                fila=f.fila, fecha=f.fecha, beneficiario=b.nombre, tipo=b.get_tipo_display(),
                identificacion=b.identificacion, matricula=b.matricula or "", combustible=b.combustible.label,
                certificado=f.certificado_numero, galones=f.galones, venta_id=venta.id if venta else None,
                documentos=[
                    (DocumentoVenta.Tipo(t).label, documentos[venta.id].get(t, "falta") if venta else "falta")
                    for t in requeridos
                ],
                observaciones=observaciones.get(f.fila, []),
            )


def _ventas_de(distribuidor_id: int, lote: list[FilaReporte]) -> dict[int, Venta | None]:
    """row number → the wholesaler's registered sale behind it: by certificate for a vessel, by
    beneficiary, date and gallons otherwise (each sale matched once)."""
    numeros = {f.certificado_numero for f in lote if f.certificado_numero}
    por_certificado = {
        v.certificado.numero: v
        for v in Venta.objects.filter(distribuidor_id=distribuidor_id, certificado__numero__in=numeros)
        .select_related("certificado")
    } if numeros else {}
    sin_certificado = [f for f in lote if not f.certificado_numero]
    libres = defaultdict(list)
    if sin_certificado:
        for v in Venta.objects.filter(
            distribuidor_id=distribuidor_id, certificado__isnull=True,
            beneficiario_id__in={f.beneficiario_id for f in sin_certificado},
            fecha__in={f.fecha for f in sin_certificado},
        ).order_by("id"):
            libres[(v.beneficiario_id, v.fecha, v.galones)].append(v)
    resultado = {}
    for f in lote:
        if f.certificado_numero:
            venta = por_certificado.pop(f.certificado_numero, None)  # a second row with it is not that sale
        else:
            candidatas = libres.get((f.beneficiario_id, f.fecha, f.galones))
            venta = candidatas.pop(0) if candidatas else None
        resultado[f.fila] = venta
    return resultado


@dataclass
class ResumenRelacion:
    """The cover's figures."""

    filas: int = 0
    galones: Decimal = CERO
    por_tipo: dict[str, tuple[int, Decimal]] = field(default_factory=dict)  # tipo → (filas, galones)
    con_venta: int = 0
    soportes_completos: int = 0
    con_observaciones: int = 0


def relacion_resumen(filas: list[FilaRelacion]) -> ResumenRelacion:
    resumen = ResumenRelacion()
    conteo, galones = Counter(), defaultdict(lambda: CERO)
    for f in filas:
        resumen.filas += 1
        resumen.galones += f.galones
        conteo[f.tipo] += 1
        galones[f.tipo] += f.galones
        resumen.con_venta += f.venta_id is not None
        resumen.soportes_completos += f.documentos_completos
        resumen.con_observaciones += bool(f.observaciones)
    resumen.por_tipo = {tipo: (conteo[tipo], galones[tipo]) for tipo in sorted(conteo)}
    return resumen


COLUMNAS = [
    ("Fila del reporte", 10), ("Fecha", 12), ("Beneficiario", 32), ("Tipo", 22), ("Identificación", 16),
    ("Matrícula", 14), ("Combustible", 14), ("Certificado de cupo de exención", 22), ("Galones", 14),
    ("Venta registrada en el portal", 14), ("Documentos soporte (R-23)", 80), ("Observaciones (R-22)", 40),
]


def relacion_xlsx(reporte: ReporteMensual) -> bytes:
    """The relación as a workbook: a header block, one row per reported sale, streamed."""
    libro = libro_xlsx(write_only=True)
    hoja = libro.create_sheet("Relación")
    for letra, (_, ancho) in zip("ABCDEFGHIJKL", COLUMNAS, strict=True):
        hoja.column_dimensions[letra].width = ancho
    d = reporte.distribuidor
    for concepto, valor in [
        ("Relación del combustible exento enajenado (Decreto 1505 de 2002, art. 15)", ""),
        ("Distribuidor", f"{d.razon_social} (NIT {d.nit})"),
        ("Periodo", f"{reporte.periodo:%Y-%m}"),
        ("Reporte mensual", f"versión {reporte.version}, procesado el {fecha_larga(reporte.procesado)}"
         if reporte.procesado else f"versión {reporte.version}"),
        ("Galones reportados", reporte.total_galones),
    ]:
        agregar_fila(hoja, [concepto, valor], negrita=not valor)
    hoja.append([])
    agregar_fila(hoja, [titulo for titulo, _ in COLUMNAS], negrita=True)
    for f in relacion_filas(reporte):
        agregar_fila(hoja, [
            f.fila, f.fecha, f.beneficiario, f.tipo, f.identificacion, f.matricula, f.combustible, f.certificado,
            f.galones, f"Sí (venta {f.venta_id})" if f.venta_id else "No", f.documentos_texto(),
            ", ".join(f.observaciones),
        ])
    return xlsx_bytes(libro)
