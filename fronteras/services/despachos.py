"""Writes of deliveries to border stations (F-05) and to large consumers (F-06)."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError, DatosInvalidos, NoEncontrado, fecha_y_galones
from core.comun.galones import galones_texto
from core.identidad.access import distribuidor_access, require_role
from core.vencimientos.calendario import today
from fronteras import access
from fronteras.errors import ErrorFronteras
from fronteras.models import Despacho, EstacionServicio, GranConsumidor
from fronteras.selectors.estaciones import estacion_volumen
from fronteras.selectors.grandes_consumidores import gran_consumidor_volumen
from fronteras.services.contratos import exigir_contrato
from fronteras.services.planes import exigir_visto_bueno


def despacho_register(*, actor, distribuidor_nit: str, fecha: dt.date, combustible: str, galones: Decimal,
                      estacion_id: int | None = None, gran_consumidor_id: int | None = None) -> Despacho:
    """F-05 / F-06: a delivery to a station or a large consumer, checked against its month under a
    row lock of the destination, so concurrent deliveries never overdraw it; above it: excede_volumen.
    F-01: only a distributor Ecopetrol contracted for the destination's municipality delivers there.
    F-07: and only while the department's supply plan has its visto bueno, final and in force (sin_visto_bueno)."""
    require_role(actor, *access.DESPACHADORES)
    if (estacion_id is None) == (gran_consumidor_id is None):
        raise DatosInvalidos({"estacion": "Indique la estación o el gran consumidor que recibe, uno de los dos."})
    distribuidor = distribuidor_access(actor, distribuidor_nit, para_escribir=True)
    galones = fecha_y_galones(fecha, today(), galones)
    with transaction.atomic():
        if estacion_id is not None:
            destino = EstacionServicio.objects.select_for_update().filter(pk=estacion_id).first()
            if destino is None:
                raise NoEncontrado("No existe esa estación de servicio.")
            exigir_contrato(distribuidor=distribuidor, municipio=destino.municipio, fecha=fecha)
            exigir_visto_bueno(municipio=destino.municipio, fecha=fecha)
            volumen = estacion_volumen(estacion=destino, combustible=combustible, fecha=fecha)
            campos = {"estacion": destino, "asignacion_estacion": volumen.asignacion_estacion}
        else:
            destino = GranConsumidor.objects.select_for_update().filter(pk=gran_consumidor_id).first()
            if destino is None:
                raise NoEncontrado("No existe ese gran consumidor.")
            if combustible != destino.combustible:
                raise DatosInvalidos({"combustible": f"{destino.nombre} tiene volumen de "
                                                     f"{destino.get_combustible_display()}, no de otro combustible."})
            exigir_contrato(distribuidor=distribuidor, municipio=destino.municipio, fecha=fecha)
            exigir_visto_bueno(municipio=destino.municipio, fecha=fecha)
            volumen = gran_consumidor_volumen(gran_consumidor=destino, fecha=fecha)
            campos = {"gran_consumidor": destino}
        if galones > volumen.disponible:
            raise ApplicationError(
                ErrorFronteras.EXCEDE_VOLUMEN,
                f"El despacho de {galones_texto(galones)} galones supera lo disponible este mes "
                f"({galones_texto(volumen.disponible)}). "
                "Por encima del volumen máximo se vende a precio nacional.",
                extra={"disponible": str(volumen.disponible)},
            )
        despacho = Despacho.objects.create(distribuidor=distribuidor, fecha=fecha, combustible=combustible,
                                           galones=galones, registrado_por=actor, **campos)
        audit_record(actor=actor, accion="despacho.registrar", obj=despacho)
    return despacho
