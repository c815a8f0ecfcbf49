"""Applications for a cupo and their documents (R-03, R-04).

An analyst manages every application; a `beneficiario` user radicates and uploads only for its
own beneficiary (cupos.access.require_gestor). The reads live in cupos.selectors.solicitudes.
"""

import datetime as dt
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.archivos.documentos import errores_documento, nombre_original, nombre_seguro
from core.auditoria.audit import audit_record, snapshot
from core.comun.errors import ApplicationError, DatosInvalidos, unico
from core.comun.fechas import fecha_larga
from core.comun.galones import galones
from core.identidad.access import require_role
from core.vencimientos import calendario
from core.vencimientos.calendario import add_business_days, today
from cupos import requisitos
from cupos.access import ESCRITORES, es_beneficiario, require_gestor
from cupos.errors import ErrorCupos
from cupos.models import Beneficiario, DocumentoSolicitud, Solicitud
from cupos.requisitos import MARCA_NO_ATUNERA
from cupos.selectors.solicitudes import solicitud_checklist, solicitud_es_atunera
from cupos.services.condiciones import exigir_permiso_cultivo
from cupos.services.continuidad import cupo_continuation_settle

MAX_BYTES_POR_DEFECTO = 10 * 1024 * 1024
GALONES_MAXIMOS = Decimal("999999999999.99")  # max_digits=14, decimal_places=2



# --- Writes -----------------------------------------------------------------------------------


@transaction.atomic
def solicitud_radicar(
    *,
    actor,
    beneficiario: Beneficiario,
    anio: int,
    galones_solicitados,
    fecha_radicacion: dt.date,
    fecha_limite: dt.date | None = None,
    atunera: bool | None = None,
    documentos: list[dict] | tuple = (),
) -> Solicitud:
    """R-03/R-04: file a year's application. Late when radicated after UPME's deadline.

    `atunera` only matters for a foreign vessel: False records that the CIAT registration does
    not apply; True or None (not declared) keep it required. `documentos` (API.md «Applications»):
    the required documents the applicant reports by reference, each {"tipo","referencia","expedido"?},
    recorded with the application or not at all.
    """
    require_gestor(actor, beneficiario.id)
    hoy = today()
    por_beneficiario = es_beneficiario(actor)
    errores: dict[str, str] = {}
    if fecha_radicacion > hoy:
        errores["fecha_radicacion"] = f"La fecha de radicación {fecha_larga(fecha_radicacion)} es posterior a hoy."
    elif por_beneficiario and fecha_radicacion != hoy:
        errores["fecha_radicacion"] = "Su solicitud se radica con la fecha de hoy."
    if por_beneficiario and fecha_limite is not None:
        errores["fecha_limite"] = "El plazo para entregar la información lo fija la UPME."
    if not fecha_radicacion.year <= anio <= fecha_radicacion.year + 1:
        errores["anio"] = (
            f"Una solicitud radicada en {fecha_radicacion.year} es para el año "
            f"{fecha_radicacion.year} o {fecha_radicacion.year + 1}."
        )
    try:
        cantidad = galones(galones_solicitados)
    except ValueError as exc:
        errores["galones_solicitados"] = str(exc)
    else:
        if cantidad <= 0:
            errores["galones_solicitados"] = "Los galones solicitados deben ser mayores que cero."
        elif cantidad > GALONES_MAXIMOS:
            errores["galones_solicitados"] = "La cantidad de galones es demasiado grande."
    errores.update(_errores_documentos(beneficiario, documentos, fecha_radicacion))
    if errores:
        raise DatosInvalidos(errores)
    duplicada = ApplicationError(
        ErrorCupos.SOLICITUD_DUPLICADA, f"{beneficiario.nombre} ya tiene una solicitud radicada para {anio}."
    )
    if Solicitud.objects.filter(beneficiario=beneficiario, anio=anio).exists():
        raise duplicada
    # R-27 (D1891 num. 1): «permiso de cultivo vigente» on the application's date.
    exigir_permiso_cultivo(beneficiario=beneficiario, fecha=fecha_radicacion, momento="la radicación de la solicitud")
    with unico(duplicada):
        solicitud = Solicitud.objects.create(
            beneficiario=beneficiario, anio=anio, galones_solicitados=cantidad, fecha_radicacion=fecha_radicacion,
            fecha_limite=fecha_limite, extemporanea=_extemporanea(fecha_radicacion, fecha_limite), creada_por=actor,
        )
    if beneficiario.tipo == Beneficiario.Tipo.NAVE_EXTRANJERA and atunera is False:
        _marcar_no_atunera(solicitud, actor)
    for documento in documentos:
        DocumentoSolicitud.objects.create(
            solicitud=solicitud, requisito=documento["tipo"], referencia=documento["referencia"].strip(),
            fecha_expedicion=documento.get("expedido"), nombre_original="", cargado_por=actor,
        )
    despues = snapshot(solicitud)
    if documentos:
        despues["documentos"] = [
            {"tipo": d["tipo"], "referencia": d["referencia"].strip(), "expedido": str(d.get("expedido") or "")}
            for d in documentos
        ]
    if beneficiario.tipo == Beneficiario.Tipo.NAVE_EXTRANJERA:
        despues["atunera"] = atunera
    audit_record(actor=actor, accion="solicitud.radicar", obj=solicitud, despues=despues)
    cupo_continuation_settle(actor=actor, solicitud=solicitud)  # a late one loses the continuation
    return solicitud


