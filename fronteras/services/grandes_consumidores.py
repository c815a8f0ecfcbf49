"""Writes on the large consumers (F-06): UPME assigns each its maximum monthly volume, with the act."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.auditoria.audit import guardar_auditado, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos
from core.comun.fechas import fecha_larga
from core.comun.galones import round2
from core.identidad.access import require_role
from core.vencimientos.calendario import today
from fronteras import access
from fronteras.errors import ErrorFronteras
from fronteras.models import Combustible, GranConsumidor
from fronteras.selectors.municipios import municipio_get


@transaction.atomic
def gran_consumidor_create(*, actor, nit: str, nombre: str, municipio: str, combustible: str,
                           volumen_mensual: Decimal, fuente: str, vigente_desde: dt.date,
                           vigente_hasta: dt.date | None = None, metodologia: str = "") -> GranConsumidor:
    """Art. 4: "la UPME asignará los volúmenes máximos para los grandes consumidores", by a general act."""
    require_role(actor, *access.ANALISTAS)
    if not (fuente or "").strip():
        raise DatosInvalidos({"fuente": "Indique el acto de la UPME que asigna el volumen."})
    if vigente_hasta is not None and vigente_hasta < vigente_desde:
        raise DatosInvalidos({"vigente_hasta": "La vigencia no puede terminar antes de empezar."})
    if GranConsumidor.objects.filter(nit=nit.strip(), combustible=combustible).exists():
        # F-06: one volume per large consumer and fuel; the same NIT may hold another fuel.
        raise ApplicationError(
            ErrorFronteras.GRAN_CONSUMIDOR_DUPLICADO,
            f"El gran consumidor NIT {nit} ya tiene un volumen de {Combustible(combustible).label}: modifíquelo.",
        )
    return guardar_auditado(GranConsumidor(
        nit=nit.strip(), nombre=nombre.strip(), municipio=municipio_get(municipio), combustible=combustible,
        volumen_mensual=round2(volumen_mensual), fuente=fuente.strip(), metodologia=(metodologia or "").strip(),
        vigente_desde=vigente_desde, vigente_hasta=vigente_hasta,
    ), actor=actor, accion="gran_consumidor.crear")


@transaction.atomic
def gran_consumidor_update(*, actor, gran_consumidor: GranConsumidor, nombre: str, municipio: str, combustible: str,
                           volumen_mensual: Decimal, fuente: str, vigente_desde: dt.date,
                           vigente_hasta: dt.date | None = None, metodologia: str = "") -> GranConsumidor:
    """UPME corrects a large consumer or records a new act on its volume (art. 4); the NIT stays. The
    audit keeps the values before, so what applied on a past day can be read back."""
    require_role(actor, *access.ANALISTAS)
    if not (fuente or "").strip():
        raise DatosInvalidos({"fuente": "Indique el acto de la UPME que asigna el volumen."})
    if not (nombre or "").strip():
        raise DatosInvalidos({"nombre": "Indique la razón social."})
    if vigente_hasta is not None and vigente_hasta < vigente_desde:
        raise DatosInvalidos({"vigente_hasta": "La vigencia no puede terminar antes de empezar."})
    gc = GranConsumidor.objects.select_for_update().get(pk=gran_consumidor.pk)
    if combustible != gc.combustible and GranConsumidor.objects.filter(nit=gc.nit, combustible=combustible).exists():
        raise ApplicationError(
            ErrorFronteras.GRAN_CONSUMIDOR_DUPLICADO,
            f"El gran consumidor NIT {gc.nit} ya tiene un volumen de {Combustible(combustible).label}.",
        )
    antes = snapshot(gc)
    gc.nombre, gc.municipio, gc.combustible = nombre.strip(), municipio_get(municipio), combustible
    gc.volumen_mensual, gc.fuente, gc.metodologia = round2(volumen_mensual), fuente.strip(), (metodologia or "").strip()
    gc.vigente_desde, gc.vigente_hasta = vigente_desde, vigente_hasta
    return guardar_auditado(gc, actor=actor, accion="gran_consumidor.modificar", antes=antes)


@transaction.atomic
def gran_consumidor_ejecutoria(*, actor, gran_consumidor: GranConsumidor, fecha: dt.date) -> GranConsumidor:
    """F-06 with F-05: the act that assigns the volume applies from the day it is final (ejecutoriado)."""
    require_role(actor, *access.ANALISTAS)
    if fecha > today():
        raise DatosInvalidos({"fecha": "La fecha de ejecutoria es posterior a hoy."})
    gc = GranConsumidor.objects.select_for_update().get(pk=gran_consumidor.pk)
    if gc.fecha_ejecutoria is not None:
        raise ApplicationError(
            ErrorFronteras.TRANSICION_INVALIDA,
            f"El acto del volumen de {gc.nombre} ya quedó en firme el {fecha_larga(gc.fecha_ejecutoria)}.",
        )
    if gc.vigente_hasta is not None and fecha > gc.vigente_hasta:
        raise DatosInvalidos({"fecha": "La ejecutoria no puede ser posterior al fin de la vigencia."})
    antes = snapshot(gc)
    gc.fecha_ejecutoria = fecha
    return guardar_auditado(gc, actor=actor, accion="gran_consumidor.ejecutoria", antes=antes)
