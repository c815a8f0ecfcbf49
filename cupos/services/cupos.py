"""The life of a cupo: grant, firmeza, continuation, cancellation (R-06 to R-12)."""

import datetime as dt
import logging
from decimal import Decimal

from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from core.actos.models import Interesado
from core.actos.services import exigir_firmeza
from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos, no_futura, unico
from core.comun.fechas import fecha_larga
from core.comun.galones import round2
from core.identidad.access import require_role
from core.mensajes.outbox import outbox_destino, outbox_enqueue
from core.vencimientos.calendario import today
from cupos import calculo
from cupos.access import ESCRITORES
from cupos.errors import ErrorCupos
from cupos.models import Beneficiario, Cupo, Movimiento, Resolucion, Solicitud
from cupos.plazos import ultimo_dia_inactivo
from cupos.selectors.cupos import cupo_terminos, regla_aplicable
from cupos.selectors.novedades import bajas_hasta
from cupos.selectors.saldos import cupo_saldo
from cupos.services.condiciones import exigir_permiso_cultivo

logger = logging.getLogger(__name__)

INICIO_DEL_REGIMEN = dt.date(2001, 1, 1)  # Ley 681 de 2001: no cupo exists before that year


def fecha_valida(campo: str, fecha: dt.date) -> None:
    """API.md: an operation dated after today is refused with 400; one before the regime too."""
    no_futura(fecha, today(), campo)
    if fecha < INICIO_DEL_REGIMEN:
        raise DatosInvalidos({campo: f"La fecha {fecha_larga(fecha)} es anterior a 2001, año de la Ley 681."})


def error_sin_solicitud_aprobada(nombres: list[str], anio: int, **extra) -> ApplicationError:
    """R-03: «No cupo is granted to an acuicultora or a foreign vessel without an approved application of that
    year», in a single grant, a resolution line or a continuation alike."""
    quienes = ", ".join(nombres[:10]) + (f" y {len(nombres) - 10} más" if len(nombres) > 10 else "")
    return ApplicationError(
        ErrorCupos.SOLICITUD_NO_APROBADA,
        f"{quienes}: una acuicultora o una nave extranjera solo recibe cupo de {anio} con su solicitud de ese año "
        "aprobada (R-03). Apruebe primero la solicitud, con todos sus requisitos.",
        extra=extra or None,
    )


