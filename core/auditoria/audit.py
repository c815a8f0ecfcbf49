"""Audit trail: every write that matters records who, when, what, and the values before/after."""

from decimal import Decimal

from django.db import models

from core.comun.errors import validar_modelo
from core.models import RegistroAuditoria


def snapshot(obj: models.Model | None, *, exclude: tuple[str, ...] = ("password",)) -> dict | None:
    """The concrete field values of a model instance, as JSON-friendly data."""
    if obj is None:
        return None
    datos = {}
    for field in obj._meta.concrete_fields:
        if field.name in exclude:
            continue
        valor = getattr(obj, field.attname)
        if isinstance(valor, Decimal):
            valor = str(valor)
        elif hasattr(valor, "isoformat"):
            valor = valor.isoformat()
        elif hasattr(valor, "name") and isinstance(field, models.FileField):
            valor = valor.name
        datos[field.attname] = valor
    return datos


def audit_entry(*, actor, accion, obj=None, antes=None, despues=None, objeto_tipo="", objeto_id="",
                objeto_repr="", ip=None) -> RegistroAuditoria:
    """The audit row, unsaved: for callers that write it in their own statement (zarpes.sql)."""
    if obj is not None:
        objeto_tipo = objeto_tipo or obj._meta.label_lower
        objeto_id = objeto_id or str(obj.pk)
        objeto_repr = objeto_repr or str(obj)[:200]
        if despues is None:
            despues = snapshot(obj)
    autenticado = actor is not None and getattr(actor, "is_authenticated", False)
    return RegistroAuditoria(
        actor=actor if autenticado else None,
        actor_nombre=actor.get_username() if autenticado else "sistema",
        accion=accion, objeto_tipo=objeto_tipo, objeto_id=objeto_id, objeto_repr=objeto_repr[:200],
        antes=antes, despues=despues, ip=ip,
    )


def audit_record(
    *, actor, accion: str, obj: models.Model | None = None, antes: dict | None = None,
    despues: dict | None = None, objeto_tipo: str = "", objeto_id: str = "", objeto_repr: str = "",
    ip: str | None = None,
) -> RegistroAuditoria:
    """Write one audit row. Call it inside the service's transaction, so it commits with the change."""
    registro = audit_entry(actor=actor, accion=accion, obj=obj, antes=antes, despues=despues, objeto_tipo=objeto_tipo,
                           objeto_id=objeto_id, objeto_repr=objeto_repr, ip=ip)
    registro.save(force_insert=True)
    return registro


def guardar_auditado(obj: models.Model, *, actor, accion: str, antes: dict | None = None):
    """Validate the model (field errors → DatosInvalidos), save it and audit the change."""
    validar_modelo(obj)
    obj.save()
    audit_record(actor=actor, accion=accion, obj=obj, antes=antes)
    return obj


def crear_auditado(modelo: type[models.Model], *, actor, accion: str, **campos):
    """Create the row with `campos` and audit its creation (inside the caller's transaction)."""
    obj = modelo.objects.create(**campos)
    audit_record(actor=actor, accion=accion, obj=obj)
    return obj


def cambiar_auditado(obj: models.Model, *, actor, accion: str, **cambios):
    """Set `cambios` on a row the caller holds (locked, already checked), save it and audit the values
    before and after (inside the caller's transaction)."""
    antes = snapshot(obj)
    for campo, valor in cambios.items():
        setattr(obj, campo, valor)
    obj.save()
    audit_record(actor=actor, accion=accion, obj=obj, antes=antes)
    return obj


def audit_records(*, actor, entradas: list[tuple[str, models.Model]]) -> list[RegistroAuditoria]:
    """Several audit rows (accion, obj) in one INSERT: for the hot paths (zarpe and certificate)."""
    return RegistroAuditoria.objects.bulk_create([audit_entry(actor=actor, accion=a, obj=o) for a, o in entradas])
