"""Writes of deliveries to border stations (F-05)."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.access import distribuidor_access, require_role
from core.audit import audit_record
from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos, NoEncontrado
from core.galones import round2
from fronteras import access
from fronteras.errors import ErrorFronteras
from fronteras.models import Despacho, EstacionServicio
from fronteras.selectors.estaciones import estacion_volumen


def despacho_register(*, actor, distribuidor_nit: str, estacion_id: int, fecha: dt.date, combustible: str,
                      galones: Decimal) -> Despacho:
    """F-05: a delivery is checked atomically against the station's month; above it: excede_volumen."""
    require_role(actor, *access.DESPACHADORES)
    distribuidor = distribuidor_access(actor, distribuidor_nit, para_escribir=True)
    if fecha > today():
        raise DatosInvalidos({"fecha": f"La fecha {fecha:%Y-%m-%d} es posterior a hoy."})
    galones = round2(galones)
    if galones <= 0:
        raise DatosInvalidos({"galones": "Los galones deben ser mayores que cero."})
    with transaction.atomic():
        estacion = EstacionServicio.objects.select_for_update().filter(pk=estacion_id).first()
        if estacion is None:
            raise NoEncontrado("No existe esa estación de servicio.")
        volumen = estacion_volumen(estacion=estacion, combustible=combustible, fecha=fecha)
        if galones > volumen.disponible:
            raise ApplicationError(
                ErrorFronteras.EXCEDE_VOLUMEN,
                f"El despacho de {galones} galones supera lo disponible este mes ({volumen.disponible}). "
                "Por encima del volumen máximo la estación vende a precio nacional.",
                extra={"disponible": str(volumen.disponible)},
            )
        despacho = Despacho.objects.create(
            distribuidor=distribuidor, estacion=estacion, asignacion_estacion=volumen.asignacion_estacion, fecha=fecha,
            combustible=combustible, galones=galones, registrado_por=actor,
        )
        audit_record(actor=actor, accion="despacho.registrar", obj=despacho)
    return despacho