def error_duplicado_en_anio(nombres: list[str], anio: int, **extra) -> ApplicationError:
    """One cupo a year per beneficiary: a second issued cupo of the same year is refused unless it changes the one
    in force (a modifying resolution's change of gallons)."""
    quienes = ", ".join(nombres[:10]) + (f" y {len(nombres) - 10} más" if len(nombres) > 10 else "")
    return ApplicationError(
        ErrorCupos.CUPO_DUPLICADO_EN_ANIO,
        f"{quienes} ya tiene(n) un cupo de {anio} en otra resolución: un beneficiario tiene un cupo al año. Para "
        "cambiar sus galones, use una resolución modificatoria con un cambio de galones.",
        extra=extra or None,
    )


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
    if beneficiario.tipo in Beneficiario.TIPOS_CON_SOLICITUD and (
        solicitud is None or solicitud.estado != Solicitud.Estado.APROBADA
    ):
        raise error_sin_solicitud_aprobada([beneficiario.nombre], resolucion.anio)
    # the acuicultora's cultivation permit is in force on the grant's date, the resolution's.
    exigir_permiso_cultivo(
        beneficiario=beneficiario, fecha=resolucion.fecha_expedicion, momento="el otorgamiento del cupo"
    )
    if Cupo.objects.filter(resolucion=resolucion, beneficiario=beneficiario).exists():
        raise ApplicationError(ErrorCupos.CUPO_DUPLICADO, "Este beneficiario ya tiene un cupo en esta resolución.")
    if (
        Cupo.objects.filter(beneficiario=beneficiario, resolucion__anio=resolucion.anio)
        .exclude(estado=Cupo.Estado.CANCELADO).exists()
    ):
        raise error_duplicado_en_anio([beneficiario.nombre], resolucion.anio)
    if Resolucion.objects.filter(pk=resolucion.pk, estado=Resolucion.Estado.EXPIDIENDO).exists():
        raise ApplicationError(
            ErrorCupos.RESOLUCION_EXPEDIDA, "La resolución se está expidiendo: espere a que termine."
        )
    with unico(ApplicationError(ErrorCupos.CUPO_DUPLICADO, "Este beneficiario ya tiene un cupo en esta resolución.")):
        cupo = Cupo.objects.create(
            resolucion=resolucion,
            beneficiario=beneficiario,
            combustible=beneficiario.combustible,
            galones_anuales=galones_anuales,
            cuota_mensual=calculo.cuota_mensual(galones_anuales),
        )
    from cupos.services.procedimiento import persona_agregar

    # DOMAIN §8: the cupo is decided by its resolution's act; its beneficiary is a person concerned by it.
    cupo.interesado_id = persona_agregar(actor=actor, resolucion=resolucion, beneficiario=beneficiario)
    cupo.save(update_fields=["interesado"])
    audit_record(actor=actor, accion="cupo.otorgar", obj=cupo)
    # A cupo granted one at a time (POST /api/v1/cupos/) is an issued act: a draft with no lines
    # becomes `expedida`, as resolutions with cupos were before lines existed (migration 0008). A
    # draft with lines stays one; issuing it refuses the beneficiary's line (cupo_duplicado).
    Resolucion.objects.filter(pk=resolucion.pk, estado=Resolucion.Estado.BORRADOR, lineas__isnull=True).update(
        estado=Resolucion.Estado.EXPEDIDA, expedida_en=timezone.now(), expedida_por=actor
    )
    from cupos.services.novedades import altas_decidir_por_cupo

    altas_decidir_por_cupo(beneficiario_id=beneficiario.id)
    return cupo


AVISO_DIMAR = "cupo_en_firme"  # the outbox message type of R-06


def cupo_declare_firm(*, actor, cupo: Cupo, fecha_firmeza: dt.date, fecha_comunicacion: dt.date | None = None) -> Cupo:
    """R-06: the cupo is firm and Dimar is told at once (outbox). It starts on the later of its
    firmeza and its communication to Dimar: the date UPME gives, else, with no Dimar endpoint
    configured, the firmeza date (official letter), else the day Dimar acknowledges the message.

    R-09: the beneficiary's previous cupo runs until the day before the new one starts.
    """
    require_role(actor, *ESCRITORES)
    fecha_valida("fecha_firmeza", fecha_firmeza)
    if fecha_comunicacion is not None:
        fecha_valida("fecha_comunicacion", fecha_comunicacion)
    with transaction.atomic():
        cupo = declarar_firmeza(
            actor=actor, cupo=cupo, fecha_firmeza=fecha_firmeza, fecha_comunicacion=fecha_comunicacion
        )
        outbox_enqueue(tipo=AVISO_DIMAR, clave=f"{AVISO_DIMAR}:{cupo.id}", payload=aviso_dimar(cupo))
    return cupo


