"""C-11 (art. 21): yearly bulk-transport contracts: filed at least 30 business days before the
first shipment; Dimar authorizes or denies them with reasons; after the authorization, the charter
contracts are registered within 30.

Art. 21 is for "los usuarios que por razones de su actividad requieran el suministro regular y continuo
de cargas a granel de importación": a yearly contract of general cargo, or of exports, is refused."""

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
from reserva.models import Clase, ContratoAnual, Operacion, TipoAlertaReserva
from reserva.services import procedimiento
from reserva.validacion import Errores, no_futura, texto, toneladas

# The alert reference of its deadline is this prefix and the id (reserva.plazos reads it back).
PREFIJO_REFERENCIA = "contrato-"


def referencia(contrato: ContratoAnual) -> str:
    return f"{PREFIJO_REFERENCIA}{contrato.pk}"


@transaction.atomic
def contrato_file(
    *,
    actor,
    usuario_nit: str,
    anio: int,
    producto: str,
    toneladas_anio: Decimal | None,
    puerto_origen: str,
    puerto_destino: str,
    toneladas_embarque: Decimal | None,
    periodicidad: str,
    primer_embarque: dt.date,
    fecha_presentacion: dt.date,
    clase: str = Clase.GRANEL,
    operacion: str = Operacion.IMPORTACION,
) -> ContratoAnual:
    require_role(actor, *access.USUARIOS)
    usuario_nit = access.nit_access(actor, usuario_nit)
    errores = Errores()
    if clase != Clase.GRANEL:
        errores["clase"] = (
            "Los contratos anuales son solo para carga a granel de importación (art. 21); la carga general "
            "sigue la reserva de cada embarque."
        )
    if operacion != Operacion.IMPORTACION:
        errores["operacion"] = "Los contratos anuales son solo para importaciones de carga a granel (art. 21)."
    producto = texto(errores, "producto", producto, largo=200)
    puerto_origen = texto(errores, "puerto_origen", puerto_origen, largo=120)
    puerto_destino = texto(errores, "puerto_destino", puerto_destino, largo=120)
    periodicidad = texto(errores, "periodicidad", periodicidad, largo=120)
    toneladas(errores, "toneladas_anio", toneladas_anio)
    toneladas(errores, "toneladas_embarque", toneladas_embarque)
    if not errores.keys() & {"toneladas_anio", "toneladas_embarque"} and toneladas_embarque > toneladas_anio:
        errores["toneladas_embarque"] = "La carga por embarque no puede superar la del año."
    no_futura(errores, "fecha_presentacion", fecha_presentacion)
    errores.revisar()
    limite = calculo.limite_presentacion_contrato(primer_embarque)
    if fecha_presentacion > limite:
        raise ApplicationError(
            ErrorReserva.PRESENTACION_TARDIA,
            f"La solicitud debía presentarse con al menos 30 días hábiles de antelación al primer embarque "
            f"({fecha_larga(primer_embarque)}), a más tardar el {fecha_larga(limite)} (art. 21).",
        )
    return crear_auditado(
        ContratoAnual,
        actor=actor,
        accion="reserva.contrato.presentar",
        usuario_nit=usuario_nit,
        anio=anio,
        producto=producto,
        toneladas_anio=toneladas_anio,
        puerto_origen=puerto_origen,
        puerto_destino=puerto_destino,
        toneladas_embarque=toneladas_embarque,
        periodicidad=periodicidad,
        primer_embarque=primer_embarque,
        fecha_presentacion=fecha_presentacion,
    )


@transaction.atomic
def contrato_authorize(
    *, actor, contrato: ContratoAnual, fecha: dt.date, motivo: str = "", transcrita: bool = False, soporte: str = ""
) -> ContratoAnual:
    """Dimar's authorization: from it runs the 30-day term to register the charter contracts. It is an
    act (DOMAIN §8), notified to the importer with its recursos."""
    require_role(actor, *access.DIMAR)
    contrato = bloquear_en_alcance(contrato, access.contrato_access, actor)
    errores = Errores()
    motivo = str(motivo or "").strip()[:4000]
    _fecha_decision(errores, contrato, fecha)
    errores.revisar()
    _sin_decidir(contrato)
    return cambiar_auditado(
        contrato,
        actor=actor,
        accion="reserva.contrato.autorizar",
        acto=_acto(actor, contrato, transcrita, fecha, soporte),
        estado=ContratoAnual.Estado.AUTORIZADO,
        fecha_autorizacion=fecha,
        motivo_decision=motivo,
        vence_registro=calculo.vence_registro_contrato(fecha),
    )