def documento_cargar(
    *, actor, solicitud: Solicitud, requisito: str, archivo, fecha_expedicion: dt.date | None = None
) -> DocumentoSolicitud:
    """R-03: upload (or replace) the document for one required item.

    Only PDF, PNG or JPEG whose content matches the extension, up to CUPOS_DOCUMENTO_MAX_BYTES.
    A replaced file stays in storage; the audit row keeps its name before and the new one after.
    A refused upload writes nothing.
    """
    require_gestor(actor, solicitud.beneficiario_id)
    req = requisitos.requisito(solicitud.beneficiario.tipo, requisito)
    if req is None:
        tipo = solicitud.beneficiario.get_tipo_display().lower()
        raise DatosInvalidos({"requisito": f"Ese documento no es un requisito para {tipo} (R-03)."})
    errores = errores_documento(archivo, limite=limite_bytes())
    if req.pide_fecha_expedicion and fecha_expedicion is None:
        errores["fecha_expedicion"] = "Indique la fecha de expedición del documento."
    elif fecha_expedicion is not None and fecha_expedicion > today():
        errores["fecha_expedicion"] = "La fecha de expedición no puede ser posterior a hoy."
    if errores:
        raise DatosInvalidos(errores)
    with transaction.atomic():
        solicitud = _bloquear_abierta(solicitud)
        documento = DocumentoSolicitud.objects.filter(solicitud=solicitud, requisito=req.codigo).first()
        antes = snapshot(documento)
        if documento is None:
            documento = DocumentoSolicitud(solicitud=solicitud, requisito=req.codigo)
        else:
            documento.cargado = timezone.now()
        documento.nombre_original = nombre_original(archivo)
        documento.fecha_expedicion = fecha_expedicion
        documento.cargado_por = actor
        archivo.seek(0)
        try:
            documento.archivo.save(nombre_seguro(archivo.name), archivo, save=False)
        except OSError as exc:
            raise ApplicationError(
                ErrorCupos.ARCHIVO_NO_GUARDADO,
                "No se pudo guardar el archivo. Intente de nuevo en unos minutos.",
                status_code=503,
            ) from exc
        try:
            documento.save()
            accion = "solicitud.documento_reemplazar" if antes else "solicitud.documento_cargar"
            audit_record(actor=actor, accion=accion, obj=documento, antes=antes)
        except Exception:
            # The database rolls back; the new file would stay behind, so remove it.
            documento.archivo.storage.delete(documento.archivo.name)
            raise
    return documento


