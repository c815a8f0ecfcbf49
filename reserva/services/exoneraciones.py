"""C-06 and C-07: exoneration files, their documents, Dimar's decision, and shipments under them.

    radicada ──aclaracion──▶ aclaracion ──▶ concedida | negada      (decided once, STYLE habit 6)

A grant is told to the capitanías of the ports of origin and destination (art. 19): an outbox
message and an alert per capitanía, and a notice on the capitanía's page.
"""

import datetime as dt
import secrets
from decimal import Decimal

from django.db import transaction

from core.access import require_role
from core.alertas import alertas_resolve_por_referencia
from core.audit import audit_record, crear_auditado, snapshot
from core.calendario import today
from core.documentos import errores_documento, nombre_original
from core.errors import ApplicationError, DatosInvalidos
from core.fechas import fecha_larga
from reserva import access, calculo, requisitos, validacion
from reserva.errors import ErrorReserva
from reserva.models import (
    CLASES_CAFE,
    AvisoCapitania,
    DecisionExoneracion,
    DocumentoExoneracion,
    Embarque,
    Exoneracion,
    TipoAlertaReserva,
)
from reserva.selectors.registros import capitania_de_puerto
from reserva.services.avisos import capitania_avisar
from reserva.validacion import Errores, guardar_con_archivo, limite_bytes, nit, no_futura, texto, toneladas

Estado = Exoneracion.Estado
ALFABETO = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


# The alert reference of its deadline is this prefix and the id (reserva.plazos reads it back).
PREFIJO_REFERENCIA = "exoneracion-"


def referencia(exoneracion: Exoneracion) -> str:
    return f"{PREFIJO_REFERENCIA}{exoneracion.pk}"


@transaction.atomic
def exoneracion_file(
    *,
    actor,
    usuario_nit: str,
    fundamento: str,
    ruta: str,
    clase: str,
    toneladas: Decimal | None,
    puerto_origen: str,
    puerto_destino: str,
    licencia: str,
    concepto_federacion: bool = False,
    corredor_nit: str | None = None,
    fecha_radicacion: dt.date | None = None,
) -> Exoneracion:
    """C-06: filed by the importer or exporter. Coffee needs the Federación's favourable concept
    (art. 2 par. 2): without it, `falta_concepto_federacion`. Bulk under (c) goes through the broker."""
    require_role(actor, *access.USUARIOS)
    usuario_nit = access.nit_access(actor, usuario_nit)
    errores = Errores()
    ruta_obj = validacion.ruta(errores, "ruta", ruta)
    _toneladas(errores, toneladas)
    puerto_origen = texto(errores, "puerto_origen", puerto_origen, largo=120)
    puerto_destino = texto(errores, "puerto_destino", puerto_destino, largo=120)
    licencia = texto(errores, "licencia", licencia, largo=120)
    corredor_nit = nit(errores, "corredor_nit", corredor_nit, obligatorio=False)
    if requisitos.necesita_corredor(fundamento, clase) and not corredor_nit and "corredor_nit" not in errores:
        errores["corredor_nit"] = (
            "La carga a granel con fundamento en el literal c) se presenta por intermedio del "
            "corredor colombiano de fletamento (art. 15 par. 2): indique su NIT."
        )
    fecha_radicacion = fecha_radicacion or today()
    no_futura(errores, "fecha_radicacion", fecha_radicacion)
    errores.revisar()
    if clase in CLASES_CAFE and not concepto_federacion:
        raise ApplicationError(
            ErrorReserva.FALTA_CONCEPTO_FEDERACION,
            "La exoneración de café requiere el concepto favorable de la Federación Nacional de Cafeteros "
            "(art. 2 par. 2).",
        )
    return crear_auditado(
        Exoneracion,
        actor=actor,
        accion="reserva.exoneracion.radicar",
        usuario_nit=usuario_nit,
        fundamento=fundamento,
        ruta=ruta_obj,
        clase=clase,
        toneladas=toneladas,
        puerto_origen=puerto_origen,
        puerto_destino=puerto_destino,
        licencia=licencia,
        concepto_federacion=bool(concepto_federacion),
        corredor_nit=corredor_nit or "",
        fecha_radicacion=fecha_radicacion,
        vence_decision=calculo.vence_decision_exoneracion(fecha_radicacion),
        radicada_por=actor,
    )


def _toneladas(errores: Errores, valor) -> None:
    toneladas(errores, "toneladas", valor)


def documento_upload(*, actor, exoneracion: Exoneracion, tipo: str, archivo) -> DocumentoExoneracion:
    """Art. 15: a document of the file, PDF/PNG/JPEG checked by content; only while it is open."""
    require_role(actor, *access.PRESENTAN_DOCUMENTOS)
    exoneracion = access.exoneracion_access(actor, exoneracion.pk)
    errores = Errores(errores_documento(archivo, limite=limite_bytes()))
    codigos = {r.codigo for r in requisitos.tipos_documento(exoneracion.fundamento, exoneracion.clase)}
    if tipo not in codigos:
        errores["tipo"] = f"Ese documento no corresponde a esta solicitud. Opciones: {', '.join(sorted(codigos))}."
    errores.revisar()
    with transaction.atomic():
        exoneracion = _bloquear_abierta(exoneracion)
        documento = DocumentoExoneracion(
            exoneracion=exoneracion, tipo=tipo, nombre_original=nombre_original(archivo), cargado_por=actor
        )

        def guardar():
            documento.save()
            audit_record(actor=actor, accion="reserva.exoneracion.documento", obj=documento)

        guardar_con_archivo(documento.archivo, archivo, guardar)
    return documento