def declarar_firmeza(*, actor, cupo: Cupo, fecha_firmeza: dt.date, fecha_comunicacion: dt.date | None) -> Cupo:
    """R-06 on one cupo inside the caller's transaction, without its Dimar notice (cupo_declare_firm
    queues it). Dates already checked. The bulk firmeza (cupos.services.firmezas) applies the same
    rules to a whole resolution set-based, through the helpers below (`inicio_del_cupo`, `sucedidos`,
    `fin_de_vigencia` and the `error_*` refusals).

    When the cupo does not start now (it waits for Dimar's acknowledgement) the beneficiary's other cupos
    are only read: they are share-locked, not locked for update, so certificates and sales on the cupo
    in force go on meanwhile (issue 27)."""
    inicia_ahora = fecha_comunicacion is not None or not outbox_destino(AVISO_DIMAR)
    cupos = bloquear_cupos_del_beneficiario(cupo, solo_este=not inicia_ahora)
    cupo = next(c for c in cupos if c.id == cupo.id)
    _transicion(cupo, Cupo.Estado.EN_FIRME)
    if fecha_firmeza < cupo.resolucion.fecha_expedicion:
        raise DatosInvalidos({"fecha_firmeza": "La firmeza no puede ser anterior a la expedición de la resolución."})
    exigir_firmeza(cupo.interesado_id, fecha_firmeza)  # R-06 / P-04: never before the procedure's day
    _regla(cupo, fecha_firmeza)  # refused now rather than when Dimar acknowledges
    inicio = inicio_previsto(fecha_firmeza=fecha_firmeza, fecha_comunicacion=fecha_comunicacion)
    baja = bajas_hasta(beneficiario_ids=[cupo.beneficiario_id], hasta=inicio).get(cupo.beneficiario_id)
    if baja is not None:
        raise ApplicationError(ErrorCupos.NAVE_DADA_DE_BAJA, motivo_baja(*baja))
    antes = snapshot(cupo)
    cupo.estado = Cupo.Estado.EN_FIRME
    cupo.fecha_firmeza = fecha_firmeza
    cupo.dimar_notificado = timezone.now()
    origen = None
    if fecha_comunicacion is not None:
        origen = Cupo.Comunicacion.REGISTRO_UPME
    elif not outbox_destino(AVISO_DIMAR):
        fecha_comunicacion, origen = fecha_firmeza, Cupo.Comunicacion.OFICIO
    if fecha_comunicacion is not None:  # else it starts when Dimar acknowledges (cupo_dimar_acknowledged)
        _iniciar(actor=actor, cupo=cupo, cupos=cupos, fecha=fecha_comunicacion, origen=origen)
    cupo.save()
    audit_record(actor=actor, accion="cupo.firmeza", obj=cupo, antes=antes)
    return cupo


def inicio_previsto(*, fecha_firmeza: dt.date, fecha_comunicacion: dt.date | None) -> dt.date | None:
    """R-06: the day a cupo made firm now would start: the later of its firmeza and the communication
    date UPME gives; with no Dimar endpoint, the official letter dated on the firmeza; None when
    Dimar's acknowledgement decides it (a day not known yet, never before today)."""
    if fecha_comunicacion is not None:
        return max(fecha_firmeza, fecha_comunicacion)
    if not outbox_destino(AVISO_DIMAR):
        return fecha_firmeza
    return None


def motivo_baja(fecha: dt.date, matricula: str) -> str:
    """R-24: why a vessel Dimar reported as baja gets no firm cupo: it would start on or after the baja,
    from which no certificate is issued to it, so it could never be consumed."""
    return (
        f"Dimar reportó la baja de la nave (matrícula {matricula}) desde el {fecha_larga(fecha)}, "
        "antes de que el cupo empiece a regir (R-24)."
    )


def cupo_record_communication(
    *,
    actor,
    cupo: Cupo,
    fecha_comunicacion: dt.date,
    origen: str = Cupo.Comunicacion.REGISTRO_UPME,
    ceder_dia: bool = False,
) -> Cupo:
    """R-06: record the day the cupo was communicated to Dimar (an official letter, or the
    acknowledgement of the portal's message); the start moves to the later of firmeza and that day.

    Refused when consumption already recorded would fall outside the resulting force of this cupo
    or of the one it succeeds (the ledger is never rewritten). With `ceder_dia` (Dimar's
    acknowledgement, which cannot be refused) a day the previous cupo was already used on stays
    with it, and the new cupo starts the day after.
    """
    if actor is not None or origen == Cupo.Comunicacion.REGISTRO_UPME:  # else the outbox's acknowledgement
        require_role(actor, *ESCRITORES)
    fecha_valida("fecha_comunicacion", fecha_comunicacion)
    with transaction.atomic():
        cupos = bloquear_cupos_del_beneficiario(cupo)
        cupo = next(c for c in cupos if c.id == cupo.id)
        if cupo.estado != Cupo.Estado.EN_FIRME:
            raise ApplicationError(
                ErrorCupos.CUPO_SIN_FIRMEZA,
                f"El cupo está «{cupo.get_estado_display()}»: solo se registra la comunicación de un cupo en firme.",
            )
        if fecha_comunicacion < cupo.resolucion.fecha_expedicion:
            raise DatosInvalidos(
                {"fecha_comunicacion": "La comunicación no puede ser anterior a la expedición de la resolución."}
            )
        antes = snapshot(cupo)
        _iniciar(actor=actor, cupo=cupo, cupos=cupos, fecha=fecha_comunicacion, origen=origen, ceder_dia=ceder_dia)
        cupo.save()
        audit_record(actor=actor, accion="cupo.comunicacion_dimar", obj=cupo, antes=antes)
    return cupo


