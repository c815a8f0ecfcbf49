"""Scoped access to beneficiaries and cupos (STYLE habit 3): outside the scope is not found."""

from core.access import require_role
from core.errors import NoEncontrado
from core.roles import Rol
from cupos.models import Beneficiario, Cupo, Resolucion

# Who reads beneficiaries, cupos and balances (API.md "Users and roles").
LECTORES = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.CAPITANIA_OFICIAL, Rol.DISTRIBUIDOR, Rol.BENEFICIARIO)
ESCRITORES = (Rol.UPME_ANALISTA,)


def beneficiario_access(user, beneficiario_id) -> Beneficiario:
    require_role(user, *LECTORES)
    beneficiario = Beneficiario.objects.select_related("capitania", "distribuidor").filter(pk=_pk(beneficiario_id)).first()
    if beneficiario is None or (user.rol == Rol.BENEFICIARIO and user.beneficiario_id != beneficiario.id):
        raise NoEncontrado("No existe ese beneficiario.")
    return beneficiario


def cupo_access(user, cupo_id, *, para_escribir: bool = False) -> Cupo:
    require_role(user, *(ESCRITORES if para_escribir else LECTORES))
    cupo = Cupo.objects.select_related("resolucion", "beneficiario").filter(pk=_pk(cupo_id)).first()
    if cupo is None or (user.rol == Rol.BENEFICIARIO and user.beneficiario_id != cupo.beneficiario_id):
        raise NoEncontrado("No existe ese cupo.")
    return cupo


def resolucion_access(user, resolucion_id) -> Resolucion:
    require_role(user, Rol.UPME_ANALISTA, Rol.AUDITOR)
    resolucion = Resolucion.objects.filter(pk=_pk(resolucion_id)).first()
    if resolucion is None:
        raise NoEncontrado("No existe esa resolución.")
    return resolucion


def beneficiarios_visibles(user, queryset):
    """Narrow a beneficiary queryset to the user's scope."""
    if user.rol == Rol.BENEFICIARIO and not user.es_administrador:
        return queryset.filter(pk=user.beneficiario_id)
    return queryset


def _pk(valor) -> int | None:
    try:
        return int(valor)
    except (TypeError, ValueError):
        return None
