"""Roles of the border regime (API.md "Border zones") and the scoped access helpers.

Each `<entity>_access(user, id)` checks that the user may read the registry and returns the object,
or raises NoEncontrado (404) when it does not exist or lies outside the user's scope.
"""

from core.access import require_role
from core.errors import NoEncontrado
from core.roles import Rol
from fronteras.models import Asignacion, Despacho, EstacionServicio, Municipio, PlanAbastecimiento

ANALISTAS = (Rol.UPME_ANALISTA,)
REGISTRO_ESTACIONES = (Rol.UPME_ANALISTA, Rol.MINMINAS)
REGISTRO_COMPRAS = (Rol.UPME_ANALISTA, Rol.MINMINAS, Rol.ECOPETROL)
DESPACHADORES = (Rol.DISTRIBUIDOR, Rol.ECOPETROL)
LECTORES = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.MINMINAS, Rol.ECOPETROL, Rol.DISTRIBUIDOR)
PLANES_PRESENTA = (Rol.ECOPETROL,)
PLANES_EVALUA = (Rol.MINMINAS,)
PLANES_LECTORES = (Rol.ECOPETROL, Rol.MINMINAS, Rol.UPME_ANALISTA, Rol.AUDITOR)
# Who reads the registries from the section's menu (a wholesaler reaches them from its deliveries).
LECTORES_REGISTRO = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.MINMINAS, Rol.ECOPETROL)
CERTIFICADORES_TRANSPORTE = (Rol.MINMINAS, Rol.UPME_ANALISTA)  # services.estaciones.certificado_transporte_register
PRIORIZADORES = (*ANALISTAS, Rol.MINMINAS)  # services.municipios.prioridad_set


def es_distribuidor(user) -> bool:
    """A wholesaler's user (not an administrator): it sees and registers only under its own NIT."""
    return user.rol == Rol.DISTRIBUIDOR and not user.es_administrador


def distribuidor_propio(user):
    """The wholesaler a `distribuidor` user acts for (core.access.distribuidor_access); None for other roles."""
    return user.distribuidor if es_distribuidor(user) else None


def despachos_visibles(user, despachos):
    """The deliveries a user may read: a wholesaler only its own NIT's."""
    if es_distribuidor(user):
        return despachos.filter(distribuidor_id=user.distribuidor_id)
    return despachos


def municipio_access(user, municipio_id) -> Municipio:
    require_role(user, *LECTORES)
    municipio = Municipio.objects.filter(pk=municipio_id).first()
    if municipio is None:
        raise NoEncontrado("No existe ese municipio de frontera.")
    return municipio


def estacion_access(user, estacion_id) -> EstacionServicio:
    require_role(user, *LECTORES)
    estacion = EstacionServicio.objects.select_related("municipio").filter(pk=estacion_id).first()
    if estacion is None:
        raise NoEncontrado("No existe esa estación de servicio.")
    return estacion


def asignacion_access(user, asignacion_id) -> Asignacion:
    require_role(user, *LECTORES)
    asignacion = Asignacion.objects.select_related("municipio", "creada_por").filter(pk=asignacion_id).first()
    if asignacion is None:
        raise NoEncontrado("No existe esa asignación.")
    return asignacion


def despacho_access(user, despacho_id) -> Despacho:
    require_role(user, *LECTORES)
    despacho = despachos_visibles(user, Despacho.objects.select_related("distribuidor", "estacion")).filter(
        pk=despacho_id
    ).first()
    if despacho is None:
        raise NoEncontrado("No existe ese despacho.")
    return despacho


def plan_access(user, plan_id) -> PlanAbastecimiento:
    require_role(user, *PLANES_LECTORES)
    plan = PlanAbastecimiento.objects.filter(pk=plan_id).first()
    if plan is None:
        raise NoEncontrado("No existe ese plan de abastecimiento.")
    return plan