def cupo_dimar_acknowledged(mensaje) -> None:
    """Registered for the outbox (core.registro.registrar_acuse): Dimar acknowledged the notice of
    a firm cupo, or it was registered with no endpoint (then the official letter, dated on the
    firmeza, is the communication). A cupo already communicated keeps its date."""
    cupo = Cupo.objects.filter(pk=(mensaje.payload or {}).get("cupo")).first()
    if cupo is None or cupo.estado != Cupo.Estado.EN_FIRME or cupo.fecha_comunicacion is not None:
        return
    acuse = mensaje.estado == mensaje.Estado.ENTREGADO
    if acuse:
        fecha, origen = timezone.localdate(mensaje.entregado_en), Cupo.Comunicacion.ACUSE
    else:
        fecha, origen = cupo.fecha_firmeza, Cupo.Comunicacion.OFICIO
    try:
        with transaction.atomic():
            cupo_record_communication(actor=None, cupo=cupo, fecha_comunicacion=fecha, origen=origen, ceder_dia=acuse)
    except ApplicationError as exc:
        # The cupo stays without a start; UPME records the communication date on its page.
        logger.warning("cupo %s: no se pudo registrar la comunicación a Dimar del %s: %s", cupo.id, fecha, exc)


def bloquear_cupos_del_beneficiario(cupo: Cupo, *, solo_este: bool = False) -> list[Cupo]:
    """Serialize every change to one beneficiary's cupos.

    `solo_este`: only `cupo` changes. It is locked for update and the others FOR KEY SHARE, row by row
    in id order (the order every caller locks in): a concurrent change to any of them still waits
    (it locks them all for update), but issuance and sales, which lock the cupo in force FOR NO KEY
    UPDATE (cupos.services.libro, zarpes.services.zarpes_sql), do not."""
    if solo_este and connection.vendor == "postgresql":
        ids = Cupo.objects.filter(beneficiario_id=cupo.beneficiario_id).order_by("id").values_list("id", flat=True)
        tabla = connection.ops.quote_name(Cupo._meta.db_table)
        with connection.cursor() as cursor:
            for pk in ids:
                modo = "UPDATE" if pk == cupo.id else "KEY SHARE"
                cursor.execute(f"SELECT 1 FROM {tabla} WHERE id = %s FOR {modo}", [pk])
        return list(
            Cupo.objects.select_related("resolucion", "beneficiario")
            .filter(beneficiario_id=cupo.beneficiario_id)
            .order_by("id")
        )
    return list(
        Cupo.objects.select_for_update(of=("self",))
        .select_related("resolucion", "beneficiario")
        .filter(beneficiario_id=cupo.beneficiario_id)
        .order_by("id")
    )


def _regla(cupo: Cupo, fecha: dt.date):
    regla = regla_aplicable(beneficiario=cupo.beneficiario, fecha=fecha)
    if regla is None:
        raise error_sin_regla()
    return regla


# The refusals of, shared with the bulk firmeza (cupos.services.firmezas).


def error_sin_regla() -> ApplicationError:
    return ApplicationError(
        ErrorCupos.SIN_REGLA_ACUMULACION, "No hay una regla de acumulación vigente para este beneficiario (R-10)."
    )


