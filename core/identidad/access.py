"""Scoped access helpers (Zulip's access_* habit).

Each returns the object when the user may reach it and raises NoEncontrado when it is outside the
user's scope, so an officer of one capitanía cannot even learn that another's records exist.
Every view goes through one of these; scope is never re-checked ad hoc.
"""

from django.db.models import QuerySet

from core.comun.errors import NoEncontrado, PermisoDenegado
from core.comun.numeros import entero
from core.identidad.roles import Rol
from core.models import Alerta, Capitania, Distribuidor, Usuario

# Who reads every alert; the others read what they are responsible for.
LECTORES_ALERTAS = (Rol.UPME_ANALISTA, Rol.AUDITOR)
# Roles whose alerts are addressed to the role itself rather than to a NIT or a vessel.
RESPONSABLES_POR_ROL = (Rol.DIMAR, Rol.MINMINAS, Rol.ECOPETROL)


def require_role(user: Usuario, *roles: str, integracion: bool = False) -> None:
    """Raise PermisoDenegado unless the user has one of `roles` (administrators always pass). With
    `integracion` (a service that takes an agency's data, never an act) the integration account of one of
    those agencies passes too."""
    if not user.is_authenticated:
        raise PermisoDenegado("Debe iniciar sesión.")
    if user.es_administrador or user.rol in roles:
        return
    if integracion and user.rol == Rol.INTEGRACION and user.entidad in roles:
        return
    if user.rol == Rol.INTEGRACION:
        raise PermisoDenegado("Una cuenta de integración intercambia datos: no firma ni decide actos.")
    raise PermisoDenegado()


def bloquear_en_alcance(objeto, acceso, actor):
    """The object read again under a row lock (until the transaction ends), through its access helper
    `acceso` (user, id) -> object: a write never acts on a stale row or outside the actor's scope."""
    return type(objeto).objects.select_for_update().get(pk=acceso(actor, objeto.pk).pk)


def fila_en_alcance(filas: QuerySet, pk, mensaje: str):
    """The row numbered `pk` (as a URL or a client wrote it) among `filas`, the rows the user reaches;
    NoEncontrado(mensaje) when it is not among them."""
    fila = filas.filter(pk=entero(pk)).first()
    if fila is None:
        raise NoEncontrado(mensaje)
    return fila


def require_admin(user: Usuario) -> None:
    if not (user.is_authenticated and user.es_administrador):
        raise PermisoDenegado("Solo un administrador puede hacer esto.")


def capitania_access(user: Usuario, codigo: str, *, para_escribir: bool = False) -> Capitania:
    """A capitanía by code. An officer writes only at their own; everyone else by role."""
    codigo = str(codigo).strip().upper()
    if user.capitania_id and Usuario.capitania.is_cached(user) and user.capitania.codigo == codigo:
        return user.capitania  # the officer's own, loaded with the token: no query on the hot path
    capitania = Capitania.objects.filter(codigo=codigo).first()
    if capitania is None:
        raise NoEncontrado(f"No existe la capitanía «{codigo}».")
    if para_escribir and user.rol == Rol.CAPITANIA_OFICIAL and user.capitania_id != capitania.id:
        raise PermisoDenegado(
            f"Usted solo puede registrar zarpes e informes en su capitanía ({user.capitania.codigo})."
        )
    return capitania


def distribuidor_access(user: Usuario, nit: str, *, para_escribir: bool = False) -> Distribuidor:
    """A wholesaler by NIT. A `distribuidor` user reaches only its own NIT."""
    distribuidor = Distribuidor.objects.filter(nit=str(nit).strip()).first()
    if distribuidor is None:
        raise NoEncontrado(f"No existe un distribuidor con NIT «{nit}».")
    if user.rol == Rol.DISTRIBUIDOR and user.distribuidor_id != distribuidor.id:
        if para_escribir:
            raise PermisoDenegado("Usted solo puede registrar operaciones a nombre de su propio distribuidor.")
        raise NoEncontrado(f"No existe un distribuidor con NIT «{nit}».")
    return distribuidor


def alertas_visibles(user) -> QuerySet[Alerta]:
    """UPME, auditors and administrators see all; the others what they are responsible for."""
    qs = Alerta.objects.select_related("distribuidor", "beneficiario")
    if user.es_administrador or user.tiene_rol(*LECTORES_ALERTAS):
        return qs
    if user.tiene_rol(Rol.DISTRIBUIDOR):
        return qs.filter(distribuidor_id=user.distribuidor_id)
    if user.tiene_rol(Rol.BENEFICIARIO):
        return qs.filter(beneficiario_id=user.beneficiario_id)
    if user.tiene_rol(*RESPONSABLES_POR_ROL):
        return qs.filter(rol_responsable=user.rol)
    if user.tiene_rol(Rol.AGENTE_MARITIMO) and user.agencia_nit:
        return qs.filter(nit_responsable=user.agencia_nit)
    if user.tiene_rol(Rol.USUARIO_CARGA) and user.nit:
        return qs.filter(nit_responsable=user.nit)
    return qs.none()
