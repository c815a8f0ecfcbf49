"""Roles of the border regime (API.md "Border zones") and the scoped access helpers.

Each `<entity>_access(user, id)` checks that the user may read the registry and returns the object,
or raises NoEncontrado (404) when it does not exist or lies outside the user's scope.
"""

from core.comun.errors import NoEncontrado
from core.identidad.access import require_role
from core.identidad.roles import Rol
from fronteras.models import Asignacion, Despacho, EstacionServicio, GranConsumidor, Municipio, PlanAbastecimiento

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
CONTRATANTES = (Rol.ECOPETROL,)  # services.contratos.contrato_ecopetrol_register (F-01)


def es_distribuidor(user) -> bool:
    """A wholesaler's user (not an administrator): it sees and registers only under its own NIT."""
    return user.rol == Rol.DISTRIBUIDOR and not user.es_administrador


def distribuidor_propio(user):
    """The wholesaler a `distribuidor` user acts for (core.identidad.access.distribuidor_access); None otherwise."""
    return user.distribuidor if es_distribuidor(user) else None


def despachos_visibles(user, despachos):
    """The deliveries a user may read: a wholesaler only its own NIT's."""
    if es_distribuidor(user):
        return despachos.filter(distribuidor_id=user.distribuidor_id)
    return despachos


def _encontrar(user, roles, objetos, pk, detalle: str):
    """The object `pk` among `objetos` once the user holds one of `roles`; NoEncontrado (404) otherwise."""
    require_role(user, *roles)
    obj = objetos.filter(pk=pk).first()
    if obj is None:
        raise NoEncontrado(detalle)
    return obj


def municipio_access(user, municipio_id) -> Municipio:
    return _encontrar(user, LECTORES, Municipio.objects, municipio_id, "No existe ese municipio de frontera.")


def estacion_access(user, estacion_id) -> EstacionServicio:
    return _encontrar(user, LECTORES, EstacionServicio.objects.select_related("municipio"), estacion_id,
                      "No existe esa estación de servicio.")


def asignacion_access(user, asignacion_id) -> Asignacion:
    return _encontrar(user, LECTORES, Asignacion.objects.select_related("municipio", "creada_por"), asignacion_id,
                      "No existe esa asignación.")


def despacho_access(user, despacho_id) -> Despacho:
    """A wholesaler reaches only its own NIT's deliveries."""
    require_role(user, *LECTORES)
    despachos = despachos_visibles(user, Despacho.objects.select_related("distribuidor", "estacion"))
    return _encontrar(user, LECTORES, despachos, despacho_id, "No existe ese despacho.")


def plan_access(user, plan_id) -> PlanAbastecimiento:
    return _encontrar(user, PLANES_LECTORES, PlanAbastecimiento.objects, plan_id,
                      "No existe ese plan de abastecimiento.")


def gran_consumidor_access(user, gran_consumidor_id) -> GranConsumidor:
    return _encontrar(user, LECTORES, GranConsumidor.objects.select_related("municipio"), gran_consumidor_id,
                      "No existe ese gran consumidor.")
