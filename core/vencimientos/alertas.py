"""Deadline alerts (R-25): raised once per subject, resolved when the cause disappears, grouped
for the people who work through them, and mailed once a day as a digest."""

import datetime as dt
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, Min, OuterRef, Q, QuerySet
from django.db.models.functions import TruncMonth
from django.utils import timezone

from core.identidad.roles import Rol
from core.models import Alerta, AlertaVista


@dataclass(frozen=True)
class Sujeto:
    """Someone or something late on a deadline: what an alert is raised for."""

    referencia: str
    vence: dt.date
    detalle: str
    rol_responsable: str = Rol.UPME_ANALISTA
    alcance: dict = field(default_factory=dict)  # distribuidor / beneficiario / cupo ids, nit (Alerta.nit_responsable)


def alerta_raise(*, tipo: str, sujeto: Sujeto, fecha: dt.date) -> Alerta | None:
    """Create the alert unless one already exists for (tipo, referencia), open or resolved."""
    if Alerta.objects.filter(tipo=tipo, referencia=sujeto.referencia).exists():
        return None
    try:
        with transaction.atomic():
            alerta = Alerta.objects.create(
                tipo=tipo, referencia=sujeto.referencia, vence=sujeto.vence, detalle=sujeto.detalle[:400],
                fecha_revision=fecha, rol_responsable=sujeto.rol_responsable,
                distribuidor_id=sujeto.alcance.get("distribuidor"), beneficiario_id=sujeto.alcance.get("beneficiario"),
                cupo_id=sujeto.alcance.get("cupo"), nit_responsable=sujeto.alcance.get("nit") or "",
            )
    except IntegrityError:  # a concurrent run raised it first
        return None
    return alerta  # its responsible users hear of it in the daily digest (core.mensajes.notificaciones)


def alerta_resolve(*, alerta: Alerta, detalle: str) -> None:
    if alerta.resuelta is None:
        alerta.resuelta = timezone.now()
        alerta.resolucion_detalle = detalle[:300]
        alerta.save(update_fields=["resuelta", "resolucion_detalle"])


def alertas_resolve_por_referencia(*, tipo: str, referencia: str, detalle: str) -> int:
    """Resolve at once when the cause disappears (e.g. the report arrives)."""
    return Alerta.objects.filter(tipo=tipo, referencia=referencia, resuelta__isnull=True).update(
        resuelta=timezone.now(), resolucion_detalle=detalle[:300]
    )


def alertas_abiertas(tipo: str) -> QuerySet[Alerta]:
    return Alerta.objects.filter(tipo=tipo, resuelta__isnull=True)


def _por_nit(nit: str) -> Q:
    """The users who answer for a NIT: the maritime agency's agents, the importer's or exporter's users."""
    if not nit:
        return Q(pk__in=[])
    return Q(rol=Rol.AGENTE_MARITIMO, agencia_nit=nit) | Q(rol=Rol.USUARIO_CARGA, nit=nit)


def destinatarios(alerta: Alerta) -> list[str]:
    """E-mail addresses of the users responsible for an alert."""
    from core.models import Usuario

    usuarios = Usuario.objects.filter(is_active=True).exclude(email="")
    if alerta.distribuidor_id:
        usuarios = usuarios.filter(rol=Rol.DISTRIBUIDOR, distribuidor_id=alerta.distribuidor_id)
    elif alerta.beneficiario_id and alerta.rol_responsable == Rol.BENEFICIARIO:
        usuarios = usuarios.filter(rol=Rol.BENEFICIARIO, beneficiario_id=alerta.beneficiario_id)
    else:
        usuarios = usuarios.filter(Q(rol=alerta.rol_responsable) | _por_nit(alerta.nit_responsable))
    return sorted(set(usuarios.values_list("email", flat=True)))


def alertas_grupos(alertas: QuerySet[Alerta], usuario) -> list[dict]:
    """The alerts by type and month of their deadline, with how many there are and how many the
    user has not seen yet: one row per group, whatever the number of alerts (one query)."""
    vista = Exists(AlertaVista.objects.filter(alerta=OuterRef("pk"), usuario=usuario))
    return list(
        alertas.order_by()
        .annotate(vista=vista, mes=TruncMonth("vence"))
        .values("tipo", "mes")
        .annotate(total=Count("id"), sin_ver=Count("id", filter=Q(vista=False)), primer_plazo=Min("vence"))
        .order_by("-sin_ver", "primer_plazo", "tipo")
    )


def alertas_sin_ver(alertas: QuerySet[Alerta], usuario) -> QuerySet[Alerta]:
    return alertas.exclude(Exists(AlertaVista.objects.filter(alerta=OuterRef("pk"), usuario=usuario)))


def alertas_marcar_vistas(*, usuario, alertas: QuerySet[Alerta]) -> int:
    """Mark a group's alerts as seen by the user (idempotent): they stop counting in the badge."""
    ids = list(alertas_sin_ver(alertas, usuario).values_list("id", flat=True))
    AlertaVista.objects.bulk_create(
        [AlertaVista(alerta_id=i, usuario=usuario) for i in ids], ignore_conflicts=True, batch_size=2000
    )
    return len(ids)
