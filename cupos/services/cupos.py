"""The life of a cupo: grant, firmeza, continuation, cancellation (R-06 to R-12)."""

import datetime as dt
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.access import require_role
from core.audit import audit_record, snapshot
from core.calendario import today
from core.errors import ApplicationError, DatosInvalidos
from core.galones import round2
from core.outbox import outbox_enqueue
from cupos import calculo
from cupos.access import ESCRITORES
from cupos.errors import ErrorCupos
from cupos.models import Beneficiario, Cupo, Movimiento, Resolucion, Solicitud
from cupos.selectors.cupos import cupo_terminos, regla_aplicable
from cupos.selectors.saldos import cupo_saldo

INICIO_DEL_REGIMEN = dt.date(2001, 1, 1)  # Ley 681 de 2001: no cupo exists before that year


def fecha_valida(campo: str, fecha: dt.date) -> None:
    """API.md: an operation dated after today is refused with 400; one before the regime too."""
    if fecha > today():
        raise DatosInvalidos({campo: f"La fecha {fecha:%Y-%m-%d} es posterior a hoy."})
    if fecha < INICIO_DEL_REGIMEN:
        raise DatosInvalidos({campo: f"La fecha {fecha:%Y-%m-%d} es anterior a 2001, año de la Ley 681."})


def _transicion(cupo: Cupo, destino: str) -> None:
    """STYLE habit 6: a cupo moves only through allowed transitions."""
    if destino not in Cupo.TRANSICIONES[cupo.estado]:
        raise ApplicationError(
            ErrorCupos.TRANSICION_INVALIDA,
            f"Un cupo en estado «{cupo.get_estado_display()}» no puede pasar a «{Cupo.Estado(destino).label}».",
        )


@transaction.atomic
def cupo_grant(*, actor, resolucion: Resolucion, beneficiario: Beneficiario, galones_anuales: Decimal) -> Cupo:
    """Grant a beneficiary its yearly cupo in a resolution (R-07 cuota; one per resolution)."""
    require_role(actor, *ESCRITORES)
    galones_anuales = round2(galones_anuales)
    if galones_anuales <= 0:
        raise DatosInvalidos({"galones_anuales": "Los galones anuales deben ser mayores que cero."})
    solicitud = Solicitud.objects.filter(beneficiario=beneficiario, anio=resolucion.anio).first()
    if solicitud is not None and solicitud.estado == Solicitud.Estado.RECHAZADA:
        raise ApplicationError(
            ErrorCupos.SOLICITUD_RECHAZADA, "La solicitud de este beneficiario para el año fue rechazada."
        )
    if solicitud is not None and solicitud.pierde_derecho:
        raise ApplicationError(
            ErrorCupos.INFORMACION_EXTEMPORANEA,
            "El beneficiario entregó la información fuera de plazo y no hay causa justificada (R-04).",
        )
    if Cupo.objects.filter(resolucion=resolucion, beneficiario=beneficiario).exists():
        raise ApplicationError(ErrorCupos.CUPO_DUPLICADO, "Este beneficiario ya tiene un cupo en esta resolución.")
    try:
        with transaction.atomic():
            cupo = Cupo.objects.create(
                resolucion=resolucion,
                beneficiario=beneficiario,
                combustible=beneficiario.combustible,
                galones_anuales=galones_anuales,
                cuota_mensual=calculo.cuota_mensual(galones_anuales),
            )
    except IntegrityError as exc:
        raise ApplicationError(
            ErrorCupos.CUPO_DUPLICADO, "Este beneficiario ya tiene un cupo en esta resolución."
        ) from exc
    audit_record(actor=actor, accion="cupo.otorgar", obj=cupo)
    from cupos.services.novedades import altas_decidir_por_cupo

    altas_decidir_por_cupo(beneficiario_id=beneficiario.id)
    return cupo


def cupo_declare_firm(*, actor, cupo: Cupo, fecha_firmeza: dt.date) -> Cupo:
    """R-06: the cupo is firm; Dimar is told at once (outbox); consumption starts that day.

    R-09: the beneficiary's previous cupo ends the day before (its open window closes then).
    """
    require_role(actor, *ESCRITORES)
    fecha_valida("fecha_firmeza", fecha_firmeza)
    with transaction.atomic():
        # Serialize every change to this beneficiary's cupos.
        cupos = list(Cupo.objects.select_for_update().filter(beneficiario_id=cupo.beneficiario_id).order_by("id"))
        cupo = next(c for c in cupos if c.id == cupo.id)
        _transicion(cupo, Cupo.Estado.EN_FIRME)
        resolucion = cupo.resolucion
        if fecha_firmeza < resolucion.fecha_expedicion:
            raise DatosInvalidos(
                {"fecha_firmeza": "La firmeza no puede ser anterior a la expedición de la resolución."}
            )
        beneficiario = cupo.beneficiario
        regla = regla_aplicable(beneficiario=beneficiario, fecha=fecha_firmeza)
        if regla is None:
            raise ApplicationError(
                ErrorCupos.SIN_REGLA_ACUMULACION,
                "No hay una regla de acumulación vigente para este beneficiario (R-10).",
            )
        antes = snapshot(cupo)
        for anterior in cupos:
            if anterior.id == cupo.id or anterior.fecha_inicio is None:
                continue
            if anterior.fecha_inicio >= fecha_firmeza and anterior.estado == Cupo.Estado.EN_FIRME:
                raise ApplicationError(
                    ErrorCupos.CUPO_POSTERIOR_VIGENTE,
                    f"El beneficiario ya tiene un cupo en firme desde {anterior.fecha_inicio:%Y-%m-%d}.",
                )
            if anterior.fecha_fin is None or anterior.fecha_fin >= fecha_firmeza:
                _terminar_por_sucesion(actor=actor, cupo=anterior, nuevo_inicio=fecha_firmeza)
        cupo.estado = Cupo.Estado.EN_FIRME
        cupo.fecha_firmeza = fecha_firmeza
        cupo.fecha_inicio = fecha_firmeza  # R-06 (decision): communicated on the firmeza date
        cupo.regla = regla
        cupo.meses_ventana = regla.meses
        cupo.dimar_notificado = timezone.now()
        cupo.save()
        audit_record(actor=actor, accion="cupo.firmeza", obj=cupo, antes=antes)
        outbox_enqueue(tipo="cupo_en_firme", clave=f"cupo_en_firme:{cupo.id}", payload=_aviso_dimar(cupo))
    return cupo


