"""C-12 (art. 23): surcharges filed by a conference's representative; Dimar resolves within 15
business days of a complete filing, 30 when port-related."""

import datetime as dt
from decimal import Decimal

from django.db import transaction

from core.access import bloquear_en_alcance, require_role
from core.alertas import alertas_resolve_por_referencia
from core.audit import cambiar_auditado, crear_auditado
from core.errors import ApplicationError
from core.fechas import fecha_larga
from reserva import access, calculo
from reserva.errors import ErrorReserva
from reserva.models import Recargo, TipoAlertaReserva
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
        vence_decision=calculo.vence_decision_recargo(fecha_presentacion, portuario=bool(portuario)),
    )


@transaction.atomic
def recargo_decide(*, actor, recargo: Recargo, decision: str, fecha: dt.date, motivo: str) -> Recargo:
    require_role(actor, *access.DIMAR)
    recargo = bloquear_en_alcance(recargo, access.recargo_access, actor)
    errores = Errores()
    estado = DECISIONES.get(str(decision or "").strip().lower())
    if estado is None:
        errores["decision"] = "Use «autorizado» o «negado»."
    motivo = texto(errores, "motivo", motivo, largo=4000)
    no_futura(errores, "fecha", fecha)
    if "fecha" not in errores and fecha < recargo.fecha_presentacion:
        errores["fecha"] = (
            f"La decisión no puede ser anterior a la presentación ({fecha_larga(recargo.fecha_presentacion)})."
        )
    if recargo.estado != Recargo.Estado.PRESENTADO:
        raise ApplicationError(
            ErrorReserva.RECARGO_DECIDIDO, f"El recargo ya fue resuelto ({recargo.get_estado_display().lower()})."
        )
    errores.revisar()
    cambiar_auditado(
        recargo,
        actor=actor,
        accion="reserva.recargo.decidir",
        estado=estado,
        fecha_decision=fecha,
        motivo_decision=motivo,
    )
    alertas_resolve_por_referencia(
        tipo=TipoAlertaReserva.RECARGO_DECISION_VENCIDA,
        referencia=referencia(recargo),
        detalle=f"Resuelto el {fecha_larga(fecha)}.",
    )
    return recargo