def error_consumo_antes_del_inicio(inicio: dt.date) -> ApplicationError:
    return ApplicationError(
        ErrorCupos.CONSUMO_FUERA_DE_VIGENCIA,
        f"El cupo tiene consumo registrado antes del {fecha_larga(inicio)}: no puede iniciar ese día.",
    )


def error_consumo_tras_el_fin(cupo: Cupo, consumo: dt.date, ultimo_dia: dt.date) -> ApplicationError:
    return ApplicationError(
        ErrorCupos.CONSUMO_FUERA_DE_VIGENCIA,
        f"El cupo {cupo.resolucion.numero} de {cupo.resolucion.anio} tiene consumo registrado el "
        f"{fecha_larga(consumo)}: su vigencia no puede terminar el {fecha_larga(ultimo_dia)}.",
    )


def inicio_del_cupo(cupo: Cupo, fecha: dt.date) -> dt.date:
    """R-06: the later of firmeza and communication (`fecha`); a modifying resolution's `rige_desde`."""
    return max(cupo.fecha_firmeza, fecha, cupo.rige_desde or fecha)


def sucedidos(cupo: Cupo, cupos: list[Cupo], inicio: dt.date) -> list[Cupo]:
    """R-09: the beneficiary's other cupos (`cupos`) that `cupo`, starting on `inicio`, ends the day
    before. Refused when one of them is firm and starts on or after `inicio`."""
    terminan = []
    for anterior in cupos:
        if anterior.id == cupo.id or anterior.fecha_inicio is None:
            continue
        if anterior.fecha_inicio >= inicio and anterior.estado == Cupo.Estado.EN_FIRME:
            raise ApplicationError(
                ErrorCupos.CUPO_POSTERIOR_VIGENTE,
                f"El beneficiario ya tiene un cupo en firme desde {fecha_larga(anterior.fecha_inicio)}.",
            )
        sucedido_por_este = anterior.motivo_fin == Cupo.Fin.SUCESION and anterior.fecha_fin == dia_antes(
            cupo.fecha_inicio
        )
        if anterior.fecha_fin is None or anterior.fecha_fin >= inicio or sucedido_por_este:
            terminan.append(anterior)
    return terminan


def fin_de_vigencia(cupo: Cupo, ultimo_dia: dt.date) -> dt.date:
    """R-09: the last day of a cupo ended on `ultimo_dia` (never before its own start)."""
    return max(ultimo_dia, dia_antes(cupo.fecha_inicio))


def _iniciar(*, actor, cupo: Cupo, cupos: list[Cupo], fecha: dt.date, origen: str, ceder_dia: bool = False) -> None:
    """R-06: start = the later of firmeza and communication. R-09: the cupos it succeeds end the
    day before. R-08 and R-10 follow from the start: entitlements are derived from these terms,
    so moving the start leaves no stored entitlement behind; only recorded consumption can
    conflict, and then nothing changes (or, with `ceder_dia`, the start yields to it)."""
    inicio = inicio_del_cupo(cupo, fecha)
    if ceder_dia:
        usado = Movimiento.objects.filter(
            cupo__in=[c for c in cupos if c.id != cupo.id and c.fecha_inicio is not None],
            tipo__in=Movimiento.CONSUMO,
            fecha__gte=inicio,
        ).aggregate(ultimo=Max("fecha"))["ultimo"]
        if usado is not None:
            inicio = usado + dt.timedelta(days=1)
    if Movimiento.objects.filter(cupo=cupo, tipo__in=Movimiento.CONSUMO, fecha__lt=inicio).exists():
        raise error_consumo_antes_del_inicio(inicio)
    for anterior in sucedidos(cupo, cupos, inicio):
        terminar_vigencia(actor=actor, cupo=anterior, ultimo_dia=dia_antes(inicio), motivo=Cupo.Fin.SUCESION)
    cupo.fecha_comunicacion = fecha
    cupo.comunicacion_origen = origen
    cupo.fecha_inicio = inicio
    regla = _regla(cupo, inicio)  # the rule in force on the start date
    cupo.regla = regla
    cupo.meses_ventana = regla.meses