def solicitud_cambiar_estado(*, actor, solicitud: Solicitud, estado: str, observaciones: str = "") -> Solicitud:
    """STYLE habit 6: radicada → en_revision → aprobada | rechazada, nothing else.

    R-03: an application missing a required item cannot be approved. R-04: nor a late one
    without a justified cause.
    """
    require_role(actor, *ESCRITORES)
    if estado not in Solicitud.Estado.values:
        raise DatosInvalidos({"estado": f"«{estado}» no es un estado de solicitud."})
    observaciones = (observaciones or "").strip()
    with transaction.atomic():
        solicitud = (
            Solicitud.objects.select_for_update(of=("self",)).select_related("beneficiario").get(pk=solicitud.pk)
        )
        if estado not in Solicitud.TRANSICIONES[solicitud.estado]:
            raise ApplicationError(
                ErrorCupos.TRANSICION_INVALIDA,
                f"Una solicitud en estado «{solicitud.get_estado_display()}» no puede pasar a "
                f"«{Solicitud.Estado(estado).label}».",
            )
        if estado == Solicitud.Estado.APROBADA:
            faltan = [item for item in solicitud_checklist(solicitud) if not item.cumple]
            if faltan:
                raise ApplicationError(
                    ErrorCupos.SOLICITUD_INCOMPLETA,
                    "No se puede aprobar: faltan requisitos (R-03): "
                    + "; ".join(f"{i.requisito.etiqueta} ({i.motivo.rstrip('.')})" for i in faltan)
                    + ".",
                    extra={"faltantes": [i.requisito.codigo for i in faltan]},
                )
            if solicitud.pierde_derecho:
                raise ApplicationError(
                    ErrorCupos.INFORMACION_EXTEMPORANEA,
                    "No se puede aprobar: la información se entregó fuera de plazo y no hay causa "
                    "justificada registrada (R-04).",
                )
        if estado == Solicitud.Estado.RECHAZADA and not observaciones:
            raise DatosInvalidos({"observaciones": "Indique el motivo del rechazo."})
        antes = snapshot(solicitud)
        solicitud.estado = estado
        if observaciones:
            nota = f"[{fecha_larga(today())} · {Solicitud.Estado(estado).label}] {observaciones}"
            solicitud.observaciones = f"{solicitud.observaciones}\n{nota}".strip()
        if estado == Solicitud.Estado.RECHAZADA:  # DOMAIN §8: a refusal is an act, notified with its recursos
            from cupos.services.procedimiento import rechazo_expedir

            solicitud.acto_id = rechazo_expedir(actor=actor, solicitud=solicitud)
        solicitud.save(update_fields=["estado", "observaciones", "acto"])
        audit_record(actor=actor, accion="solicitud.estado", obj=solicitud, antes=antes)
        if estado != Solicitud.Estado.RECHAZADA:  # R-09, P-05: a refusal ends the continuation once firm
            cupo_continuation_settle(actor=actor, solicitud=solicitud)
    return solicitud


def solicitud_registrar_causa_justificada(*, actor, solicitud: Solicitud, causa: str) -> Solicitud:
    """R-04: UPME records why late information is excused, so the year's cupo can still be set."""
    require_role(actor, *ESCRITORES)
    causa = (causa or "").strip()
    if not causa:
        raise DatosInvalidos({"causa": "Describa la causa justificada."})
    with transaction.atomic():
        solicitud = _bloquear_abierta(solicitud)
        if not solicitud.extemporanea:
            raise ApplicationError(
                ErrorCupos.SOLICITUD_EN_PLAZO,
                "La solicitud se radicó dentro del plazo: no necesita causa justificada.",
            )
        antes = snapshot(solicitud)
        solicitud.causa_justificada = causa
        solicitud.save(update_fields=["causa_justificada"])
        audit_record(actor=actor, accion="solicitud.causa_justificada", obj=solicitud, antes=antes)
        cupo_continuation_settle(actor=actor, solicitud=solicitud)  # the right, and the continuation, back
    return solicitud


def solicitud_fijar_plazo(*, actor, solicitud: Solicitud, fecha_limite: dt.date | None) -> Solicitud:
    """R-04: the deadline UPME set for the year; lateness is recomputed from it."""
    require_role(actor, *ESCRITORES)
    with transaction.atomic():
        solicitud = _bloquear_abierta(solicitud)
        antes = snapshot(solicitud)
        solicitud.fecha_limite = fecha_limite
        solicitud.extemporanea = _extemporanea(solicitud.fecha_radicacion, fecha_limite)
        solicitud.save(update_fields=["fecha_limite", "extemporanea"])
        audit_record(actor=actor, accion="solicitud.plazo", obj=solicitud, antes=antes)
        cupo_continuation_settle(actor=actor, solicitud=solicitud)  # R-09 with R-04
    return solicitud


