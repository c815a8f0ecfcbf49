"""Scoped access to the quota regime (STYLE habit 3): outside the scope is not found.

Every role tuple of the app lives here, with the helpers that answer "who may see or do this".
"""

from django.db.models import Exists, OuterRef, Q

from core.comun.errors import NoEncontrado, PermisoDenegado
from core.comun.numeros import entero
from core.identidad.access import fila_en_alcance, require_role
from core.identidad.roles import Rol
from core.models import Alerta
from cupos.models import AltaDimar, Beneficiario, Cupo, FirmezaMasiva, Resolucion, Solicitud, TipoAlertaCupos

# Who reads beneficiaries, cupos and balances (API.md "Users and roles").
LECTORES = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.CAPITANIA_OFICIAL, Rol.DISTRIBUIDOR, Rol.BENEFICIARIO)
ESCRITORES = (Rol.UPME_ANALISTA,)
# Who browses beneficiaries (the list, API and page, and the month-by-month pages). Not a wholesaler:
# its check screen looks one up by certificate or matrícula, and the API answers it only an exact
# ?matricula= or ?identificacion= (BUSCAN_EXACTO); by id (detail, balance, cupo) it reaches only its
# clientela, without their e-mail or phone (API.md "Conventions", issue 27).
LECTORES_LISTA = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.CAPITANIA_OFICIAL, Rol.BENEFICIARIO)
BUSCAN_EXACTO = (Rol.DISTRIBUIDOR,)
# What a Capitanía officer reads: vessels, with their balances (API.md "read vessels' balances");
# not acuicultoras nor the Armada, which never clear a port.
TIPOS_NAVE = (Beneficiario.Tipo.NAVE_NACIONAL, Beneficiario.Tipo.NAVE_EXTRANJERA)
# The analyst's pages: dashboard, resolutions, inactive cupos.
ANALISTAS = (Rol.UPME_ANALISTA, Rol.AUDITOR)
# Applications, cupo lists and ledgers: the analysts, and a beneficiary user for its own.
ANALISTAS_Y_BENEFICIARIOS = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.BENEFICIARIO)
# Dimar's monthly novelties: Dimar reports them, the analysts read them.
REPORTAN_NOVEDADES = (Rol.DIMAR,)
LECTORES_NOVEDADES = (Rol.DIMAR, Rol.UPME_ANALISTA, Rol.AUDITOR)


def beneficiario_access(user, beneficiario_id) -> Beneficiario:
    require_role(user, *LECTORES)
    beneficiario = (
        Beneficiario.objects.select_related("capitania", "distribuidor").filter(pk=entero(beneficiario_id)).first()
    )
    if beneficiario is None or not _visible(user, beneficiario):
        raise NoEncontrado("No existe ese beneficiario.")
    return beneficiario


def cupo_access(user, cupo_id, *, para_escribir: bool = False) -> Cupo:
    require_role(user, *(ESCRITORES if para_escribir else LECTORES))
    cupo = (
        Cupo.objects.select_related("resolucion", "beneficiario", "cancelacion_interesado")
        .filter(pk=entero(cupo_id)).first()
    )
    if cupo is None or not _visible(user, cupo.beneficiario):
        raise NoEncontrado("No existe ese cupo.")
    return cupo


def resolucion_access(user, resolucion_id) -> Resolucion:
    require_role(user, *ANALISTAS)
    return fila_en_alcance(Resolucion.objects.all(), resolucion_id, "No existe esa resolución.")


def documento_resolucion_access(user, documento_id):
    """The job building a resolution's PDF: read by whoever reads the resolution's act (core.actos.access), or,
    for a resolution not yet issued as an act, by whoever reads resolutions."""
    from core.actos.access import acto_access
    from cupos.models import DocumentoResolucion

    documento = DocumentoResolucion.objects.select_related("resolucion").filter(pk=entero(documento_id)).first()
    if documento is None:
        raise NoEncontrado("No existe ese documento.")
    if documento.resolucion.acto_id is not None:
        acto_access(user, documento.resolucion.acto_id)
    else:
        resolucion_access(user, documento.resolucion_id)
    return documento


def firmeza_masiva_access(user, firmeza_id) -> FirmezaMasiva:
    """A resolution's bulk firmeza (R-06): read by whoever reads resolutions."""
    require_role(user, *ANALISTAS)
    return fila_en_alcance(FirmezaMasiva.objects.all(), firmeza_id, "No existe esa firmeza masiva.")


def solicitud_access(user, solicitud_id) -> Solicitud:
    """An application outside the user's scope does not exist for that user."""
    require_role(user, *ANALISTAS_Y_BENEFICIARIOS)
    solicitud = (
        Solicitud.objects.select_related("beneficiario", "creada_por")
        .prefetch_related("documentos")
        .filter(pk=entero(solicitud_id))
        .first()
    )
    if solicitud is None or not _en_alcance(user, solicitud.beneficiario_id):
        raise NoEncontrado("No existe esa solicitud.")
    return solicitud


