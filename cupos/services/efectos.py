"""What a resolution of cupos does under the procedure once it moves (DOMAIN §8): the cupo made firm and
communicated to Dimar on the day P-04 gives (R-06, run by core.actos.services.firmezas_aplicar), and a decision on
the beneficiary's recurso that modifies its gallons or revokes it (P-03). Registered in cupos/apps.py."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import DatosInvalidos
from core.comun.galones import round2
from core.mensajes.outbox import outbox_enqueue
from core.registro import TipoActo
from core.vencimientos import calendario
from cupos import calculo
from cupos.models import Cupo, Resolucion
from cupos.services.cupos import (
    AVISO_DIMAR,
    aviso_dimar,
    cancelacion_aplicar,
    cancelacion_revocar,
    declarar_firmeza,
)
from cupos.services.procedimiento import TIPO, TIPO_CANCELACION, TIPO_DESISTIMIENTO, TIPO_RECHAZO


def en_firme(acto, interesado, fecha: dt.date) -> None:
    """P-04 → R-06: the daily job makes the beneficiary's cupo firm on the day the procedure gives, and Dimar is
    told. A cupo someone already declared firm (or cancelled) is left as it is. A modifying resolution's
    revocation of the beneficiary's cupo takes effect (P-05)."""
    _cancelaciones_aplicar([interesado], {interesado.pk: fecha})
    cupo = Cupo.objects.filter(interesado_id=interesado.id, estado=Cupo.Estado.EXPEDIDO).first()
    if cupo is None:
        return
    cupo = declarar_firmeza(actor=None, cupo=cupo, fecha_firmeza=fecha, fecha_comunicacion=None)
    outbox_enqueue(tipo=AVISO_DIMAR, clave=f"{AVISO_DIMAR}:{cupo.id}", payload=aviso_dimar(cupo))


def decidir(acto, interesado, sentido: str, galones_anuales) -> None:
    """P-03: a decision that modifies the gallons, or revokes the cupo, of the beneficiary who filed the recurso.
    The cupo is not firm (a recurso pending suspends it), so nothing was drawn on it. A modifying resolution's
    revocation revoked on recurso gives the beneficiary its cupo back."""
    revocado = Cupo.objects.filter(cancelacion_interesado_id=interesado.id, fecha_cancelacion__isnull=True).first()
    if revocado is not None:
        _cancelacion_decidir(acto, interesado, sentido, galones_anuales)
        return
    cupo = Cupo.objects.select_for_update().filter(interesado_id=interesado.id).first()
    if cupo is None and sentido == "revoca" and interesado.beneficiario_id:
        # an annual resolution that left the beneficiary out; the omission revoked, its continuation runs on.
        from cupos.services.continuidad import omision_revocar

        resolucion = Resolucion.objects.get(acto=acto)
        omision_revocar(beneficiario_id=interesado.beneficiario_id, anio=resolucion.anio)
        return
    if cupo is None:
        if sentido == "modifica":
            raise DatosInvalidos(
                {"sentido": "El acto no le otorgó un cupo a este interesado: no hay galones que modificar."}
            )
        return
    antes = snapshot(cupo)
    if sentido == "modifica":
        try:
            galones = round2(Decimal(str(galones_anuales)))
        except (ArithmeticError, ValueError, TypeError):
            galones = None
        if galones is None or galones <= 0:
            raise DatosInvalidos(
                {"galones_anuales": "Indique los galones anuales que fija la decisión, mayores que cero."}
            )
        cupo.galones_anuales, cupo.cuota_mensual = galones, calculo.cuota_mensual(galones)
        cupo.save(update_fields=["galones_anuales", "cuota_mensual"])
        audit_record(actor=None, accion="cupo.modificar_por_recurso", obj=cupo, antes=antes)
        return
    cupo.estado = Cupo.Estado.CANCELADO
    cupo.fecha_cancelacion = calendario.today()
    cupo.causal_cancelacion = Cupo.Causal.RECURSO
    cupo.motivo_cancelacion = "Revocado al decidir el recurso del beneficiario (Ley 1437, art. 80)."
    cupo.soporte_cancelacion = f"Decisión del recurso contra la resolución {acto.numero}"[:300]
    cupo.save()
    audit_record(actor=None, accion="cupo.revocar_por_recurso", obj=cupo, antes=antes)


