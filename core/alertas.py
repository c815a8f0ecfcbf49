"""Deadline alerts (R-25): raised once per subject, resolved when the cause disappears, mailed."""

import datetime as dt
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from core.models import Alerta
from core.roles import Rol


@dataclass(frozen=True)
class Sujeto:
    """Someone or something late on a deadline: what an alert is raised for."""

    referencia: str
    vence: dt.date
    detalle: str
    rol_responsable: str = Rol.UPME_ANALISTA
    alcance: dict = field(default_factory=dict)  # distribuidor / beneficiario / cupo ids


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
                cupo_id=sujeto.alcance.get("cupo"),
            )
    except IntegrityError:  # a concurrent run raised it first
        return None
    from core.tasks import alerta_notificar_task
    from core.trabajos import encolar_al_confirmar

    encolar_al_confirmar(alerta_notificar_task.delay, alerta.id)  # a broker down never loses the alert itself
    return alerta


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


def destinatarios(alerta: Alerta) -> list[str]:
    """E-mail addresses of the users responsible for an alert."""
    from core.models import Usuario

    usuarios = Usuario.objects.filter(is_active=True).exclude(email="")
    if alerta.distribuidor_id:
        usuarios = usuarios.filter(rol=Rol.DISTRIBUIDOR, distribuidor_id=alerta.distribuidor_id)
    elif alerta.beneficiario_id and alerta.rol_responsable == Rol.BENEFICIARIO:
        usuarios = usuarios.filter(rol=Rol.BENEFICIARIO, beneficiario_id=alerta.beneficiario_id)
    else:
        usuarios = usuarios.filter(Q(rol=alerta.rol_responsable))
    return sorted(set(usuarios.values_list("email", flat=True)))