def solicitud_declarar_atunera(*, actor, solicitud: Solicitud, atunera: bool) -> Solicitud:
    """R-03: whether the foreign vessel is a tuna vessel, i.e. whether the CIAT registration applies."""
    require_gestor(actor, solicitud.beneficiario_id)
    if solicitud.beneficiario.tipo != Beneficiario.Tipo.NAVE_EXTRANJERA:
        raise DatosInvalidos({"atunera": "Solo aplica a naves de bandera extranjera."})
    with transaction.atomic():
        solicitud = _bloquear_abierta(solicitud)
        antes = solicitud_es_atunera(solicitud)
        if atunera:
            DocumentoSolicitud.objects.filter(solicitud=solicitud, requisito=MARCA_NO_ATUNERA).delete()
        elif antes:
            _marcar_no_atunera(solicitud, actor)
        audit_record(
            actor=actor,
            accion="solicitud.atunera",
            obj=solicitud,
            antes={"atunera": antes},
            despues={"atunera": bool(atunera)},
        )
    return solicitud


def solicitud_aprobar(*, actor, solicitud: Solicitud, fecha: dt.date) -> Solicitud:
    """API.md «Applications»: approve on `fecha` (a radicada application is reviewed and approved at once, or
    neither): R-03 refuses it while a required document is missing (409 solicitud_incompleta naming them), R-04
    while it is late without a justified cause."""
    require_role(actor, *ESCRITORES)
    _exigir_fecha_de_decision(solicitud, fecha)
    with transaction.atomic():
        if solicitud.estado == Solicitud.Estado.RADICADA:
            solicitud = solicitud_cambiar_estado(actor=actor, solicitud=solicitud, estado=Solicitud.Estado.EN_REVISION)
        return solicitud_cambiar_estado(
            actor=actor, solicitud=solicitud, estado=Solicitud.Estado.APROBADA,
            observaciones=f"Aprobada el {fecha_larga(fecha)}." if fecha != today() else "",
        )


def solicitud_rechazar(*, actor, solicitud: Solicitud, fecha: dt.date, motivo: str) -> Solicitud:
    """API.md «Applications»: refuse on `fecha` with its grounds. The refusal is an act of UPME (DOMAIN §8), issued
    today and notified to the applicant with its recursos; its id is `solicitud.acto_id`."""
    require_role(actor, *ESCRITORES)
    motivo = (motivo or "").strip()
    if not motivo:
        raise DatosInvalidos({"motivo": "Indique el motivo del rechazo."})
    _exigir_fecha_de_decision(solicitud, fecha)
    if fecha != today():
        motivo = f"{motivo} (decidido el {fecha_larga(fecha)})"
    return solicitud_cambiar_estado(
        actor=actor, solicitud=solicitud, estado=Solicitud.Estado.RECHAZADA, observaciones=motivo
    )


# --- Helpers ----------------------------------------------------------------------------------


def _exigir_fecha_de_decision(solicitud: Solicitud, fecha: dt.date) -> None:
    """P-05: a decision is never dated after today nor before the filing it decides."""
    if fecha > today():
        raise DatosInvalidos({"fecha": f"La fecha {fecha_larga(fecha)} es posterior a hoy."})
    if fecha < solicitud.fecha_radicacion:
        raise DatosInvalidos({
            "fecha": f"La fecha {fecha_larga(fecha)} es anterior a la radicación de la solicitud "
                     f"({fecha_larga(solicitud.fecha_radicacion)})."
        })


def _errores_documentos(beneficiario: Beneficiario, documentos, fecha_radicacion: dt.date) -> dict[str, str]:
    """R-03: each reported document is one of this kind's requirements, once, with its reference, and with its
    issue date when its validity counts (the Cámara de Comercio); the date is never after the filing."""
    problemas = []
    vistos = set()
    tipo_display = beneficiario.get_tipo_display().lower()
    for documento in documentos:
        codigo = documento["tipo"]
        req = requisitos.requisito(beneficiario.tipo, codigo)
        if req is None:
            problemas.append(f"«{codigo}» no es un documento requerido para {tipo_display} (R-03).")
            continue
        if codigo in vistos:
            problemas.append(f"El documento «{req.etiqueta}» se informa dos veces.")
        vistos.add(codigo)
        if not (documento.get("referencia") or "").strip():
            problemas.append(f"Indique la referencia del documento «{req.etiqueta}».")
        expedido = documento.get("expedido")
        if req.pide_fecha_expedicion and expedido is None:
            problemas.append(f"Indique la fecha de expedición del documento «{req.etiqueta}».")
        elif expedido is not None and expedido > fecha_radicacion:
            problemas.append(f"El documento «{req.etiqueta}» no puede expedirse después de la radicación.")
    return {"documentos": " ".join(problemas)} if problemas else {}


