"""Reads shared by every app."""

from django.db.models import QuerySet

from core.models import Capitania, Distribuidor, RegistroAuditoria


def filtrar(qs: QuerySet, **filtros) -> QuerySet:
    """The queryset narrowed by each lookup whose value was given: a blank or None value is no filter.
    For single-valued lookups only (one filter() call is then the same as one per lookup)."""
    return qs.filter(**{campo: valor for campo, valor in filtros.items() if valor})


def capitania_list(*, q: str = "") -> QuerySet[Capitania]:
    qs = Capitania.objects.all()
    if q:
        qs = qs.filter(nombre__icontains=q) | qs.filter(codigo__icontains=q)
    return qs.order_by("codigo")


def distribuidor_list(*, q: str = "", tipo: str = "") -> QuerySet[Distribuidor]:
    qs = Distribuidor.objects.all()
    if q:
        qs = qs.filter(razon_social__icontains=q) | qs.filter(nit__icontains=q)
    return filtrar(qs, tipo=tipo).order_by("razon_social")


def auditoria_list(
    *, objeto_tipo: str = "", objeto_id: str = "", accion: str = "", actor: str = ""
) -> QuerySet[RegistroAuditoria]:
    qs = filtrar(
        RegistroAuditoria.objects.all(),
        objeto_tipo=objeto_tipo, objeto_id=objeto_id, accion__startswith=accion, actor_nombre=actor,
    )
    return qs.order_by("-fecha", "-id")


def trabajo_ver(*, user, referencia: str):
    """(id, kind, core.segundo_plano.trabajos.VistaTrabajo) of the job `referencia` ("firmeza-12") in the caller's
    scope. Unknown, malformed, of a kind the caller never reads, or outside its scope: not found."""
    from core import registro
    from core.comun.errors import NoEncontrado, PermisoDenegado
    from core.segundo_plano.trabajos import trabajo_referencia, trabajo_referencia_leer

    leida = trabajo_referencia_leer(referencia)
    consultable = registro.trabajo_consultable(leida[0]) if leida else None
    if consultable is None:
        raise NoEncontrado("No existe ese trabajo.")
    try:
        fila = consultable.acceso(user, leida[1])
    except (NoEncontrado, PermisoDenegado) as exc:
        raise NoEncontrado("No existe ese trabajo.") from exc
    vista = consultable.describir(fila)
    if vista is None:
        raise NoEncontrado("No existe ese trabajo.")
    return trabajo_referencia(consultable.prefijo, fila.pk), consultable.tipo, vista
