"""Who reaches an act, and who records its procedure (core.actos).

The staff of the authority that issued an act record its notifications and waivers and decide the recursos
before it; the persons concerned read their own acts and file their recursos; the control roles read all."""

from django.conf import settings
from django.db.models import Q, QuerySet

from core.actos.models import Acto, Autoridad, Interesado
from core.comun.errors import NoEncontrado, PermisoDenegado
from core.comun.numeros import entero
from core.identidad.roles import Rol

# The staff of each issuing authority (P-01: an officer records a personal notification or one by aviso).
PERSONAL = {
    Autoridad.UPME: (Rol.UPME_ANALISTA,),
    Autoridad.CAPITANIA: (Rol.CAPITANIA_OFICIAL,),
    Autoridad.DIMAR: (Rol.DIMAR,),
    Autoridad.MINMINAS: (Rol.MINMINAS,),
}
LECTORES_TODO = (Rol.UPME_ANALISTA, Rol.AUDITOR)
# Who may read acts at all (the rest of the roles see none): the staff, the control roles and the persons
# concerned, each within its scope (`actos_visibles`).
LECTORES = (
    Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.DIMAR, Rol.MINMINAS, Rol.CAPITANIA_OFICIAL, Rol.BENEFICIARIO,
    Rol.DISTRIBUIDOR, Rol.USUARIO_CARGA, Rol.AGENTE_MARITIMO, Rol.CONFERENCIA, Rol.ECOPETROL,
)
ESCRITORES = (Rol.UPME_ANALISTA, Rol.DIMAR, Rol.MINMINAS, Rol.CAPITANIA_OFICIAL)
PRESENTAN_RECURSOS = (*ESCRITORES, Rol.BENEFICIARIO, Rol.DISTRIBUIDOR, Rol.USUARIO_CARGA, Rol.AGENTE_MARITIMO,
                      Rol.CONFERENCIA, Rol.ECOPETROL)


def nits(user) -> set[str]:
    """The NITs a user speaks for (a wholesaler, a cargo user, an agency, a conference)."""
    propios = {getattr(user, "nit", ""), getattr(user, "agencia_nit", ""), getattr(user, "conferencia", "")}
    if user.rol == Rol.ECOPETROL:  # F-07: the supply plans' approvals concern Ecopetrol by its NIT
        propios.add(settings.ECOPETROL_NIT)
    if getattr(user, "distribuidor_id", None):
        propios.add(user.distribuidor.nit)
    return {n for n in propios if n}


def _como_interesado(user) -> Q:
    condicion = Q(pk__in=[])
    if user.rol == Rol.BENEFICIARIO and user.beneficiario_id:
        condicion |= Q(beneficiario_id=user.beneficiario_id)
    if propios := nits(user):
        condicion |= Q(nit__in=propios)
    return condicion


def actos_visibles(user) -> QuerySet[Acto]:
    if not user.is_authenticated:
        return Acto.objects.none()
    if user.es_administrador or user.rol in LECTORES_TODO:
        return Acto.objects.all()
    if user.rol == Rol.DIMAR:
        return Acto.objects.filter(autoridad__in=[Autoridad.DIMAR, Autoridad.CAPITANIA])
    if user.rol == Rol.MINMINAS:
        return Acto.objects.filter(autoridad=Autoridad.MINMINAS)
    if user.rol == Rol.CAPITANIA_OFICIAL:
        return Acto.objects.filter(autoridad=Autoridad.CAPITANIA)
    if user.rol in LECTORES:
        return Acto.objects.filter(pk__in=Interesado.objects.filter(_como_interesado(user)).values("acto_id"))
    return Acto.objects.none()


def acto_access(user, acto_id) -> Acto:
    acto = actos_visibles(user).filter(pk=entero(acto_id)).first()
    if acto is None:
        raise NoEncontrado("No existe ese acto o no está a su alcance.")
    return acto


def interesados_visibles(user, acto: Acto) -> QuerySet[Interesado]:
    filas = acto.interesados.all()
    if user.es_administrador or user.rol in (*LECTORES_TODO, *ESCRITORES):
        return filas
    return filas.filter(_como_interesado(user))


def interesado_access(user, acto: Acto, interesado_id) -> Interesado:
    interesado = interesados_visibles(user, acto).filter(pk=entero(interesado_id)).first()
    if interesado is None:
        raise NoEncontrado("Esa persona no es interesada en el acto, o no está a su alcance.")
    return interesado


def es_personal(user, autoridad: str) -> bool:
    return user.es_administrador or user.rol in PERSONAL.get(autoridad, ())


def exigir_personal(user, autoridad: str, que: str) -> None:
    if not es_personal(user, autoridad):
        raise PermisoDenegado(f"Solo el personal de la autoridad que expidió el acto puede {que}.")
