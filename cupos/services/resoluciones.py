"""The year's resolution (R-05): the act every cupo of the year is granted in."""

import datetime as dt

from django.db import transaction

from core.access import require_role
from core.audit import audit_record
from core.errors import ApplicationError, DatosInvalidos
from cupos.access import ESCRITORES
from cupos.errors import ErrorCupos
from cupos.models import Resolucion
from cupos.services.cupos import fecha_valida


@transaction.atomic
def resolucion_create(
    *, actor, anio: int, numero: str, fecha_expedicion: dt.date, considerandos: str = "", firmante: str = ""
) -> Resolucion:
    """R-05: the year's motivated resolution. Issuing after 28 February is allowed but flagged."""
    require_role(actor, *ESCRITORES)
    fecha_valida("fecha_expedicion", fecha_expedicion)
    if fecha_expedicion.year < anio - 1 or fecha_expedicion.year > anio:
        raise DatosInvalidos({"fecha_expedicion": f"La fecha de expedición no corresponde al año {anio}."})
    if Resolucion.objects.filter(anio=anio, numero=numero.strip()).exists():
        raise ApplicationError(ErrorCupos.RESOLUCION_DUPLICADA, f"Ya existe la resolución {numero} de {anio}.")
    resolucion = Resolucion.objects.create(
        anio=anio,
        numero=numero.strip(),
        fecha_expedicion=fecha_expedicion,
        considerandos=considerandos,
        firmante=firmante or "Director General UPME",
        creada_por=actor,
    )
    audit_record(actor=actor, accion="resolucion.crear", obj=resolucion)
    return resolucion
