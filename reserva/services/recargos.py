"""C-12 (art. 23): surcharges filed by a conference's representative; Dimar resolves within 15
business days of a complete filing, 30 when port-related.

An incomplete filing does not start the term (art. 23: "dentro de los quince (15) días siguientes,
contados a partir de la fecha de su presentación, si ésta reúne los requisitos antes señalados"):
Dimar asks for what is missing (decision «completar»), the surcharge waits without a term, and the
term runs whole from the day the conference completes it."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.auditoria.audit import cambiar_auditado, crear_auditado
from core.comun.errors import ApplicationError
from core.comun.fechas import fecha_larga
from core.identidad.access import bloquear_en_alcance, require_role
from core.vencimientos.alertas import alertas_resolve_por_referencia
from reserva import access, calculo
from reserva.errors import ErrorReserva
from reserva.models import Recargo, TipoAlertaReserva
from reserva.services import procedimiento
from reserva.services.registros import conferencia_registrar
from reserva.validacion import Errores, no_futura, texto, usd

DECISIONES = {
    "autorizado": Recargo.Estado.AUTORIZADO,
    "autorizada": Recargo.Estado.AUTORIZADO,
    "aprobado": Recargo.Estado.AUTORIZADO,
    "concedido": Recargo.Estado.AUTORIZADO,
    "concedida": Recargo.Estado.AUTORIZADO,
    "aceptado": Recargo.Estado.AUTORIZADO,
    "aceptada": Recargo.Estado.AUTORIZADO,
    "negado": Recargo.Estado.NEGADO,
    "denegado": Recargo.Estado.NEGADO,
    "denegada": Recargo.Estado.NEGADO,
    "rechazada": Recargo.Estado.NEGADO,
    "negada": Recargo.Estado.NEGADO,
    "rechazado": Recargo.Estado.NEGADO,
    "completar": Recargo.Estado.INCOMPLETO,
    "incompleto": Recargo.Estado.INCOMPLETO,
}


# The alert reference of its deadline is this prefix and the id (reserva.plazos reads it back).
PREFIJO_REFERENCIA = "recargo-"


def referencia(recargo: Recargo) -> str:
    return f"{PREFIJO_REFERENCIA}{recargo.pk}"


@transaction.atomic
def recargo_file(
    *,
    actor,
    conferencia: str,
    concepto: str,
    portuario: bool,
    fecha_presentacion: dt.date,
    justificacion: str,
    valor_usd: Decimal | None = None,
) -> Recargo:
    require_role(actor, *access.CONFERENCIAS)
    codigo = access.conferencia_access(actor, conferencia)
    errores = Errores()
    codigo = texto(errores, "conferencia", codigo, largo=40)
    concepto = texto(errores, "concepto", concepto, largo=200)
    justificacion = texto(errores, "justificacion", justificacion, largo=8000)
    usd(errores, "valor_usd", valor_usd, obligatorio=False)
    no_futura(errores, "fecha_presentacion", fecha_presentacion)
    errores.revisar()
    return crear_auditado(
        Recargo,
        actor=actor,
        accion="reserva.recargo.presentar",
        conferencia=conferencia_registrar(codigo=codigo),
        concepto=concepto,
        portuario=bool(portuario),
        fecha_presentacion=fecha_presentacion,
        justificacion=justificacion,
        valor_usd=valor_usd,
        fecha_completa=fecha_presentacion,
        vence_decision=calculo.vence_decision_recargo(fecha_presentacion, portuario=bool(portuario)),
    )


@transaction.atomic
def recargo_decide(
    *, actor, recargo: Recargo, decision: str, fecha: dt.date, motivo: str, transcrita: bool = False,
    soporte: str = "",
) -> Recargo:
    """Authorize or deny (with reasons), or «completar»: the filing lacks what art. 23 requires (the
    motivo says what), so its term is void until the conference completes it. An authorization or a
    denial is an act (DOMAIN §8), notified to the conference (by its code) with its recursos;
    «completar» is a procedural request, not an act."""
    require_role(actor, *access.DIMAR)
    recargo = bloquear_en_alcance(recargo, access.recargo_access, actor)
    errores = Errores()
    estado = DECISIONES.get(str(decision or "").strip().lower())
    if estado is None:
        errores["decision"] = "Use «autorizado», «negado» o «completar»."
    motivo = texto(errores, "motivo", motivo, largo=4000)
    no_futura(errores, "fecha", fecha)
    if "fecha" not in errores and fecha < recargo.fecha_presentacion:
        errores["fecha"] = (
            f"La decisión no puede ser anterior a la presentación ({fecha_larga(recargo.fecha_presentacion)})."
        )
    _sin_resolver(recargo)
    errores.revisar()
    if estado == Recargo.Estado.INCOMPLETO:
        if recargo.estado == Recargo.Estado.INCOMPLETO:
            raise ApplicationError(
                ErrorReserva.RECARGO_INCOMPLETO,
                f"Dimar ya pidió completar este recargo el {fecha_larga(recargo.completar_desde)}.",
            )
        cambiar_auditado(
            recargo,
            actor=actor,
            accion="reserva.recargo.completar",
            estado=estado,
            completar_desde=fecha,
            faltantes=motivo,
            fecha_completa=None,
            vence_decision=None,
        )
        detalle = f"Dimar pidió completar la solicitud el {fecha_larga(fecha)}: el término no corre."
    else:
        conferencia = recargo.conferencia
        acto = procedimiento.expedir(
            actor=actor, tipo=procedimiento.RECARGO, objeto=recargo, nit=conferencia.codigo,
            nombre=conferencia.nombre or conferencia.codigo, numero=f"recargo n.º {recargo.pk}",
            firmante="Director General Marítimo", transcrita=transcrita, fecha=fecha, soporte=soporte,
        )
        cambiar_auditado(
            recargo,
            actor=actor,
            accion="reserva.recargo.decidir",
            estado=estado,
            fecha_decision=fecha,
            motivo_decision=motivo,
            acto=acto,
        )
        detalle = f"Resuelto el {fecha_larga(fecha)}."
    alertas_resolve_por_referencia(
        tipo=TipoAlertaReserva.RECARGO_DECISION_VENCIDA, referencia=referencia(recargo), detalle=detalle
    )
    return recargo


@transaction.atomic
def recargo_complete(*, actor, recargo: Recargo, fecha: dt.date, complemento: str) -> Recargo:
    """The conference completes the filing Dimar found incomplete: from that day runs the whole term
    of art. 23 (15 business days, 30 when port-related)."""
    require_role(actor, *access.CONFERENCIAS)
    recargo = bloquear_en_alcance(recargo, access.recargo_access, actor)
    errores = Errores()
    complemento = texto(errores, "complemento", complemento, largo=8000)
    no_futura(errores, "fecha", fecha)
    if recargo.estado != Recargo.Estado.INCOMPLETO:
        _sin_resolver(recargo)
        raise ApplicationError(
            ErrorReserva.RECARGO_NO_INCOMPLETO, "Dimar no ha pedido completar este recargo: su término ya corre."
        )
    if "fecha" not in errores and fecha < recargo.completar_desde:
        errores["fecha"] = (
            f"El complemento no puede ser anterior a la solicitud de Dimar ({fecha_larga(recargo.completar_desde)})."
        )
    errores.revisar()
    justificacion = f"{recargo.justificacion}\n\nComplemento del {fecha_larga(fecha)}: {complemento}"[:8000]
    return cambiar_auditado(
        recargo,
        actor=actor,
        accion="reserva.recargo.complementar",
        estado=Recargo.Estado.PRESENTADO,
        justificacion=justificacion,
        fecha_completa=fecha,
        vence_decision=calculo.vence_decision_recargo(fecha, portuario=recargo.portuario),
    )


def _sin_resolver(recargo: Recargo) -> None:
    if recargo.estado in (Recargo.Estado.AUTORIZADO, Recargo.Estado.NEGADO):
        raise ApplicationError(
            ErrorReserva.RECARGO_DECIDIDO, f"El recargo ya fue resuelto ({recargo.get_estado_display().lower()})."
        )