def _terminar_por_sucesion(*, actor, cupo: Cupo, nuevo_inicio: dt.date) -> None:
    """R-09: the old cupo ends on day d − 1 when the new one starts on day d."""
    antes = snapshot(cupo)
    cupo.fecha_fin = nuevo_inicio - dt.timedelta(days=1)
    cupo.save(update_fields=["fecha_fin"])
    audit_record(actor=actor, accion="cupo.fin_por_sucesion", obj=cupo, antes=antes)


def _aviso_dimar(cupo: Cupo) -> dict:
    b = cupo.beneficiario
    return {
        "cupo": cupo.id,
        "resolucion": f"{cupo.resolucion.numero}/{cupo.resolucion.anio}",
        "beneficiario": {
            "id": b.id,
            "tipo": b.tipo,
            "nombre": b.nombre,
            "matricula": b.matricula,
            "identificacion": b.identificacion,
        },
        "combustible": cupo.combustible,
        "galones_anuales": str(cupo.galones_anuales),
        "cuota_mensual": str(cupo.cuota_mensual),
        "fecha_firmeza": cupo.fecha_firmeza.isoformat(),
        "fecha_inicio": cupo.fecha_inicio.isoformat(),
        "meses_ventana": cupo.meses_ventana,
    }


def cupo_declare_firm_bulk(*, actor, resolucion: Resolucion, fecha_firmeza: dt.date) -> list[Cupo]:
    """Firmeza of every still-issued cupo of a resolution, each in its own transaction."""
    require_role(actor, *ESCRITORES)
    pendientes = resolucion.cupos.filter(estado=Cupo.Estado.EXPEDIDO).order_by("id")
    return [cupo_declare_firm(actor=actor, cupo=c, fecha_firmeza=fecha_firmeza) for c in pendientes]


def cupo_cancel(*, actor, cupo: Cupo, fecha: dt.date, motivo: str, roles=ESCRITORES) -> Cupo:
    """R-12: cancelled from `fecha`, with a reason: nothing can be consumed from that day on."""
    require_role(actor, *roles)
    fecha_valida("fecha", fecha)
    if not (motivo or "").strip():
        raise DatosInvalidos({"motivo": "Indique el motivo de la cancelación."})
    with transaction.atomic():
        cupo = Cupo.objects.select_for_update(of=("self",)).select_related("resolucion", "beneficiario").get(pk=cupo.pk)
        _transicion(cupo, Cupo.Estado.CANCELADO)
        antes = snapshot(cupo)
        ultimo_dia = fecha - dt.timedelta(days=1)
        perdido = Decimal("0.00")
        sigue_vigente = cupo.fecha_fin is None or cupo.fecha_fin > ultimo_dia
        if cupo.fecha_inicio is not None and sigue_vigente:
            if cupo_terminos(cupo).vigente(ultimo_dia):
                perdido = cupo_saldo(cupo=cupo, fecha=ultimo_dia, toda_la_ventana=True).disponible
            cupo.fecha_fin = max(ultimo_dia, cupo.fecha_inicio - dt.timedelta(days=1))
        cupo.estado = Cupo.Estado.CANCELADO
        cupo.fecha_cancelacion = fecha
        cupo.motivo_cancelacion = motivo.strip()
        cupo.save()
        if cupo.fecha_inicio is not None and fecha >= cupo.fecha_inicio:
            Movimiento.objects.create(
                cupo=cupo,
                tipo=Movimiento.Tipo.CANCELACION,
                fecha=fecha,
                galones=perdido,
                detalle=motivo.strip()[:300],
                creado_por=actor,
            )
        audit_record(actor=actor, accion="cupo.cancelar", obj=cupo, antes=antes)
    return cupo


@transaction.atomic
def cupo_record_justified_cause(*, actor, cupo: Cupo, causa: str) -> Cupo:
    """R-12: UPME records why a cupo went unused; the inactivity alert then stays quiet."""
    require_role(actor, *ESCRITORES)
    if not (causa or "").strip():
        raise DatosInvalidos({"causa": "Describa la causa justificada."})
    antes = snapshot(cupo)
    cupo.causa_justificada_inactividad = causa.strip()
    cupo.save(update_fields=["causa_justificada_inactividad"])
    audit_record(actor=actor, accion="cupo.causa_justificada", obj=cupo, antes=antes)
    return cupo
