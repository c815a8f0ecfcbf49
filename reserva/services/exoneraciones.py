"""C-06: exoneration files, their documents and Dimar's decision (shipments under them: embarques.py).

    radicada ──completar──▶ completar ──(documents complete)──▶ radicada   (the term stops meanwhile)
             └─aclaracion─▶ aclaracion ──▶ concedida | negada            (decided once, STYLE habit 6)
    completar + one month without the documents ──▶ desistida              (Ley 1437 art. 17)

No grant while a document its ground requires is missing (art. 15); the grant is signed by the
Director General, or by the Secretary General under an express delegation in force (art. 16), and
told to the capitanías of the ports of origin and destination (art. 19): an outbox message and an
alert per capitanía, and a notice on the capitanía's page.
"""

import datetime as dt
import secrets
from decimal import Decimal

from django.db import transaction

from core.archivos.documentos import errores_documento, nombre_original
from core.auditoria.audit import audit_record, cambiar_auditado, crear_auditado, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.vencimientos.alertas import alertas_resolve_por_referencia
from core.vencimientos.calendario import today
from reserva import access, calculo, requisitos, validacion
from reserva.errors import ErrorReserva
from reserva.models import (
    MERCANCIAS_CAFE,
    AvisoCapitania,
    Clase,
    DecisionExoneracion,
    Delegacion,
    DocumentoExoneracion,
    Exoneracion,
    Mercancia,
    Operacion,
    TipoAlertaReserva,
)
from reserva.selectors.exoneraciones import documentos_faltantes
from reserva.selectors.registros import capitania_de_puerto
from reserva.services import procedimiento
from reserva.services.avisos import capitania_avisar
from reserva.services.delegaciones import firma_leer, firma_resolver
from reserva.validacion import Errores, guardar_con_archivo, limite_bytes, nit, no_futura, texto, toneladas

Estado = Exoneracion.Estado
Decision = DecisionExoneracion.Decision
Cargo = Delegacion.Cargo
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
    mercancia: str = Mercancia.ORDINARIA,
    toneladas: Decimal | None,
    puerto_origen: str,
    puerto_destino: str,
    licencia: str,
    concepto_federacion: bool = False,
    corredor_nit: str | None = None,
    solicitante: str | None = None,
    fecha_radicacion: dt.date | None = None,
) -> Exoneracion:
    """C-06: filed by the importer or exporter. Coffee needs the Federación's favourable concept
    (art. 2 par. 2): without it, `falta_concepto_federacion`. Bulk under (c) goes through the broker.
    Ground (d) is for green-coffee exports, asked by the exporter or by the buyer (art. 2 par. 2)."""
    require_role(actor, *access.USUARIOS)
    usuario_nit = access.nit_access(actor, usuario_nit)
    errores = Errores()
    if fundamento not in Exoneracion.Fundamento.values:
        errores["fundamento"] = f"Use uno de: {', '.join(Exoneracion.Fundamento.values)}."
    if clase not in Clase.values:
        errores["clase"] = f"Use una de: {', '.join(Clase.values)}."
    if mercancia not in Mercancia.values:
        errores["mercancia"] = f"Use una de: {', '.join(Mercancia.values)}."
    solicitante = solicitante or Exoneracion.Solicitante.USUARIO
    if solicitante not in Exoneracion.Solicitante.values:
        errores["solicitante"] = "Use «usuario» (el importador o exportador) o «comprador»."
    ruta_obj = validacion.ruta(errores, "ruta", ruta)
    _toneladas(errores, toneladas)
    puerto_origen = texto(errores, "puerto_origen", puerto_origen, largo=120)
    puerto_destino = texto(errores, "puerto_destino", puerto_destino, largo=120)
    licencia = texto(errores, "licencia", licencia, largo=120)
    corredor_nit = nit(errores, "corredor_nit", corredor_nit, obligatorio=False)
    if fundamento == Exoneracion.Fundamento.D:
        if mercancia != Mercancia.CAFE_VERDE:
            errores["mercancia"] = "El literal d) es solo para exportaciones de café verde (art. 2 par. 2)."
        elif ruta_obj is not None and ruta_obj.operacion != Operacion.EXPORTACION:
            errores["ruta"] = "El literal d) es para exportaciones de café: indique una ruta de exportación."
    elif solicitante == Exoneracion.Solicitante.COMPRADOR and "solicitante" not in errores:
        errores["solicitante"] = (
            "Solo una exoneración de café del literal d) puede pedirla el comprador (art. 2 par. 2)."
        )
    if requisitos.necesita_corredor(fundamento, clase) and not corredor_nit and "corredor_nit" not in errores:
        errores["corredor_nit"] = (
            "La carga a granel con fundamento en el literal c) se presenta por intermedio del "
            "corredor colombiano de fletamento (art. 15 par. 2): indique su NIT."
        )
    fecha_radicacion = fecha_radicacion or today()
    no_futura(errores, "fecha_radicacion", fecha_radicacion)
    errores.revisar()
    if (mercancia in MERCANCIAS_CAFE or fundamento == Exoneracion.Fundamento.D) and not concepto_federacion:
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
        mercancia=mercancia,
        solicitante=solicitante,
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
    """Art. 15: a document of the file, PDF/PNG/JPEG checked by content; only while it is open. The
    document that completes a file Dimar asked to complete starts its term again (Ley 1437 art. 17)."""
    require_role(actor, *access.PRESENTAN_DOCUMENTOS)
    exoneracion = access.exoneracion_access(actor, exoneracion.pk)
    errores = Errores(errores_documento(archivo, limite=limite_bytes()))
    codigos = {r.codigo for r in requisitos.tipos_documento(exoneracion.fundamento, exoneracion.mercancia)}
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
            if exoneracion.estado == Estado.COMPLETAR and not documentos_faltantes(exoneracion):
                _reanudar(actor, exoneracion, today())

        guardar_con_archivo(documento.archivo, archivo, guardar)
    return documento


