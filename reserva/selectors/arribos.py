"""Reads of arrivals and bills of lading, in the user's scope."""

from django.db.models import Count, QuerySet, Sum

from reserva import access
from reserva.models import Arribo, AvisoCapitania, Conocimiento


def arribo_list(*, user, puerto: str = "", pendientes: bool = False) -> QuerySet[Arribo]:
    qs = access.arribos_visibles(user, Arribo.objects.select_related("agencia", "nave", "ruta"))
    if puerto:
        qs = qs.filter(puerto__icontains=puerto)
    if pendientes:
        qs = qs.filter(sobordo_presentado__isnull=True)
    return qs.annotate(
        n_conocimientos=Count("conocimientos"), t_conocimientos=Sum("conocimientos__toneladas")
    ).order_by("-fecha_arribo", "-id")


def conocimiento_list(
    *, user, arribo: Arribo | None = None, usuario_nit: str = "", sin_solicitud_oferta: bool = False
) -> QuerySet[Conocimiento]:
    qs = Conocimiento.objects.select_related("arribo__ruta", "arribo__nave")
    if access.es_usuario_carga(user):
        qs = qs.filter(usuario_nit=user.nit)  # its own bills, on whichever agency's arrival
    else:
        qs = qs.filter(arribo__in=access.arribos_visibles(user))
    if arribo is not None:
        qs = qs.filter(arribo=arribo)
    if usuario_nit:
        qs = qs.filter(usuario_nit=usuario_nit)
    if sin_solicitud_oferta:  # C-10: the bills Dimar should look into
        qs = qs.filter(sin_solicitud_oferta=True)
    return qs.order_by("arribo_id", "numero")


def avisos_list(*, user) -> QuerySet[AvisoCapitania]:
    qs = AvisoCapitania.objects.select_related("capitania", "exoneracion")
    if access.es_capitania(user):
        qs = qs.filter(capitania_id=user.capitania_id)
    return qs.order_by("-creado", "-id")
