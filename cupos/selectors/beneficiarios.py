"""Reads of beneficiaries (R-01, R-02): searches, lists with their latest cupo, one by id."""

from django.apps import apps
from django.db.models import OuterRef, Q, QuerySet, Subquery

from core.models import Capitania
from core.selectors import filtrar
from cupos.access import beneficiarios_visibles
from cupos.models import Beneficiario, Cupo


def beneficiario_list(
    *,
    q: str = "",
    tipo: str = "",
    capitania: str = "",
    matricula: str = "",
    identificacion: str = "",
    trb_banda: str = "",
    estado_cupo: str = "",
) -> QuerySet[Beneficiario]:
    qs = Beneficiario.objects.select_related("capitania", "distribuidor")
    if q:
        qs = qs.filter(Q(nombre__icontains=q) | Q(matricula__icontains=q) | Q(identificacion__icontains=q))
    qs = filtrar(qs, tipo=tipo, capitania__codigo=capitania, matricula=matricula, identificacion=identificacion)
    bandas = {
        "menor_60": Q(trb__lt=60),
        "60_300": Q(trb__gte=60, trb__lte=300),
        "mayor_300": Q(trb__gt=300),
    }
    if trb_banda in bandas:
        qs = qs.filter(bandas[trb_banda])
    if estado_cupo == "sin_cupo":
        qs = qs.exclude(cupos__estado__in=[Cupo.Estado.EXPEDIDO, Cupo.Estado.EN_FIRME])
    elif estado_cupo in Cupo.Estado.values:
        qs = qs.filter(cupos__estado=estado_cupo).distinct()
    return qs.order_by("nombre", "id")


def beneficiario_search(*, user, q: str, limite: int = 20) -> list[Beneficiario]:
    """Beneficiaries to pick when radicating, by name, NIT or matrícula."""
    q = (q or "").strip()
    if not q:
        return []
    qs = beneficiarios_visibles(user, Beneficiario.objects.all()).filter(
        Q(nombre__icontains=q) | Q(identificacion__icontains=q) | Q(matricula__icontains=q)
    )
    return list(qs.order_by("nombre")[:limite])


def beneficiario_get(*, beneficiario_id: int) -> Beneficiario | None:
    return Beneficiario.objects.filter(pk=beneficiario_id).first()


def beneficiario_visible(*, user, beneficiario_id: int) -> Beneficiario | None:
    """The beneficiary with that id if it is in the user's scope, else None."""
    return beneficiarios_visibles(user, Beneficiario.objects.all()).filter(pk=beneficiario_id).first()


def beneficiarios_con_ultimo_cupo(queryset: QuerySet[Beneficiario]) -> QuerySet[Beneficiario]:
    """Annotate each beneficiary with its latest cupo, inside the same query (no N+1)."""
    ultimo = Cupo.objects.filter(beneficiario=OuterRef("pk")).order_by("-resolucion__anio", "-id")
    return queryset.annotate(
        cupo_estado=Subquery(ultimo.values("estado")[:1]),
        cupo_anio=Subquery(ultimo.values("resolucion__anio")[:1]),
        cupo_galones=Subquery(ultimo.values("galones_anuales")[:1]),
    )


def ultimo_cupo_de(beneficiarios) -> None:
    """Set cupo_estado, cupo_anio and cupo_galones (latest cupo) on the given beneficiaries — one
    page of a list — in one query. Annotating the paginated queryset instead would run the
    subqueries for every row the OFFSET skips (seconds at page 300 of 10,000)."""
    por_id = {b.pk: b for b in beneficiarios}
    filas = beneficiarios_con_ultimo_cupo(Beneficiario.objects.filter(pk__in=list(por_id)).order_by()).values(
        "pk", "cupo_estado", "cupo_anio", "cupo_galones"
    )
    for b in por_id.values():
        b.cupo_estado = b.cupo_anio = b.cupo_galones = None
    for fila in filas if por_id else ():
        b = por_id[fila["pk"]]
        b.cupo_estado, b.cupo_anio, b.cupo_galones = fila["cupo_estado"], fila["cupo_anio"], fila["cupo_galones"]


def capitanias_activas() -> QuerySet[Capitania]:
    """The capitanías a list can be filtered by."""
    return Capitania.objects.filter(activa=True).only("codigo", "nombre")


def beneficiario_declaraciones(*, beneficiario_id: int, limite: int = 24) -> list:
    """R-21: the beneficiary's latest monthly declarations, newest first, each with
    `tenida_en_cuenta` (a late one "no será tenida en cuenta … en el siguiente proceso de
    asignación"). The declarations are the wholesalers' module's records: read through the app
    registry, so cupos does not import that module."""
    Declaracion = apps.get_model("distribuidores", "Declaracion")
    return list(Declaracion.objects.filter(beneficiario_id=beneficiario_id).order_by("-periodo")[:limite])
