"""Who may do what in the cargo reservation, and the scope helpers (API.md "Cargo reservation").

An agent reaches only its agency's arrivals; an importer or exporter only its own NIT; a
conference's representative only its conference. Outside the scope an object does not exist (404).
"""

from django.db.models import QuerySet

from core.comun.errors import NoEncontrado
from core.identidad.access import fila_en_alcance
from core.identidad.roles import Rol
from reserva.models import Arribo, Exoneracion, RequerimientoControl, SolicitudOferta

DIMAR = (Rol.DIMAR,)
AGENTES = (Rol.AGENTE_MARITIMO,)
USUARIOS = (Rol.USUARIO_CARGA,)
CONFERENCIAS = (Rol.CONFERENCIA,)
# Read everything of the regime (auditors read everything; capitanías what they were told of).
LECTORES = (Rol.DIMAR, Rol.AUDITOR, Rol.UPME_ANALISTA)
LECTORES_ARRIBOS = (*LECTORES, Rol.AGENTE_MARITIMO, Rol.CAPITANIA_OFICIAL)
LECTORES_CUMPLIMIENTO = (*LECTORES, Rol.USUARIO_CARGA, Rol.CAPITANIA_OFICIAL)
LECTORES_EXONERACIONES = (*LECTORES, Rol.USUARIO_CARGA, Rol.CAPITANIA_OFICIAL)
LECTORES_RECARGOS = (*LECTORES, Rol.CONFERENCIA)
# The users' duties (offers, yearly contracts, semiannual reports, Dimar's yearly control): an
# importer or exporter reads its own.
LECTORES_DEBERES = (*LECTORES, *USUARIOS)
LECTORES_AVISOS = (Rol.CAPITANIA_OFICIAL, Rol.DIMAR, Rol.AUDITOR)
LECTORES_REGISTROS = (*LECTORES, Rol.AGENTE_MARITIMO, Rol.USUARIO_CARGA, Rol.CONFERENCIA, Rol.CAPITANIA_OFICIAL)
PRESENTAN_DOCUMENTOS = (Rol.USUARIO_CARGA,)
# C-05: who records a capitanía's outcome of a possible breach (the capitanía, or Dimar for it).
RESULTADOS_CONTROL = (Rol.CAPITANIA_OFICIAL, Rol.DIMAR)


def es_agente(user) -> bool:
    return user.rol == Rol.AGENTE_MARITIMO and not user.es_administrador


def es_usuario_carga(user) -> bool:
    return user.rol == Rol.USUARIO_CARGA and not user.es_administrador


def es_conferencia(user) -> bool:
    return user.rol == Rol.CONFERENCIA and not user.es_administrador


def es_capitania(user) -> bool:
    return user.rol == Rol.CAPITANIA_OFICIAL and not user.es_administrador


def nit_access(user, nit: str) -> str:
    """An importer's or exporter's NIT the user may act on or read: its own for a `usuario_carga`."""
    nit = str(nit or "").strip()
    if es_usuario_carga(user) and nit != user.nit:
        raise NoEncontrado(f"No existe un importador o exportador con NIT «{nit}» en su alcance.")
    return nit


def agencia_nit_access(user, nit: str) -> str:
    nit = str(nit or "").strip()
    if es_agente(user) and nit != user.agencia_nit:
        raise NoEncontrado(f"No existe una agencia marítima con NIT «{nit}» en su alcance.")
    return nit


def conferencia_access(user, codigo: str) -> str:
    codigo = str(codigo or "").strip()
    if es_conferencia(user) and codigo != user.conferencia:
        raise NoEncontrado(f"No existe la conferencia «{codigo}» en su alcance.")
    return codigo


def arribos_visibles(user, qs: QuerySet | None = None) -> QuerySet:
    qs = Arribo.objects.all() if qs is None else qs
    if es_agente(user):
        return qs.filter(agencia__nit=user.agencia_nit)
    if es_capitania(user):
        return qs.filter(capitania_id=user.capitania_id)
    return qs if user.es_administrador or user.rol in LECTORES_ARRIBOS else qs.none()


def arribo_access(user, arribo_id) -> Arribo:
    arribos = arribos_visibles(user, Arribo.objects.select_related("agencia", "nave", "ruta"))
    return fila_en_alcance(arribos, arribo_id, "No existe ese arribo en su alcance.")


def exoneraciones_visibles(user, qs: QuerySet | None = None) -> QuerySet:
    qs = Exoneracion.objects.all() if qs is None else qs
    if es_usuario_carga(user):
        return qs.filter(usuario_nit=user.nit)
    if es_capitania(user):
        return qs.filter(avisos__capitania_id=user.capitania_id).distinct()
    return qs if user.es_administrador or user.rol in LECTORES_EXONERACIONES else qs.none()


def exoneracion_access(user, exoneracion_id) -> Exoneracion:
    exoneraciones = exoneraciones_visibles(user, Exoneracion.objects.select_related("ruta"))
    return fila_en_alcance(exoneraciones, exoneracion_id, "No existe esa solicitud de exoneración en su alcance.")


def documento_access(user, exoneracion_id, documento_id):
    """A document of an exoneration file, served only to who reaches the file."""
    exoneracion = exoneracion_access(user, exoneracion_id)
    return fila_en_alcance(exoneracion.documentos.all(), documento_id, "No existe ese documento.")


def recargos_visibles(user, qs: QuerySet):
    if es_conferencia(user):
        return qs.filter(conferencia__codigo=user.conferencia)
    return qs


def recargo_access(user, recargo_id):
    from reserva.models import Recargo

    recargos = recargos_visibles(user, Recargo.objects.select_related("conferencia"))
    return fila_en_alcance(recargos, recargo_id, "No existe ese recargo en su alcance.")


def por_nit_visibles(user, qs: QuerySet) -> QuerySet:
    """Contracts, reports, offers, controls: an importer or exporter sees its own."""
    return qs.filter(usuario_nit=user.nit) if es_usuario_carga(user) else qs


def contrato_access(user, contrato_id):
    from reserva.models import ContratoAnual

    contratos = por_nit_visibles(user, ContratoAnual.objects.all())
    return fila_en_alcance(contratos, contrato_id, "No existe ese contrato anual en su alcance.")


def solicitud_oferta_access(user, solicitud_id) -> SolicitudOferta:
    solicitudes = por_nit_visibles(user, SolicitudOferta.objects.select_related("ruta"))
    return fila_en_alcance(solicitudes, solicitud_id, "No existe esa solicitud de ofertas en su alcance.")


def control_access(user, control_id) -> RequerimientoControl:
    controles = por_nit_visibles(user, RequerimientoControl.objects.all())
    return fila_en_alcance(controles, control_id, "No existe ese control anual en su alcance.")


def control_capitania_access(user, control_id) -> RequerimientoControl:
    """A control as a capitanía reaches it: only those Dimar sent it as a possible breach (C-05)."""
    controles = RequerimientoControl.objects.all()
    if es_capitania(user):
        from reserva.models import AvisoCapitania

        referencias = AvisoCapitania.objects.filter(
            capitania_id=user.capitania_id, tipo=AvisoCapitania.Tipo.INCUMPLIMIENTO
        ).values_list("referencia", flat=True)
        pks = [int(r.removeprefix("control-")) for r in referencias if r.removeprefix("control-").isdecimal()]
        controles = controles.filter(pk__in=pks)
    return fila_en_alcance(controles, control_id, "No existe ese control anual en su alcance.")
