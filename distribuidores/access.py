"""Scoped access for wholesalers' data: a wholesaler sees only its own sales and reports."""

from core.access import require_role
from core.errors import NoEncontrado
from core.roles import Rol
from distribuidores.models import ReporteMensual, Venta

LECTORES = (Rol.DISTRIBUIDOR, Rol.UPME_ANALISTA, Rol.AUDITOR)


def _de_su_distribuidor(user, queryset):
    if not user.es_administrador and user.rol == Rol.DISTRIBUIDOR:
        return queryset.filter(distribuidor_id=user.distribuidor_id)
    return queryset


def ventas_visibles(user, queryset=None):
    return _de_su_distribuidor(user, queryset if queryset is not None else Venta.objects.all())


def reportes_visibles(user, queryset=None):
    return _de_su_distribuidor(user, queryset if queryset is not None else ReporteMensual.objects.all())


def venta_access(user, venta_id) -> Venta:
    require_role(user, *LECTORES)
    venta = ventas_visibles(user).select_related("distribuidor", "beneficiario", "certificado").filter(pk=_pk(venta_id)).first()
    if venta is None:
        raise NoEncontrado("No existe esa venta.")
    return venta


def reporte_access(user, reporte_id) -> ReporteMensual:
    require_role(user, *LECTORES)
    reporte = reportes_visibles(user).select_related("distribuidor").filter(pk=_pk(reporte_id)).first()
    if reporte is None:
        raise NoEncontrado("No existe ese reporte.")
    return reporte


def _pk(valor):
    try:
        return int(valor)
    except (TypeError, ValueError):
        return None