@transaction.atomic
def contrato_deny(
    *, actor, contrato: ContratoAnual, fecha: dt.date, motivo: str, transcrita: bool = False, soporte: str = ""
) -> ContratoAnual:
    """C-11: Dimar denies a yearly contract, with its reasons (no charter registration follows): an act
    (DOMAIN §8), notified to the importer with its recursos."""
    require_role(actor, *access.DIMAR)
    contrato = bloquear_en_alcance(contrato, access.contrato_access, actor)
    errores = Errores()
    motivo = texto(errores, "motivo", motivo, largo=4000)
    _fecha_decision(errores, contrato, fecha)
    errores.revisar()
    _sin_decidir(contrato)
    return cambiar_auditado(
        contrato,
        actor=actor,
        accion="reserva.contrato.negar",
        acto=_acto(actor, contrato, transcrita, fecha, soporte),
        estado=ContratoAnual.Estado.NEGADO,
        fecha_negacion=fecha,
        motivo_decision=motivo,
    )


def _acto(actor, contrato: ContratoAnual, transcrita: bool, fecha: dt.date, soporte: str):
    return procedimiento.expedir(
        actor=actor, tipo=procedimiento.CONTRATO, objeto=contrato, nit=contrato.usuario_nit,
        nombre=procedimiento.nombre_usuario(contrato.usuario_nit), numero=f"contrato n.º {contrato.pk}",
        firmante="Director General Marítimo", transcrita=transcrita, fecha=fecha, soporte=soporte,
    )


def _fecha_decision(errores: Errores, contrato: ContratoAnual, fecha: dt.date) -> None:
    no_futura(errores, "fecha", fecha)
    if "fecha" not in errores and fecha < contrato.fecha_presentacion:
        errores["fecha"] = (
            f"La decisión no puede ser anterior a la solicitud ({fecha_larga(contrato.fecha_presentacion)})."
        )


def _sin_decidir(contrato: ContratoAnual) -> None:
    if contrato.estado == ContratoAnual.Estado.NEGADO:
        raise ApplicationError(
            ErrorReserva.CONTRATO_NEGADO, f"Dimar negó este contrato anual el {fecha_larga(contrato.fecha_negacion)}."
        )
    if contrato.fecha_autorizacion is not None:
        raise ApplicationError(
            ErrorReserva.CONTRATO_YA_AUTORIZADO,
            f"El contrato ya fue autorizado el {fecha_larga(contrato.fecha_autorizacion)}.",
        )


@transaction.atomic
def contrato_register(*, actor, contrato: ContratoAnual, fecha: dt.date, contratos: str) -> ContratoAnual:
    """The user registers the charter contracts made with national and foreign shipowners."""
    require_role(actor, *access.USUARIOS)
    contrato = bloquear_en_alcance(contrato, access.contrato_access, actor)
    errores = Errores()
    contratos = texto(errores, "contratos", contratos, largo=4000)
    no_futura(errores, "fecha", fecha)
    errores.revisar()
    if contrato.estado == ContratoAnual.Estado.NEGADO:
        _sin_decidir(contrato)
    if contrato.fecha_autorizacion is None:
        raise ApplicationError(ErrorReserva.CONTRATO_NO_AUTORIZADO, "Dimar aún no ha autorizado este contrato anual.")
    if contrato.fecha_registro is not None:
        raise ApplicationError(
            ErrorReserva.CONTRATO_YA_REGISTRADO,
            f"Los contratos ya se registraron el {fecha_larga(contrato.fecha_registro)}.",
        )
    if fecha < contrato.fecha_autorizacion:
        Errores(fecha="El registro no puede ser anterior a la autorización.").revisar()
    cambiar_auditado(
        contrato, actor=actor, accion="reserva.contrato.registrar", fecha_registro=fecha, contratos=contratos
    )
    alertas_resolve_por_referencia(
        tipo=TipoAlertaReserva.CONTRATO_REGISTRO_VENCIDO,
        referencia=referencia(contrato),
        detalle=f"Contratos registrados el {fecha_larga(fecha)}.",
    )
    return contrato