def alta_access(user, alta_id) -> AltaDimar:
    """A vessel Dimar reported as alta (R-24); the decision service checks the role."""
    return fila_en_alcance(AltaDimar.objects.all(), alta_id, "No existe esa alta de Dimar.")


def alerta_inactividad_access(user, alerta_id) -> Alerta:
    """An inactive-cupo alert (R-12); the decision service checks the role."""
    inactividad = Alerta.objects.filter(tipo=TipoAlertaCupos.CUPO_INACTIVO)
    return fila_en_alcance(inactividad, alerta_id, "No existe esa alerta de cupo inactivo.")


def beneficiarios_visibles(user, queryset):
    """Narrow a beneficiary queryset to the user's scope (a wholesaler's exact lookup is not narrowed:
    require_busqueda_exacta made it one matrícula or one identification)."""
    if es_beneficiario(user):
        return queryset.filter(pk=user.beneficiario_id)
    if _es_oficial(user):
        return queryset.filter(tipo__in=TIPOS_NAVE)
    return queryset


def clientela(distribuidor_id, queryset=None):
    """The beneficiaries a wholesaler reaches by id: those it sold to, and those that designate it
    (acuicultoras and the Armada, R-18). API.md: it never enumerates the others."""
    queryset = Beneficiario.objects.all() if queryset is None else queryset
    if distribuidor_id is None:
        return queryset.none()
    vendidos = Beneficiario.ventas.rel.related_model.objects.filter(
        beneficiario_id=OuterRef("pk"), distribuidor_id=distribuidor_id
    )
    return queryset.filter(Q(distribuidor_id=distribuidor_id) | Exists(vendidos))


def es_distribuidor(user) -> bool:
    """A wholesaler's user (an administrator never is): reaches its clientela only."""
    return user.is_authenticated and user.rol == Rol.DISTRIBUIDOR and not user.es_administrador


def _visible(user, beneficiario: Beneficiario) -> bool:
    if es_beneficiario(user):
        return user.beneficiario_id == beneficiario.id
    if _es_oficial(user):
        return beneficiario.tipo in TIPOS_NAVE
    if es_distribuidor(user):
        return clientela(user.distribuidor_id, Beneficiario.objects.filter(pk=beneficiario.pk)).exists()
    return True


def _es_oficial(user) -> bool:
    return user.is_authenticated and user.rol == Rol.CAPITANIA_OFICIAL and not user.es_administrador


def require_busqueda_exacta(user, *, matricula: str, identificacion: str) -> None:
    """A wholesaler looks a beneficiary up by its exact matrícula or identificación, never browses."""
    if (
        user.is_authenticated
        and not user.es_administrador
        and user.rol in BUSCAN_EXACTO
        and not (matricula or identificacion)
    ):
        raise PermisoDenegado(
            "Su rol consulta un beneficiario por su matrícula o su identificación exactas "
            "(?matricula= o ?identificacion=), no la lista completa."
        )


def beneficiario_del_alcance(user, beneficiario_id: int | None) -> int | None:
    """The beneficiary whose cupos a list shows: a beneficiary user sees only its own."""
    if user.rol == Rol.BENEFICIARIO:
        return user.beneficiario_id
    return beneficiario_id


def es_beneficiario(user) -> bool:
    """A beneficiary user: confined to its own beneficiary (an administrator never is)."""
    return user.is_authenticated and user.rol == Rol.BENEFICIARIO and not user.es_administrador


def es_analista(user) -> bool:
    """UPME's analyst (or an administrator): who writes in this regime."""
    return user.is_authenticated and (user.es_administrador or user.rol in ESCRITORES)


def puede_reportar_novedades(user) -> bool:
    return user.is_authenticated and (user.es_administrador or user.rol in REPORTAN_NOVEDADES)


def puede_radicar(user) -> bool:
    """Whether the pages offer to radicate an application (the services check again)."""
    if es_beneficiario(user):
        return user.beneficiario_id is not None
    return es_analista(user)


def puede_gestionar(user, solicitud: Solicitud) -> bool:
    """Whether the pages offer upload forms to this user (the services check again)."""
    if es_beneficiario(user):
        return user.beneficiario_id == solicitud.beneficiario_id
    return es_analista(user)


def require_gestor(actor, beneficiario_id: int) -> None:
    """Analysts manage every application; a beneficiary user only those of its own beneficiary."""
    if es_beneficiario(actor) and actor.beneficiario_id == beneficiario_id:
        return
    require_role(actor, *ESCRITORES)


def _en_alcance(user, beneficiario_id: int) -> bool:
    return not es_beneficiario(user) or user.beneficiario_id == beneficiario_id