def dia_antes(fecha: dt.date | None) -> dt.date | None:
    return None if fecha is None else fecha - dt.timedelta(days=1)


def terminar_vigencia(*, actor, cupo: Cupo, ultimo_dia: dt.date, motivo: str, detalle: str = "") -> None:
    """R-09: the cupo is in force until `ultimo_dia`, which no recorded consumption may follow."""
    posterior = (
        Movimiento.objects.filter(cupo=cupo, tipo__in=Movimiento.CONSUMO, fecha__gt=ultimo_dia)
        .order_by("fecha")
        .first()
    )
    if posterior is not None:
        raise error_consumo_tras_el_fin(cupo, posterior.fecha, ultimo_dia)
    antes = snapshot(cupo)
    cupo.fecha_fin = fin_de_vigencia(cupo, ultimo_dia)
    cupo.motivo_fin = motivo
    cupo.detalle_fin = detalle[:300]
    cupo.save(update_fields=["fecha_fin", "motivo_fin", "detalle_fin"])
    audit_record(actor=actor, accion=f"cupo.fin_{motivo}", obj=cupo, antes=antes)


def aviso_dimar(cupo: Cupo) -> dict:
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
        # with an electronic notice the start is the day Dimar acknowledges it (null until then).
        "fecha_inicio": cupo.fecha_inicio.isoformat() if cupo.fecha_inicio else None,
        "meses_ventana": cupo.meses_ventana,
    }


def _causal_valida(*, cupo: Cupo, causal: str, soporte: str, modificatoria: bool = False) -> None:
    """R-12 (D1891 par. 1): the ground must be one of the decree's, with its support, and true on record. Par. 1's
    three grounds are for vessels («naves»): an acuicultora's or the Armada's cupo is revoked only by a motivated
    modifying resolution (`modificatoria`) naming its ground (409 causal_improcedente otherwise); `baja_dimar`
    needs Dimar's baja of that vessel on record (409 causal_sin_soporte)."""
    permitidas = dict(Cupo.CAUSALES_REVOCACION if modificatoria else Cupo.CAUSALES_R12)
    errores = {}
    if causal not in permitidas:
        errores["causal"] = (
            "Indique la causal de la cancelación: baja reportada por Dimar (baja_dimar), inactividad por más de "
            "tres meses (inactividad) o comunicación motivada de una autoridad (comunicacion_autoridad)."
        )
    elif causal == Cupo.Causal.REVOCACION_MOTIVADA and cupo.beneficiario.es_nave:
        errores["causal"] = "El cupo de una nave se revoca por una de las tres causales del parágrafo 1 (R-12)."
    if not (soporte or "").strip():
        errores["soporte"] = {
            Cupo.Causal.BAJA_DIMAR: "Indique la novedad de Dimar que reporta la baja (periodo y fecha).",
            Cupo.Causal.INACTIVIDAD: "Indique la decisión de la UPME sobre la inactividad (número y fecha).",
            Cupo.Causal.REVOCACION_MOTIVADA: "Indique el fundamento de la revocación: el acto o hecho, su número y "
            "su fecha (p. ej., el vencimiento del permiso de cultivo).",
        }.get(causal, "Indique la comunicación de la autoridad: quién la expidió, su número y su fecha.")
    if errores:
        raise DatosInvalidos(errores)
    if causal in dict(Cupo.CAUSALES_R12) and not cupo.beneficiario.es_nave:
        raise ApplicationError(
            ErrorCupos.CAUSAL_IMPROCEDENTE,
            f"La causal «{Cupo.Causal(causal).label}» es del parágrafo 1, propia de las naves; el cupo de "
            f"{cupo.beneficiario.get_tipo_display().lower()} solo se revoca por una resolución modificatoria "
            "motivada que diga su causa (R-12).",
        )
    if causal == Cupo.Causal.BAJA_DIMAR and not bajas_hasta(beneficiario_ids=[cupo.beneficiario_id], hasta=None):
        raise ApplicationError(
            ErrorCupos.CAUSAL_SIN_SOPORTE,
            f"No hay en el registro una baja de Dimar de {cupo.beneficiario.nombre}: la causal «baja reportada por "
            "Dimar» necesita la novedad de Dimar que la reporta (R-24). Registre primero las novedades o elija otra "
            "causal.",
        )


