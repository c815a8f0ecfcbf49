"""Writes on the border municipalities: the registry and the contracting priority order (F-01)."""

from django.db import IntegrityError, transaction

from core.access import require_role
from core.audit import audit_record, guardar_auditado
from core.errors import ApplicationError, DatosInvalidos
from fronteras import access
from fronteras.errors import ErrorFronteras
from fronteras.models import Municipio, PrioridadContratacion


@transaction.atomic
def municipio_create(*, actor, codigo_dane: str, nombre: str, departamento: str, poblacion: int) -> Municipio:
    require_role(actor, *access.ANALISTAS)
    if Municipio.objects.filter(codigo_dane=codigo_dane).exists():
        raise ApplicationError(ErrorFronteras.MUNICIPIO_DUPLICADO,
                               f"Ya existe el municipio con código DANE {codigo_dane}.")
    return guardar_auditado(Municipio(codigo_dane=codigo_dane.strip(), nombre=nombre.strip(),
                                      departamento=departamento.strip(), poblacion=poblacion),
                            actor=actor, accion="municipio.crear")


def prioridad_set(*, actor, municipio: Municipio, canales: list[tuple[str, str]]) -> None:
    """F-01: record a municipality's contracting priority order: [(canal, proveedor), …] from 1."""
    require_role(actor, *access.PRIORIZADORES)
    with transaction.atomic():
        antes = list(municipio.prioridades.values("orden", "canal", "proveedor"))
        municipio.prioridades.all().delete()
        try:
            PrioridadContratacion.objects.bulk_create([
                PrioridadContratacion(municipio=municipio, orden=i, canal=canal, proveedor=proveedor)
                for i, (canal, proveedor) in enumerate(canales, start=1)
            ])
        except IntegrityError as exc:
            raise DatosInvalidos({"canales": "Orden de prioridad inválido."}) from exc
        despues = [{"orden": i, "canal": c, "proveedor": p} for i, (c, p) in enumerate(canales, 1)]
        audit_record(actor=actor, accion="prioridad.registrar", obj=municipio, antes={"prioridades": antes},
                     despues={"prioridades": despues})