def _bloquear_abierta(exoneracion: Exoneracion) -> Exoneracion:
    exoneracion = Exoneracion.objects.select_for_update().select_related("ruta").get(pk=exoneracion.pk)
    if exoneracion.decidida:
        raise ApplicationError(
            ErrorReserva.EXONERACION_DECIDIDA,
            f"La solicitud de exoneración n.º {exoneracion.pk} ya fue decidida "
            f"({exoneracion.get_estado_display().lower()} el {fecha_larga(exoneracion.fecha_decision)}).",
        )
    return exoneracion


@transaction.atomic
def exoneracion_decide(
    *,
    actor,
    exoneracion: Exoneracion,
    decision: str,
    fecha: dt.date,
    motivo: str,
    embarcar_antes_de: dt.date | None = None,
) -> Exoneracion:
    """C-06: Dimar asks for clarifications, or grants or denies with reasons, once. A grant carries
    the shipment deadline; under (c) at most 30 business days after the decision (art. 16 par.)."""
    require_role(actor, *access.DIMAR)
    decision_valida(decision)
    exoneracion = access.exoneracion_access(actor, exoneracion.pk)
    if exoneracion.decidida:
        _bloquear_abierta(exoneracion)  # raises exoneracion_decidida
    errores = Errores()
    motivo = texto(errores, "motivo", motivo, largo=4000)
    no_futura(errores, "fecha", fecha)
    # No check against the filing date: the API files with today's date, and Dimar may enter a decision
    # taken on paper earlier (API.md "Conventions").
    if decision == DecisionExoneracion.Decision.CONCEDIDA:
        if embarcar_antes_de is None:
            errores["embarcar_antes_de"] = "Una exoneración concedida fija la fecha límite de embarque (art. 16)."
        elif embarcar_antes_de < fecha:
            errores["embarcar_antes_de"] = "La fecha límite de embarque no puede ser anterior a la decisión."
        elif exoneracion.fundamento == "c" and embarcar_antes_de > calculo.limite_embarque_c(fecha):
            errores["embarcar_antes_de"] = (
                "Con fundamento en el literal c) el plazo de embarque no puede exceder 30 días hábiles (art. 16 par.): "
                f"a más tardar el {fecha_larga(calculo.limite_embarque_c(fecha))}."
            )
    elif embarcar_antes_de is not None:
        embarcar_antes_de = None  # only a grant carries a deadline
    errores.revisar()
    exoneracion = _bloquear_abierta(exoneracion)
    antes = snapshot(exoneracion)
    DecisionExoneracion.objects.create(
        exoneracion=exoneracion,
        decision=decision,
        fecha=fecha,
        motivo=motivo,
        embarcar_antes_de=embarcar_antes_de,
        actor=actor,
    )
    exoneracion.estado = decision
    if decision != DecisionExoneracion.Decision.ACLARACION:
        exoneracion.fecha_decision = fecha
        exoneracion.motivo_decision = motivo
        exoneracion.embarcar_antes_de = embarcar_antes_de
        alertas_resolve_por_referencia(
            tipo=TipoAlertaReserva.EXONERACION_DECISION_VENCIDA,
            referencia=referencia(exoneracion),
            detalle=f"Decidida el {fecha_larga(fecha)}.",
        )
    if decision == DecisionExoneracion.Decision.CONCEDIDA:
        exoneracion.codigo_verificacion = _codigo_nuevo()
    exoneracion.save()
    audit_record(actor=actor, accion=f"reserva.exoneracion.{decision}", obj=exoneracion, antes=antes)
    if decision == DecisionExoneracion.Decision.CONCEDIDA:
        _avisar_capitanias(exoneracion)
    return exoneracion


def _codigo_nuevo() -> str:
    while True:
        codigo = "RC-" + "".join(secrets.choice(ALFABETO) for _ in range(10))
        if not Exoneracion.objects.filter(codigo_verificacion=codigo).exists():
            return codigo


def capitanias_de(exoneracion: Exoneracion) -> list:
    """Art. 19: the capitanías of the ports of origin and destination (the Colombian ones)."""
    capitanias = []
    for puerto in (exoneracion.puerto_origen, exoneracion.puerto_destino):
        capitania = capitania_de_puerto(puerto)
        if capitania is not None and capitania not in capitanias:
            capitanias.append(capitania)
    return capitanias