def _reanudar(actor, exoneracion: Exoneracion, fecha: dt.date) -> None:
    """Ley 1437 art. 17: the file is complete; the term runs again for the days that were left."""
    cambiar_auditado(
        exoneracion,
        actor=actor,
        accion="reserva.exoneracion.completada",
        estado=Estado.RADICADA,
        vence_decision=calculo.vence_reanudado(exoneracion.vence_decision, exoneracion.completar_desde, fecha),
        vence_completar=None,
    )


def _bloquear_abierta(exoneracion: Exoneracion) -> Exoneracion:
    exoneracion = Exoneracion.objects.select_for_update().select_related("ruta").get(pk=exoneracion.pk)
    if exoneracion.decidida:
        cuando = f" el {fecha_larga(exoneracion.fecha_decision)}" if exoneracion.fecha_decision else ""
        raise ApplicationError(
            ErrorReserva.EXONERACION_DECIDIDA,
            f"La solicitud de exoneración n.º {exoneracion.pk} ya fue decidida "
            f"({exoneracion.get_estado_display().lower()}{cuando}).",
        )
    return exoneracion


def _errores_plazo(errores: Errores, exoneracion: Exoneracion, fecha: dt.date, embarcar_antes_de) -> None:
    if embarcar_antes_de is None:
        errores["embarcar_antes_de"] = "Una exoneración concedida fija la fecha límite de embarque (art. 16)."
    elif embarcar_antes_de < fecha:
        errores["embarcar_antes_de"] = "La fecha límite de embarque no puede ser anterior a la decisión."
    elif exoneracion.fundamento == "c" and embarcar_antes_de > calculo.limite_embarque_c(fecha):
        errores["embarcar_antes_de"] = (
            "Con fundamento en el literal c) el plazo de embarque no puede exceder 30 días hábiles (art. 16 par.): "
            f"a más tardar el {fecha_larga(calculo.limite_embarque_c(fecha))}."
        )


