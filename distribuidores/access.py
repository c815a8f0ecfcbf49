"""Scoped access for wholesalers' data: a wholesaler sees only its own sales and reports, a vessel
only its own declarations. The role tuples of the module live here too."""

from core.comun.errors import NoEncontrado, PermisoDenegado
from core.comun.numeros import entero
from core.identidad.access import fila_en_alcance, require_role
from core.identidad.roles import Rol
from core.models import Distribuidor
from distribuidores.models import Declaracion, ReporteMensual, Venta

LECTORES = (Rol.DISTRIBUIDOR, Rol.UPME_ANALISTA, Rol.AUDITOR)
ESCRITORES = (Rol.DISTRIBUIDOR,)  # register sales, keep their documents, upload monthly reports
LECTORES_CONCILIACION = (Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.DISTRIBUIDOR)
# declared to UPME "con copia a Ecopetrol S. A.": Ecopetrol reads every declaration.
LECTORES_DECLARACIONES = (Rol.BENEFICIARIO, Rol.UPME_ANALISTA, Rol.AUDITOR, Rol.ECOPETROL)
DECLARANTES = (Rol.BENEFICIARIO, Rol.UPME_ANALISTA)
# Art. 15 D1505: the wholesaler sends Ecopetrol (producer/importer) its relación of exempt fuel sold.
LECTORES_RELACION = (Rol.DISTRIBUIDOR, Rol.ECOPETROL, Rol.UPME_ANALISTA, Rol.AUDITOR)


def es_distribuidor(user) -> bool:
    return user.rol == Rol.DISTRIBUIDOR


def es_beneficiario(user) -> bool:
    return user.rol == Rol.BENEFICIARIO


def _de_su_distribuidor(user, queryset):
    if not user.es_administrador and es_distribuidor(user):
        return queryset.filter(distribuidor_id=user.distribuidor_id)
    return queryset


def ventas_visibles(user, queryset=None):
    return _de_su_distribuidor(user, queryset if queryset is not None else Venta.objects.all())


def reportes_visibles(user, queryset=None):
    return _de_su_distribuidor(user, queryset if queryset is not None else ReporteMensual.objects.all())


def declaraciones_visibles(user, queryset=None):
    """A beneficiary's user sees its own declarations; UPME, auditors and Ecopetrol see every one."""
    queryset = queryset if queryset is not None else Declaracion.objects.all()
    if es_beneficiario(user) and not user.es_administrador:
        return queryset.filter(beneficiario_id=user.beneficiario_id)
    return queryset


def venta_access(user, venta_id) -> Venta:
    require_role(user, *LECTORES)
    ventas = ventas_visibles(user).select_related("distribuidor", "beneficiario", "certificado")
    return fila_en_alcance(ventas, venta_id, "No existe esa venta.")


def venta_propia_access(actor, venta_id) -> Venta:
    """The sale, locked, if the actor's wholesaler registered it; anything else is not found."""
    require_role(actor, *ESCRITORES)
    venta = (
        Venta.objects.select_for_update(of=("self",)).select_related("beneficiario")
        .filter(pk=entero(venta_id), distribuidor_id=actor.distribuidor_id).first()
        if actor.distribuidor_id else None
    )
    if venta is None:
        raise NoEncontrado("No existe esa venta.")
    return venta


def venta_es_suya(user, venta) -> bool:
    """Only the wholesaler that registered a sale keeps its documents."""
    return es_distribuidor(user) and user.distribuidor_id is not None and user.distribuidor_id == venta.distribuidor_id


def reporte_access(user, reporte_id) -> ReporteMensual:
    require_role(user, *LECTORES)
    return fila_en_alcance(reportes_visibles(user).select_related("distribuidor"), reporte_id, "No existe ese reporte.")


def relaciones_visibles(user):
    """Art. 15: the reports in force (processed, current version) whose relación the user reads:
    a wholesaler its own, Ecopetrol, UPME and auditors every wholesaler's."""
    require_role(user, *LECTORES_RELACION)
    qs = ReporteMensual.objects.filter(vigente=True, estado=ReporteMensual.Estado.PROCESADO)
    return _de_su_distribuidor(user, qs)


def relacion_access(user, reporte_id) -> ReporteMensual:
    """The report in force behind a relación; a replaced, unprocessed or foreign one is not found."""
    return fila_en_alcance(
        relaciones_visibles(user).select_related("distribuidor"), reporte_id,
        "No existe una relación vigente para ese reporte.",
    )


def puede_cargar_reporte(user) -> bool:
    return es_distribuidor(user) and user.distribuidor_id is not None


def distribuidor_del_usuario(user) -> Distribuidor:
    """Only a wholesaler's user sells, and only as its own wholesaler."""
    require_role(user, *ESCRITORES)
    if user.distribuidor_id is None:
        raise PermisoDenegado("Su usuario no está asociado a un distribuidor: no puede registrar ventas.")
    return user.distribuidor


def conciliacion_alcance(user) -> int | None:
    """The wholesaler whose reconciliation the user sees: its own, or every one (None)."""
    require_role(user, *LECTORES_CONCILIACION)
    if es_distribuidor(user) and not user.es_administrador:
        if user.distribuidor_id is None:
            raise PermisoDenegado("Su usuario no está asociado a un distribuidor.")
        return user.distribuidor_id
    return None


def declarante(user):
    """The beneficiary the user declares for, or None (UPME, auditors and Ecopetrol only read them)."""
    if not es_beneficiario(user) or user.beneficiario_id is None:
        return None
    return user.beneficiario


def declaracion_beneficiario_access(user, beneficiario_id: int) -> None:
    """A beneficiary's user declares only for itself: another one is not found (R-21)."""
    if es_beneficiario(user) and not user.es_administrador and user.beneficiario_id != beneficiario_id:
        raise NoEncontrado("No existe ese beneficiario.")