def en_firme_lote(acto, interesados) -> set[int]:
    """`en_firme` for many beneficiaries of one resolution at once (the daily job after an annual resolution's
    term: 10,000 the same day), set-based, one pass per firmeza date. The persons whose cupo is already firm,
    cancelled or revoked count as applied; those whose cupo was refused today are tried again tomorrow."""
    from cupos.services.firmezas import firmeza_por_procedimiento

    resolucion = Resolucion.objects.get(acto=acto)
    _cancelaciones_aplicar(interesados, {i.pk: i.en_firme_desde for i in interesados})
    por_interesado = dict(
        Cupo.objects.filter(resolucion=resolucion, interesado_id__in=[i.pk for i in interesados],
                            estado=Cupo.Estado.EXPEDIDO).values_list("interesado_id", "id")
    )
    aplicados = {i.pk for i in interesados if i.pk not in por_interesado}
    por_fecha: dict[dt.date, list] = {}
    for interesado in interesados:
        if interesado.pk in por_interesado:
            por_fecha.setdefault(interesado.en_firme_desde, []).append(interesado.pk)
    for fecha in sorted(por_fecha):
        ids = {por_interesado[i] for i in por_fecha[fecha]}
        firmes = firmeza_por_procedimiento(resolucion=resolucion, fecha=fecha, cupo_ids=ids)
        aplicados |= {i for i in por_fecha[fecha] if por_interesado[i] in firmes}
    return aplicados


def _cancelaciones_aplicar(interesados, fechas: dict[int, dt.date]) -> None:
    for cupo_id, interesado_id in Cupo.objects.filter(
        cancelacion_interesado_id__in=[i.pk for i in interesados], fecha_cancelacion__isnull=True,
        estado=Cupo.Estado.CANCELADO,
    ).values_list("id", "cancelacion_interesado_id"):
        cancelacion_aplicar(cupo_id=cupo_id, firmeza=fechas[interesado_id])


def _cancelacion_en_firme(acto, interesado, fecha: dt.date) -> None:
    """P-04 → R-12: the cancellation, firm for the beneficiary, ends its cupo (P-05: never before the act)."""
    _cancelaciones_aplicar([interesado], {interesado.pk: fecha})


def _cancelacion_decidir(acto, interesado, sentido: str, galones_anuales) -> None:
    """P-03: a cancellation revoked on the beneficiary's recurso gives it its cupo back; there are no gallons
    to modify in a cancellation."""
    if sentido == "modifica":
        raise DatosInvalidos({"sentido": "Una cancelación no tiene galones que modificar: confírmela o revóquela."})
    for cupo_id in Cupo.objects.filter(cancelacion_interesado_id=interesado.id).values_list("id", flat=True):
        cancelacion_revocar(cupo_id=cupo_id)


TIPO_ACTO_CANCELACION = TipoActo(
    tipo=TIPO_CANCELACION, etiqueta="Cancelación de cupo", decidir=_cancelacion_decidir,
    en_firme=_cancelacion_en_firme,
)


def _rechazo_decidir(acto, interesado, sentido: str, galones_anuales) -> None:
    """P-03: an application refused (or withdrawn, P-06) and that act revoked on recurso goes back to review (en
    revisión), where UPME approves it if it holds every requirement (R-03)."""
    from cupos.models import Solicitud

    if sentido == "modifica":
        raise DatosInvalidos(
            {"sentido": "Este acto se confirma o se revoca: revocado, la solicitud vuelve a revisión."}
        )
    solicitud = Solicitud.objects.select_for_update().get(acto=acto)
    antes = snapshot(solicitud)
    solicitud.estado = Solicitud.Estado.EN_REVISION
    solicitud.save(update_fields=["estado"])
    audit_record(actor=None, accion="solicitud.rechazo_revocado", obj=solicitud, antes=antes)


def _rechazo_en_firme(acto, interesado, fecha: dt.date) -> None:
    """P-04 → R-09: the refusal, firm for the applicant, ends the cupo it was consuming in continuation toward that
    year, from that day (P-05: the act rules from its firmeza, not from the day it was issued)."""
    from cupos.models import Solicitud
    from cupos.services.continuidad import cupo_continuation_settle

    solicitud = Solicitud.objects.filter(acto=acto, estado=Solicitud.Estado.RECHAZADA).first()
    if solicitud is not None:
        cupo_continuation_settle(actor=None, solicitud=solicitud, firmeza=fecha)


TIPO_ACTO_RECHAZO = TipoActo(
    tipo=TIPO_RECHAZO, etiqueta="Rechazo de solicitud de cupo", decidir=_rechazo_decidir, en_firme=_rechazo_en_firme
)
# P-06: revoked on recurso, a withdrawn application goes back to review as well.
TIPO_ACTO_DESISTIMIENTO = TipoActo(
    tipo=TIPO_DESISTIMIENTO, etiqueta="Desistimiento de solicitud de cupo", decidir=_rechazo_decidir
)


TIPO_ACTO = TipoActo(
    tipo=TIPO, etiqueta="Resolución de cupos", decidir=decidir, en_firme=en_firme, en_firme_lote=en_firme_lote
)
