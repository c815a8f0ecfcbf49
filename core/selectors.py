"""Reads shared by every app."""

from django.db.models import QuerySet

from core.models import Capitania, Distribuidor, RegistroAuditoria


def capitania_list(*, q: str = "") -> QuerySet[Capitania]:
    qs = Capitania.objects.all()
    if q:
        qs = qs.filter(nombre__icontains=q) | qs.filter(codigo__icontains=q)
    return qs.order_by("codigo")


def distribuidor_list(*, q: str = "", tipo: str = "") -> QuerySet[Distribuidor]:
    qs = Distribuidor.objects.all()
    if q:
        qs = qs.filter(razon_social__icontains=q) | qs.filter(nit__icontains=q)
    if tipo:
        qs = qs.filter(tipo=tipo)
    return qs.order_by("razon_social")


def auditoria_list(
    *, objeto_tipo: str = "", objeto_id: str = "", accion: str = "", actor: str = ""
) -> QuerySet[RegistroAuditoria]:
    qs = RegistroAuditoria.objects.all()
    if objeto_tipo:
        qs = qs.filter(objeto_tipo=objeto_tipo)
    if objeto_id:
        qs = qs.filter(objeto_id=objeto_id)
    if accion:
        qs = qs.filter(accion__startswith=accion)
    if actor:
        qs = qs.filter(actor_nombre=actor)
    return qs.order_by("-fecha", "-id")
