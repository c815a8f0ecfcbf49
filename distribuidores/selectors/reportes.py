"""Reads of monthly reports (R-20): scoped lists, a report's errors and discrepancies, totals in force."""

import datetime as dt
from decimal import Decimal

from django.db.models import QuerySet, Sum

from distribuidores.access import reportes_visibles
from distribuidores.models import Discrepancia, ErrorFilaReporte, FilaReporte, ReporteMensual
from distribuidores.selectors.conciliacion import fuentes


def reporte_list(
    *,
    user,
    periodo: dt.date | None = None,
    distribuidor_nit: str = "",
    vigente: bool | None = None,
    estado: str = "",
) -> QuerySet[ReporteMensual]:
    """The reports the user may see (a wholesaler: only its own), newest period and version first."""
    qs = reportes_visibles(user).select_related("distribuidor")
    if periodo is not None:
        qs = qs.filter(periodo=periodo)
    if distribuidor_nit:
        qs = qs.filter(distribuidor__nit=distribuidor_nit.strip())
    if vigente is not None:
        qs = qs.filter(vigente=vigente)
    if estado:
        qs = qs.filter(estado=estado)
    return qs.order_by("-periodo", "distribuidor__razon_social", "-version", "-id")


def reporte_recientes(*, user) -> QuerySet[ReporteMensual]:
    """The reports the user may see, for the page: newest period, then newest version first."""
    return reportes_visibles(user).select_related("distribuidor").order_by("-periodo", "-version", "-id")


def reporte_vigente(*, user, periodo: dt.date) -> ReporteMensual | None:
    """The wholesaler's own report of `periodo` that a new upload would replace: the newest version not
    rejected (in force, or still processing), or None when the month has none."""
    distribuidor_id = getattr(user, "distribuidor_id", None)
    if distribuidor_id is None:
        return None
    return (
        ReporteMensual.objects.filter(distribuidor_id=distribuidor_id, periodo=periodo)
        .exclude(estado=ReporteMensual.Estado.RECHAZADO)
        .order_by("-version")
        .first()
    )


def reporte_errores(*, reporte: ReporteMensual) -> QuerySet[ErrorFilaReporte]:
    return ErrorFilaReporte.objects.filter(reporte=reporte).order_by("fila", "id")


def reporte_discrepancias(*, reporte: ReporteMensual, con_beneficiario: bool = False) -> QuerySet[Discrepancia]:
    qs = Discrepancia.objects.filter(reporte=reporte)
    if con_beneficiario:
        qs = qs.select_related("beneficiario")
    return qs.order_by("fila", "codigo", "id")


def filas_vigentes(*, periodo: dt.date | None = None) -> QuerySet[FilaReporte]:
    """Rows of the processed version in force of each wholesaler's report: what counts (never twice)."""
    qs = fuentes.filas_vigentes()
    return qs.filter(reporte__periodo=periodo.replace(day=1)) if periodo is not None else qs


def galones_reportados(
    *, periodo: dt.date, distribuidor_id: int | None = None, beneficiario_id: int | None = None
) -> Decimal:
    qs = filas_vigentes(periodo=periodo)
    if distribuidor_id is not None:
        qs = qs.filter(reporte__distribuidor_id=distribuidor_id)
    if beneficiario_id is not None:
        qs = qs.filter(beneficiario_id=beneficiario_id)
    return qs.aggregate(total=Sum("galones"))["total"] or Decimal("0.00")


PREFIJO_TRABAJO = "reporte"  # its id in GET /api/v1/trabajos/{id}/: "reporte-31"
_ESTADO_TRABAJO = {
    ReporteMensual.Estado.RECIBIDO: "pendiente",
    ReporteMensual.Estado.PROCESANDO: "procesando",
    ReporteMensual.Estado.PROCESADO: "terminado",
    ReporteMensual.Estado.RECHAZADO: "fallido",  # a file that is not a table with the columns: why, in `error`
}


def reporte_vista_trabajo(reporte: ReporteMensual):
    """R-20: the report's processing as a job (core.segundo_plano.trabajos.VistaTrabajo)."""
    from django.urls import reverse

    from core.segundo_plano.trabajos import VistaTrabajo

    estado = _ESTADO_TRABAJO[reporte.estado]
    if estado == "terminado":
        return VistaTrabajo(
            estado,
            100,
            mensaje=reporte.mensaje or f"Reporte procesado: {reporte.filas_validas} filas válidas.",
            recurso=reverse("api-reporte-mensual", args=[reporte.id]),
            cantidad=reporte.filas_validas,
        )
    return VistaTrabajo(estado, reporte.progreso, error=reporte.mensaje if estado == "fallido" else None)
