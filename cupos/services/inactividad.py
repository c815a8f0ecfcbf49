"""UPME's decision on a cupo unused for over 3 months (R-12): the portal never cancels alone."""

import datetime as dt

from django.db import transaction

from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import DatosInvalidos
from core.identidad.access import require_role
from core.vencimientos.alertas import alerta_resolve
from cupos.access import ESCRITORES
from cupos.models import Cupo
from cupos.services.cupos import cupo_cancel, cupo_record_justified_cause


def cupo_inactividad_decidir(
    *, actor, alerta, accion: str, motivo: str, fecha: dt.date | None = None, soporte: str = ""
) -> Cupo:
    """R-12: UPME decides on a cupo unused for over 3 months: cancel it from a date (causal
    `inactividad`, `soporte` naming UPME's decision), or record the justified cause. The alert closes
    in the same transaction; the portal never cancels alone."""
    require_role(actor, *ESCRITORES)
    cupo = alerta.cupo
    if cupo is None:
        raise DatosInvalidos({"alerta": "La alerta no corresponde a un cupo."})
    with transaction.atomic():
        if accion == "cancelar":
            if fecha is None:
                raise DatosInvalidos({"fecha": "Indique la fecha de cancelación."})
            cupo = cupo_cancel(actor=actor, cupo=cupo, fecha=fecha, causal=Cupo.Causal.INACTIVIDAD, motivo=motivo,
                               soporte=soporte)
            detalle = "UPME canceló el cupo por inactividad."
        else:
            cupo = cupo_record_justified_cause(actor=actor, cupo=cupo, causa=motivo)
            detalle = "UPME registró una causa justificada."
        antes = snapshot(alerta)
        alerta_resolve(alerta=alerta, detalle=detalle)
        audit_record(actor=actor, accion="alerta.resolver", obj=alerta, antes=antes)
    return cupo
