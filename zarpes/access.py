"""Scoped access to zarpes and certificates: an officer sees its capitanía, a beneficiary its vessel."""

from core.access import require_role
from core.errors import NoEncontrado
from core.roles import Rol
from zarpes.models import Certificado, Zarpe

LECTORES_ZARPES = (Rol.CAPITANIA_OFICIAL, Rol.DIMAR, Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.BENEFICIARIO)
# Wholesalers read certificates: they sell against them.
LECTORES_CERTIFICADOS = (*LECTORES_ZARPES, Rol.DISTRIBUIDOR)


def zarpes_visibles(user, queryset):
    if user.es_administrador:
        return queryset
    if user.rol == Rol.CAPITANIA_OFICIAL:
        return queryset.filter(capitania_id=user.capitania_id)
    if user.rol == Rol.BENEFICIARIO:
        return queryset.filter(nave_id=user.beneficiario_id)
    return queryset


def zarpe_access(user, zarpe_id) -> Zarpe:
    require_role(user, *LECTORES_ZARPES)
    try:
        pk = int(zarpe_id)
    except (TypeError, ValueError):
        pk = None
    zarpe = zarpes_visibles(user, Zarpe.objects.select_related("nave", "capitania", "cupo")).filter(pk=pk).first()
    if zarpe is None:
        raise NoEncontrado("No existe ese zarpe.")
    return zarpe


def certificado_access(user, numero: str) -> Certificado:
    require_role(user, *LECTORES_CERTIFICADOS)
    qs = Certificado.objects.select_related("zarpe", "nave", "capitania", "cupo__resolucion")
    # Officers read certificates of every capitanía: a vessel presents its last one at any port.
    if not user.es_administrador and user.rol == Rol.BENEFICIARIO:
        qs = qs.filter(nave_id=user.beneficiario_id)
    certificado = qs.filter(numero=str(numero).strip().upper()).first()
    if certificado is None:
        raise NoEncontrado("No existe ese certificado.")
    return certificado