@transaction.atomic
def exoneracion_decide(
    *,
    actor,
    exoneracion: Exoneracion,
    decision: str,
    fecha: dt.date,
    motivo: str,
    embarcar_antes_de: dt.date | None = None,
    firma: dict | None = None,
    transcrita: bool = False,
    soporte: str = "",
) -> Exoneracion:
    """C-06: Dimar asks to complete the file (the term stops) or for clarifications (it keeps
    running), or grants or denies with reasons, once. A grant needs every document its ground
    requires, the signer (art. 16) and the shipment deadline; under (c) at most 30 business days
    after the decision (art. 16 par.). A grant or a denial is an act (DOMAIN §8), notified to the
    petitioner with its recursos: dated today, or transcribed from paper on `fecha` with its `soporte`."""
    require_role(actor, *access.DIMAR)
    decision_valida(decision)
    exoneracion = access.exoneracion_access(actor, exoneracion.pk)
    if exoneracion.decidida:
        _bloquear_abierta(exoneracion)  # raises exoneracion_decidida
    errores = Errores()
    motivo = texto(errores, "motivo", motivo, largo=4000)
    no_futura(errores, "fecha", fecha)
    if "fecha" not in errores and exoneracion.fecha_radicacion and fecha < exoneracion.fecha_radicacion:
        # C-06 / P-05: a decision is never dated before its filing (a paper file is filed with its own
        # `fecha_radicacion`, so its paper decision fits after it).
        errores["fecha"] = (
            f"La decisión no puede ser anterior a la radicación de la solicitud "
            f"({fecha_larga(exoneracion.fecha_radicacion)})."
        )
    concede = decision == Decision.CONCEDIDA
    cargo = acto = nombre = ""
    if concede:
        _errores_plazo(errores, exoneracion, fecha, embarcar_antes_de)
        cargo, acto, nombre = firma_leer(errores, firma)
    else:
        embarcar_antes_de = None  # only a grant carries a deadline
        if firma:
            cargo, acto, nombre = firma_leer(errores, firma)
        elif decision == Decision.NEGADA:
            # A denial is a signed act too (issue 24): without `firma` (optional for it in API.md) the
            # Director General signs, as for the seal (art. 16).
            cargo = Cargo.DIRECTOR_GENERAL
    errores.revisar()
    exoneracion = _bloquear_abierta(exoneracion)
    faltan = documentos_faltantes(exoneracion)
    if concede and faltan:
        raise ApplicationError(
            ErrorReserva.EXONERACION_INCOMPLETA,
            "No se puede conceder: faltan documentos que exige el fundamento (art. 15): "
            f"{', '.join(requisitos.etiqueta(c) for c in faltan)}.",
            extra={"documentos_faltantes": faltan},
        )
    if decision == Decision.COMPLETAR and not faltan:
        raise ApplicationError(
            ErrorReserva.EXONERACION_EN_TRAMITE,
            "La solicitud tiene todos los documentos que exige su fundamento: no hay nada que completar.",
        )
    firmante = firma_resolver(cargo=cargo, acto=acto, nombre=nombre, fecha=fecha, actor=actor) if cargo else None
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
    if decision == Decision.COMPLETAR:
        # Ley 1437 art. 17: one month to complete; the decision term stops meanwhile.
        exoneracion.completar_desde = fecha
        exoneracion.vence_completar = calculo.vence_completar(fecha)
    elif decision != Decision.ACLARACION:
        exoneracion.fecha_decision = fecha
        exoneracion.motivo_decision = motivo
        exoneracion.embarcar_antes_de = embarcar_antes_de
        alertas_resolve_por_referencia(
            tipo=TipoAlertaReserva.EXONERACION_DECISION_VENCIDA,
            referencia=referencia(exoneracion),
            detalle=f"Decidida el {fecha_larga(fecha)}.",
        )
    if firmante is not None:
        exoneracion.firma_cargo = firmante.cargo
        exoneracion.firma_nombre = firmante.nombre
        exoneracion.delegacion = firmante.delegacion
    if decision in (Decision.CONCEDIDA, Decision.NEGADA):  # the seal's or the signed denial's code
        exoneracion.codigo_verificacion = _codigo_nuevo()
        exoneracion.acto = procedimiento.expedir(
            actor=actor, tipo=procedimiento.EXONERACION, objeto=exoneracion, nit=exoneracion.usuario_nit,
            nombre=procedimiento.nombre_usuario(exoneracion.usuario_nit),
            numero=f"solicitud n.º {exoneracion.pk}", firmante=_firmante(firmante),
            transcrita=transcrita, fecha=fecha, soporte=soporte,
        )
    exoneracion.save()
    audit_record(actor=actor, accion=f"reserva.exoneracion.{decision}", obj=exoneracion, antes=antes)
    if concede:
        _avisar_capitanias(exoneracion)
    return exoneracion