def _inactividad_comprobada(cupo: Cupo, fecha: dt.date) -> None:
    """R-12: «no hagan uso del mismo por más de tres (3) meses, sin que medie causa justificada»."""
    if cupo.causa_justificada_inactividad.strip():
        raise ApplicationError(
            ErrorCupos.CAUSA_JUSTIFICADA_REGISTRADA,
            f"La UPME registró una causa justificada de la inactividad: «{cupo.causa_justificada_inactividad}».",
        )
    corte = ultimo_dia_inactivo(fecha)
    ultimo = cupo.movimientos.filter(tipo=Movimiento.Tipo.DESCUENTO, fecha__lt=fecha).aggregate(f=Max("fecha"))["f"]
    desde = ultimo or cupo.fecha_inicio
    if desde is None or desde > corte:
        uso = (
            f"su último consumo es del {fecha_larga(ultimo)}"
            if ultimo
            else (f"inició el {fecha_larga(cupo.fecha_inicio)}" if cupo.fecha_inicio else "aún no ha iniciado")
        )
        raise ApplicationError(
            ErrorCupos.CUPO_NO_INACTIVO,
            f"Al {fecha_larga(fecha)} el cupo no lleva más de tres meses sin uso: {uso}.",
        )


def cupo_cancel(
    *, actor, cupo: Cupo, fecha: dt.date, causal: str, motivo: str, soporte: str, roles=ESCRITORES,
    transcrita: bool = False, fecha_expedicion: dt.date | None = None, interesado_id: int | None = None,
) -> Cupo:
    """R-12: UPME decides to cancel the cupo from `fecha`, on one of the decree's grounds (`causal`) with its
    support and a reason. R-24: also UPME's act after a baja reported by Dimar (the baja alone cancels nothing).

    The cancellation is an act (DOMAIN §8): issued here dated today (a paper act, `transcrita`, keeps its own
    date, by default `fecha`), notified to the beneficiary with its recursos, and effective only from its
    firmeza (P-05): `fecha` before the act is 400, and the daily job (`cancelacion_aplicar`) ends the cupo on
    the later of `fecha` and the firmeza. Until then the cupo is `cancelado` but still in force. A modifying
    resolution's revocation line passes `interesado_id`, its beneficiary in that resolution's act."""
    from cupos.services.procedimiento import cancelacion_expedir

    require_role(actor, *roles)
    fecha_valida("fecha", fecha)
    if not (motivo or "").strip():
        raise DatosInvalidos({"motivo": "Indique el motivo de la cancelación."})
    with transaction.atomic():
        cupo = Cupo.objects.select_for_update(of=("self",)).select_related("resolucion", "beneficiario").get(pk=cupo.pk)
        _transicion(cupo, Cupo.Estado.CANCELADO)
        _causal_valida(cupo=cupo, causal=causal, soporte=soporte, modificatoria=interesado_id is not None)
        if causal == Cupo.Causal.INACTIVIDAD:
            _inactividad_comprobada(cupo, fecha)
        if interesado_id is None:
            persona = cancelacion_expedir(
                actor=actor, cupo=cupo, transcrita=transcrita, fecha_expedicion=(fecha_expedicion or fecha),
                soporte=soporte,
            )
        else:
            persona = Interesado.objects.select_related("acto").get(pk=interesado_id)
        if fecha < persona.acto.fecha_expedicion:
            raise DatosInvalidos({"fecha": (
                f"La cancelación no puede regir desde antes del acto que la decide "
                f"({fecha_larga(persona.acto.fecha_expedicion)}): un acto no tiene efectos hacia atrás (P-05)."
            )})
        antes = snapshot(cupo)
        cupo.estado = Cupo.Estado.CANCELADO
        cupo.cancelacion_desde, cupo.cancelacion_interesado = fecha, persona
        cupo.motivo_cancelacion = motivo.strip()
        cupo.causal_cancelacion = causal
        cupo.soporte_cancelacion = soporte.strip()[:300]
        cupo.save()
        audit_record(actor=actor, accion="cupo.cancelar", obj=cupo, antes=antes)
        from cupos.services.novedades import bajas_decidir_por_cancelacion

        bajas_decidir_por_cancelacion(cupo=cupo)  # UPME decided on the baja
    return cupo