def _avisar_capitanias(exoneracion: Exoneracion) -> None:
    detalle = (
        f"Exonérase de reserva de carga {exoneracion.toneladas:,.3f} t de {exoneracion.get_clase_display().lower()} "
        f"de {exoneracion.usuario_nit} ({exoneracion.puerto_origen} → {exoneracion.puerto_destino}); deben ser "
        f"embarcadas antes de {fecha_larga(exoneracion.embarcar_antes_de)}."
    )
    for capitania in capitanias_de(exoneracion):
        payload = {
            "exoneracion": exoneracion.pk,
            "capitania": capitania.codigo,
            "usuario_nit": exoneracion.usuario_nit,
            "toneladas": str(exoneracion.toneladas),
            "clase": exoneracion.clase,
            "puerto_origen": exoneracion.puerto_origen,
            "puerto_destino": exoneracion.puerto_destino,
            "embarcar_antes_de": exoneracion.embarcar_antes_de.isoformat(),
            "codigo_verificacion": exoneracion.codigo_verificacion,
        }
        capitania_avisar(
            capitania=capitania, tipo=AvisoCapitania.Tipo.EXONERACION, referencia=referencia(exoneracion),
            detalle=detalle, exoneracion=exoneracion,
            mensaje=(
                "reserva.exoneracion_concedida", f"reserva-exoneracion-{exoneracion.pk}-{capitania.codigo}", payload
            ),
            alerta=TipoAlertaReserva.EXONERACION_CONCEDIDA, vence=exoneracion.embarcar_antes_de,
            fecha=exoneracion.fecha_decision,
        )


@transaction.atomic
def embarque_communicate(
    *,
    actor,
    exoneracion: Exoneracion,
    fecha_embarque: dt.date,
    nave: str,
    puerto: str,
    bandera: str = "",
    fecha_arribo_estimada: dt.date | None = None,
) -> Embarque:
    """C-07 (arts. 18, 20): before loading, the beneficiary tells Dimar the date, ship, flag and
    port. A shipment after the deadline, or from or to a port not authorized, is an infraction; the
    capitanías of the file are told."""
    require_role(actor, *access.USUARIOS)
    exoneracion = access.exoneracion_access(actor, exoneracion.pk)
    errores = Errores()
    nave = texto(errores, "nave", nave, largo=120)
    puerto = texto(errores, "puerto", puerto, largo=120)
    bandera = texto(errores, "bandera", bandera, largo=2, obligatorio=False).upper()
    if fecha_arribo_estimada is not None and fecha_arribo_estimada < fecha_embarque:
        errores["fecha_arribo_estimada"] = "El arribo estimado no puede ser anterior al embarque."
    errores.revisar()
    exoneracion = Exoneracion.objects.select_for_update().get(pk=exoneracion.pk)
    if exoneracion.estado != Estado.CONCEDIDA:
        raise ApplicationError(
            ErrorReserva.EXONERACION_NO_CONCEDIDA,
            f"La exoneración n.º {exoneracion.pk} está {exoneracion.get_estado_display().lower()}: "
            "solo se embarca carga con una exoneración concedida.",
        )
    motivos = []
    if fecha_embarque > exoneracion.embarcar_antes_de:
        motivos.append(
            f"embarque el {fecha_larga(fecha_embarque)}, después de la fecha límite "
            f"{fecha_larga(exoneracion.embarcar_antes_de)}"
        )
    if not _mismo_puerto(puerto, exoneracion):
        motivos.append(
            f"puerto «{puerto}» no autorizado (autorizados: {exoneracion.puerto_origen}, {exoneracion.puerto_destino})"
        )
    motivo = "; ".join(motivos)
    embarque = crear_auditado(
        Embarque,
        actor=actor,
        accion="reserva.exoneracion.embarque",
        exoneracion=exoneracion,
        fecha_embarque=fecha_embarque,
        nave=nave,
        bandera=bandera,
        puerto=puerto,
        fecha_arribo_estimada=fecha_arribo_estimada,
        infraccion=bool(motivos),
        motivo=(f"Infracción a la reserva de carga (art. 20): {motivo}." if motivos else "")[:400],
    )
    if embarque.infraccion:
        for capitania in capitanias_de(exoneracion):
            AvisoCapitania.objects.get_or_create(
                capitania=capitania,
                tipo=AvisoCapitania.Tipo.INFRACCION,
                referencia=f"embarque-{embarque.pk}",
                defaults={
                    "detalle": f"Exoneración n.º {exoneracion.pk}: {embarque.motivo}"[:500],
                    "exoneracion": exoneracion,
                },
            )
    return embarque


def _mismo_puerto(puerto: str, exoneracion: Exoneracion) -> bool:
    autorizados = {p.strip().lower() for p in (exoneracion.puerto_origen, exoneracion.puerto_destino)}
    if puerto.strip().lower() in autorizados:
        return True
    capitania = capitania_de_puerto(puerto)
    return capitania is not None and capitania in capitanias_de(exoneracion)


def decision_valida(decision: str) -> None:
    if decision not in DecisionExoneracion.Decision.values:
        raise DatosInvalidos({"decision": f"Use una de: {', '.join(DecisionExoneracion.Decision.values)}."})
