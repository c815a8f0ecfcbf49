"""The month's sources as querysets, the SQL expressions the checks share, and how a finding
names its wholesaler and beneficiary (R-22)."""

import datetime as dt

from django.db.models import Exists, F, OuterRef, Sum

from core.comun.fechas import fecha_larga
from cupos.models import Beneficiario, Cupo
from distribuidores.models import FilaReporte, ReporteMensual, Venta
from zarpes.models import Certificado

NAVES = Beneficiario.TIPOS_NAVE
SIN_CERTIFICADO = (Beneficiario.Tipo.ACUICULTORA, Beneficiario.Tipo.ARMADA)


def primer_dia(fecha: dt.date) -> dt.date:
    return fecha.replace(day=1)


def ventas_del_mes(inicio: dt.date, fin: dt.date, distribuidor_id: int | None):
    qs = Venta.objects.filter(fecha__gte=inicio, fecha__lte=fin)
    return qs.filter(distribuidor_id=distribuidor_id) if distribuidor_id else qs


def filas_vigentes():
    """Rows of the current, processed version of every report: an earlier upload never counts."""
    return FilaReporte.objects.filter(reporte__vigente=True, reporte__estado=ReporteMensual.Estado.PROCESADO)


def filas_del_mes(periodo: dt.date, distribuidor_id: int | None):
    qs = filas_vigentes().filter(reporte__periodo=periodo)
    return qs.filter(reporte__distribuidor_id=distribuidor_id) if distribuidor_id else qs


def numero_normalizado():
    """A report row's certificate number. The ingestion stores it as certificates are numbered
    (stripped, upper case: distribuidores.reportes.filas), so the column is compared as it is and
    the partial index fila_reporte_cert_idx serves every lookup by number."""
    return F("certificado_numero")


def con_cupo_vigente():
    """cupos.selectors.cupos.cupo_vigente as an EXISTS on each row's beneficiary and date (R-06, R-09, R-12)."""
    return Exists(
        Cupo.objects.vigentes_en(OuterRef("fecha")).filter(beneficiario_id=OuterRef("beneficiario_id"))
    )


def suma_correlada(queryset, grupo: str, campo: str = "galones"):
    """A correlated SUM for Subquery(): `queryset` is filtered on `grupo` = OuterRef, so one group."""
    return queryset.order_by().values(grupo).annotate(_s=Sum(campo)).values("_s")[:1]


def certificado_invalido(*, numero, existe, nave_id, estado, expedicion, beneficiario_id, fecha) -> str:
    """Why a vessel's sale has no valid certificate (R-16, R-19), or "" when it has one."""
    if not numero:
        return "la venta a una nave no indica su certificado de cupo de exención."
    if not existe:
        return f"no existe el certificado {numero}."
    if nave_id != beneficiario_id:
        return f"el certificado {numero} fue expedido a otra nave."
    if estado == Certificado.Estado.ANULADO:
        return f"el certificado {numero} está anulado."
    if fecha < expedicion:
        return f"la venta es anterior a la expedición del certificado {numero} ({fecha_larga(expedicion)})."
    return ""


def campos_base(distribuidor, beneficiario, **campos) -> dict:
    """The Hallazgo fields that name the wholesaler and the beneficiary (either may be None)."""
    return {
        "distribuidor_id": distribuidor.id if distribuidor else None,
        "distribuidor_nit": distribuidor.nit if distribuidor else "",
        "distribuidor_nombre": distribuidor.razon_social if distribuidor else "",
        "beneficiario_id": beneficiario.id if beneficiario else None,
        "beneficiario_nombre": beneficiario.nombre if beneficiario else "",
        "matricula": (beneficiario.matricula or "") if beneficiario else "",
        **campos,
    }