def _extemporanea(fecha_radicacion: dt.date, fecha_limite: dt.date | None) -> bool:
    """R-04: late when radicated after the deadline UPME set (no deadline, never late)."""
    return fecha_limite is not None and fecha_radicacion > fecha_limite


def _marcar_no_atunera(solicitud: Solicitud, actor) -> None:
    # A file-less row: no model field exists for this yet (see MARCA_NO_ATUNERA).
    DocumentoSolicitud.objects.get_or_create(
        solicitud=solicitud,
        requisito=MARCA_NO_ATUNERA,
        defaults={"nombre_original": "Declaración: la nave no es atunera", "cargado_por": actor},
    )


def _bloquear_abierta(solicitud: Solicitud) -> Solicitud:
    """Lock the application row; decided applications (aprobada, rechazada) no longer change."""
    solicitud = Solicitud.objects.select_for_update(of=("self",)).select_related("beneficiario").get(pk=solicitud.pk)
    if not Solicitud.TRANSICIONES[solicitud.estado]:
        raise ApplicationError(
            ErrorCupos.SOLICITUD_CERRADA,
            f"La solicitud está {solicitud.get_estado_display().lower()}: ya no admite cambios.",
        )
    return solicitud


def limite_bytes() -> int:
    return getattr(settings, "CUPOS_DOCUMENTO_MAX_BYTES", MAX_BYTES_POR_DEFECTO)




# --- P-06: an incomplete application (Ley 1437, art. 17) -----------------------------------------------------------

DIAS_PARA_REQUERIR = 10  # business days from the filing


def _mas_un_mes(fecha: dt.date) -> dt.date:
    import calendar

    anio, mes = (fecha.year + 1, 1) if fecha.month == 12 else (fecha.year, fecha.month + 1)
    return dt.date(anio, mes, min(fecha.day, calendar.monthrange(anio, mes)[1]))


def _faltantes(solicitud: Solicitud) -> list:
    return [i for i in solicitud_checklist(solicitud) if not i.cumple]


def solicitud_requerir(*, actor, solicitud: Solicitud, requerimiento: str = "") -> Solicitud:
    """P-06: UPME asks the applicant, today and within 10 business days of the filing, for what its application
    lacks (by default, the missing items of R-03's checklist); it has one month to complete it. The applicant is
    told. Once per application."""
    require_role(actor, *ESCRITORES)
    hoy = calendario.today()
    with transaction.atomic():
        solicitud = _bloquear_abierta(solicitud)
        if solicitud.requerida_el is not None:
            raise ApplicationError(
                ErrorCupos.TRANSICION_INVALIDA,
                f"Ya se requirió completar esta solicitud el {fecha_larga(solicitud.requerida_el)}.",
            )
        limite = add_business_days(solicitud.fecha_radicacion, DIAS_PARA_REQUERIR)
        if hoy > limite:
            raise ApplicationError(
                ErrorCupos.REQUERIMIENTO_EXTEMPORANEO,
                f"La solicitud se radicó el {fecha_larga(solicitud.fecha_radicacion)}: completarla se podía pedir "
                f"hasta el {fecha_larga(limite)} (10 días hábiles, Ley 1437, art. 17). Decídala con lo que tiene.",
            )
        texto = (requerimiento or "").strip() or "; ".join(
            f"{i.requisito.etiqueta} ({i.motivo.rstrip('.')})" for i in _faltantes(solicitud)
        )
        if not texto:
            raise DatosInvalidos({"requerimiento": "La solicitud tiene todos sus requisitos: no hay qué requerir."})
        antes = snapshot(solicitud)
        solicitud.requerida_el, solicitud.requerimiento = hoy, texto[:4000]
        solicitud.vence_requerimiento = _mas_un_mes(hoy)
        solicitud.save(update_fields=["requerida_el", "requerimiento", "vence_requerimiento"])
        audit_record(actor=actor, accion="solicitud.requerir", obj=solicitud, antes=antes)
        _avisar_requerimiento(solicitud)
    return solicitud