def cancelacion_aplicar(*, cupo_id: int, firmeza: dt.date) -> Cupo | None:
    """P-04 / P-05: the cancellation, firm for the beneficiary on `firmeza`, takes effect on the later of that day
    and the date it was decided from: the cupo ends the day before, its window's unused gallons are lost (R-11
    ledger), nothing more is drawn on it, and the beneficiary is told. Run by the daily job
    (core.actos.services.firmezas_aplicar) in the act's transaction; a cancellation already applied is left."""
    cupo = Cupo.objects.select_for_update(of=("self",)).select_related("resolucion", "beneficiario").get(pk=cupo_id)
    if cupo.estado != Cupo.Estado.CANCELADO or cupo.fecha_cancelacion is not None or cupo.cancelacion_desde is None:
        return None
    fecha = max(cupo.cancelacion_desde, firmeza)
    antes = snapshot(cupo)
    ultimo_dia = fecha - dt.timedelta(days=1)
    perdido = Decimal("0.00")
    sigue_vigente = cupo.fecha_fin is None or cupo.fecha_fin > ultimo_dia
    if cupo.fecha_inicio is not None and sigue_vigente:
        if cupo_terminos(cupo).vigente(ultimo_dia):
            perdido = cupo_saldo(cupo=cupo, fecha=ultimo_dia, toda_la_ventana=True).disponible
        cupo.fecha_fin = max(ultimo_dia, cupo.fecha_inicio - dt.timedelta(days=1))
    cupo.fecha_cancelacion = fecha
    cupo.save(update_fields=["fecha_fin", "fecha_cancelacion"])
    if cupo.fecha_inicio is not None and fecha >= cupo.fecha_inicio:
        Movimiento.objects.create(
            cupo=cupo, tipo=Movimiento.Tipo.CANCELACION, fecha=fecha, galones=perdido,
            detalle=cupo.motivo_cancelacion[:300], creado_por=None,
        )
    audit_record(actor=None, accion="cupo.cancelacion_en_firme", obj=cupo, antes=antes)
    from cupos.services.avisos import avisar_cancelacion

    avisar_cancelacion(cupo=cupo, perdido=perdido)  # the beneficiary is told (core.mensajes.avisos)
    return cupo


def cancelacion_revocar(*, cupo_id: int) -> Cupo | None:
    """P-03: a decision on the beneficiary's recurso that revokes the cancellation (not yet firm, so with no
    effect yet): the cupo is back as it was."""
    cupo = Cupo.objects.select_for_update(of=("self",)).get(pk=cupo_id)
    if cupo.estado != Cupo.Estado.CANCELADO or cupo.fecha_cancelacion is not None:
        return None
    antes = snapshot(cupo)
    cupo.estado = Cupo.Estado.EN_FIRME if cupo.fecha_firmeza else Cupo.Estado.EXPEDIDO
    cupo.cancelacion_desde = None
    cupo.motivo_cancelacion = cupo.causal_cancelacion = cupo.soporte_cancelacion = ""
    cupo.save(update_fields=["estado", "cancelacion_desde", "motivo_cancelacion", "causal_cancelacion",
                             "soporte_cancelacion"])
    audit_record(actor=None, accion="cupo.cancelacion_revocada", obj=cupo, antes=antes)
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