@transaction.atomic
def exoneracion_announce_delay(
    *, actor, exoneracion: Exoneracion, fecha: dt.date, motivo: str, nueva_fecha: dt.date
) -> Exoneracion:
    """Ley 1437 art. 14 par.: before the term ends, Dimar tells the petitioner why it cannot decide
    in time and by when it will (at most twice the first term)."""
    require_role(actor, *access.DIMAR)
    exoneracion = access.exoneracion_access(actor, exoneracion.pk)
    errores = Errores()
    motivo = texto(errores, "motivo", motivo, largo=4000)
    no_futura(errores, "fecha", fecha)
    errores.revisar()
    exoneracion = _bloquear_abierta(exoneracion)
    if fecha > exoneracion.vence_decision:
        raise ApplicationError(
            ErrorReserva.DEMORA_FUERA_DE_TERMINO,
            f"El término para decidir venció el {fecha_larga(exoneracion.vence_decision)}: el aviso de demora "
            "debía darse antes (Ley 1437, art. 14 par.).",
        )
    limite = calculo.limite_prorroga(exoneracion.vence_decision)
    if nueva_fecha <= exoneracion.vence_decision or nueva_fecha > limite:
        raise DatosInvalidos(
            {
                "nueva_fecha": f"La nueva fecha debe ser posterior al {fecha_larga(exoneracion.vence_decision)} y "
                f"no exceder el doble del término inicial ({fecha_larga(limite)})."
            }
        )
    return cambiar_auditado(
        exoneracion,
        actor=actor,
        accion="reserva.exoneracion.aviso_demora",
        aviso_demora_fecha=fecha,
        aviso_demora_motivo=motivo,
        vence_decision=nueva_fecha,
    )


def exoneraciones_desistir(*, fecha: dt.date) -> list[Exoneracion]:
    """Ley 1437 art. 17, P-06: a file Dimar asked to complete and that was not completed within the
    month ends as withdrawn by a motivated act (the deadline job runs this daily), notified to the
    petitioner; only reposición proceeds against it (Dimar's acts, P-02)."""
    desistidas = []
    for pk in Exoneracion.objects.filter(estado=Estado.COMPLETAR, vence_completar__lt=fecha).values_list(
        "pk", flat=True
    ):
        with transaction.atomic():
            exoneracion = Exoneracion.objects.select_for_update().get(pk=pk)
            if exoneracion.estado != Estado.COMPLETAR:
                continue
            cambiar_auditado(
                exoneracion,
                actor=None,
                accion="reserva.exoneracion.desistida",
                estado=Estado.DESISTIDA,
                fecha_decision=exoneracion.vence_completar,
                motivo_decision=(
                    "Desistimiento tácito: no se completó la solicitud dentro del mes siguiente al requerimiento "
                    f"del {fecha_larga(exoneracion.completar_desde)} (Ley 1437, art. 17)."
                ),
            )
            acto = procedimiento.expedir(
                actor=None, tipo=procedimiento.DESISTIMIENTO, objeto=exoneracion, nit=exoneracion.usuario_nit,
                nombre=procedimiento.nombre_usuario(exoneracion.usuario_nit),
                numero=f"solicitud n.º {exoneracion.pk}",
            )
            Exoneracion.objects.filter(pk=exoneracion.pk).update(acto=acto)
            exoneracion.acto = acto
            desistidas.append(exoneracion)
    return desistidas


def _firmante(firmante) -> str:
    """Art. 16: the Director General, or the Secretary General under the delegation recorded."""
    if firmante is None:
        return ""
    texto = f"{firmante.nombre}, {Cargo(firmante.cargo).label}" if firmante.nombre else Cargo(firmante.cargo).label
    if firmante.delegacion is not None:
        texto += f", por delegación ({firmante.delegacion.acto})"
    return texto[:200]


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
        f"({exoneracion.get_mercancia_display().lower()}) "
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
            "mercancia": exoneracion.mercancia,
            "puerto_origen": exoneracion.puerto_origen,
            "puerto_destino": exoneracion.puerto_destino,
            "embarcar_antes_de": exoneracion.embarcar_antes_de.isoformat(),
            "codigo_verificacion": exoneracion.codigo_verificacion,
        }
        capitania_avisar(
            capitania=capitania,
            tipo=AvisoCapitania.Tipo.EXONERACION,
            referencia=referencia(exoneracion),
            detalle=detalle,
            exoneracion=exoneracion,
            mensaje=(
                "reserva.exoneracion_concedida",
                f"reserva-exoneracion-{exoneracion.pk}-{capitania.codigo}",
                payload,
            ),
            alerta=TipoAlertaReserva.EXONERACION_CONCEDIDA,
            vence=exoneracion.embarcar_antes_de,
            fecha=exoneracion.fecha_decision,
        )


def decision_valida(decision: str) -> None:
    if decision not in DecisionExoneracion.Decision.values:
        raise DatosInvalidos({"decision": f"Use una de: {', '.join(DecisionExoneracion.Decision.values)}."})