def _avisar_requerimiento(solicitud: Solicitud) -> None:
    """The applicant is told what is missing and until when (e-mail and SMS, through the outbox)."""
    from core.mensajes import avisos
    from core.mensajes.outbox import outbox_enqueue

    correo, celular = avisos.contacto(solicitud.beneficiario)
    if not (correo or celular):
        return
    vence = fecha_larga(solicitud.vence_requerimiento)
    resumen = (f"La UPME requiere completar la solicitud de cupo de {solicitud.anio} de {solicitud.beneficiario.nombre}"
               f" a más tardar el {vence}; sin respuesta, se entiende desistida (Ley 1437 de 2011, art. 17).")
    texto = "\n".join([
        f"Señores {solicitud.beneficiario.nombre}:", "", resumen, "", f"- Se requiere: {solicitud.requerimiento}",
        "- Puede pedir una prórroga del plazo, una sola vez, por un mes más.", "", avisos.PIE,
    ])
    clave = f"aviso:requerimiento:{solicitud.pk}:{solicitud.vence_requerimiento}"
    outbox_enqueue(tipo=avisos.TIPO_MENSAJE, clave=clave,
                   payload={"correo": correo, "celular": celular, "texto": texto, "sms": f"UPME: {resumen}",
                            "asunto": "[Portal de cupos UPME] Su solicitud de cupo está incompleta",
                            "acto": f"solicitud:{solicitud.pk}"})


def solicitud_prorrogar(*, actor, solicitud: Solicitud) -> Solicitud:
    """P-06: on the applicant's request (or UPME recording it), the month to complete is extended once by as much,
    while it runs."""
    require_gestor(actor, solicitud.beneficiario_id)
    hoy = calendario.today()
    with transaction.atomic():
        solicitud = _bloquear_abierta(solicitud)
        if solicitud.vence_requerimiento is None:
            raise ApplicationError(ErrorCupos.TRANSICION_INVALIDA, "No se ha requerido completar esta solicitud.")
        if solicitud.prorrogada:
            raise ApplicationError(
                ErrorCupos.PRORROGA_AGOTADA,
                f"El plazo ya se prorrogó una vez: vence el {fecha_larga(solicitud.vence_requerimiento)}.",
            )
        if hoy > solicitud.vence_requerimiento:
            raise ApplicationError(
                ErrorCupos.TRANSICION_INVALIDA,
                f"El plazo venció el {fecha_larga(solicitud.vence_requerimiento)}: la prórroga se pide antes.",
            )
        antes = snapshot(solicitud)
        solicitud.vence_requerimiento, solicitud.prorrogada = _mas_un_mes(solicitud.vence_requerimiento), True
        solicitud.save(update_fields=["vence_requerimiento", "prorrogada"])
        audit_record(actor=actor, accion="solicitud.prorrogar", obj=solicitud, antes=antes)
        _avisar_requerimiento(solicitud)
    return solicitud


def solicitudes_desistir(*, hoy: dt.date | None = None) -> int:
    """P-06, each day: an application asked to be completed and still incomplete when its term ran out ends
    withdrawn, by a motivated act of UPME notified to the applicant, against which only reposición proceeds. One
    transaction per application. How many."""
    from cupos.services.procedimiento import desistimiento_expedir

    hoy = hoy or calendario.today()
    vencidas = Solicitud.objects.filter(
        estado__in=[Solicitud.Estado.RADICADA, Solicitud.Estado.EN_REVISION], vence_requerimiento__lt=hoy
    ).values_list("pk", flat=True)
    desistidas = 0
    for pk in list(vencidas):
        with transaction.atomic():
            solicitud = Solicitud.objects.select_for_update().select_related("beneficiario").filter(pk=pk).first()
            if solicitud is None or solicitud.estado not in (Solicitud.Estado.RADICADA, Solicitud.Estado.EN_REVISION):
                continue
            if not _faltantes(solicitud):
                continue  # completed in time: UPME decides it
            antes = snapshot(solicitud)
            solicitud.estado = Solicitud.Estado.DESISTIDA
            nota = (f"[{fecha_larga(hoy)} · Desistida] No completó lo requerido el "
                    f"{fecha_larga(solicitud.requerida_el)} ({solicitud.requerimiento}) dentro del plazo, que venció "
                    f"el {fecha_larga(solicitud.vence_requerimiento)} (Ley 1437, art. 17).")
            solicitud.observaciones = f"{solicitud.observaciones}\n{nota}".strip()
            solicitud.acto_id = desistimiento_expedir(solicitud=solicitud)
            solicitud.save(update_fields=["estado", "observaciones", "acto"])
            audit_record(actor=None, accion="solicitud.desistida", obj=solicitud, antes=antes)
            desistidas += 1
    return desistidas
