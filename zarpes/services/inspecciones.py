"""The pollution inspector's report on a certified zarpe (R-17): the gallons not taken return to
the cupo while the accumulation window is open."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.access import require_role
from core.audit import audit_record
from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos
from core.galones import round2
from cupos import calculo
from cupos.selectors import cupos as selectors
from cupos.services import libro
from zarpes.access import ROLES_ZARPE, zarpe_access_para_escribir
from zarpes.errors import ErrorZarpes
from zarpes.models import Inspeccion, Zarpe


def zarpe_inspect(*, actor, zarpe_id: int, fecha: dt.date, galones_verificados: Decimal) -> Inspeccion:
    """R-17: gallons actually taken (≤ authorized); the difference returns while the window is open."""
    require_role(actor, *ROLES_ZARPE)
    if fecha > today():
        raise DatosInvalidos({"fecha": f"La fecha {fecha:%Y-%m-%d} es posterior a hoy."})
    verificados = round2(galones_verificados)
    with transaction.atomic():
        zarpe = zarpe_access_para_escribir(actor, zarpe_id)
        if zarpe.estado != Zarpe.Estado.CERTIFICADO:
            raise ApplicationError(
                ErrorZarpes.ZARPE_SIN_CERTIFICADO, "El zarpe fue negado: no hay combustible que verificar."
            )
        if Inspeccion.objects.filter(zarpe=zarpe).exists():
            raise ApplicationError(ErrorZarpes.INSPECCION_REGISTRADA, "Este zarpe ya tiene el informe del inspector.")
        if verificados < 0 or verificados > zarpe.galones_autorizados:
            raise DatosInvalidos({"galones_verificados": (
                f"Los galones verificados deben estar entre 0 y los {zarpe.galones_autorizados} autorizados."
            )})
        if fecha < zarpe.fecha:
            raise DatosInvalidos({"fecha": "El informe no puede ser anterior al zarpe."})
        diferencia = zarpe.galones_autorizados - verificados
        inspeccion = Inspeccion(zarpe=zarpe, fecha=fecha, galones_verificados=verificados, registrado_por=actor)
        if diferencia > 0:
            cupo = type(zarpe.cupo).objects.select_for_update().get(pk=zarpe.cupo_id)
            terminos = selectors.cupo_terminos(cupo)
            ventana = calculo.window_for(terminos, zarpe.fecha)
            if ventana.contiene(fecha) and terminos.vigente(fecha):
                inspeccion.reintegro = diferencia
                inspeccion.movimiento = libro.movimiento_reintegro(
                    actor=actor, cupo=cupo, fecha=fecha, galones=diferencia,
                    referencia=f"certificado:{zarpe.certificado.numero}",
                    detalle="Informe del inspector de contaminación",
                )
            else:
                inspeccion.ventana_cerrada = True
        inspeccion.save()
        audit_record(actor=actor, accion="zarpe.inspeccion", obj=inspeccion)
    return inspeccion
