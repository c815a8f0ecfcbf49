"""The procedure's writes (DOMAIN §8): issuing an act with its persons concerned, their notifications (P-01),
waivers and recursos (P-03), and the decision on a recurso, itself an act. Every date is checked against the act
(P-05: never before it, never in the future), the firmeza of each person is recomputed at each step (P-04), and
each write is audited and atomic."""

from __future__ import annotations

import calendar
import datetime as dt
from collections.abc import Iterable

from django.db import transaction

from core import registro
from core.actos import access, firmeza, notificacion
from core.actos.models import Acto, Autoridad, Interesado, Recurso, TipoRecurso
from core.actos.procedimiento import _decision_notificada, procedentes, recalcular
from core.archivos.documentos import errores_documento, nombre_seguro
from core.auditoria.audit import audit_record
from core.comun.errors import ApplicationError, DatosInvalidos, ErrorCore, NoEncontrado, PermisoDenegado
from core.comun.fechas import fecha_larga
from core.identidad.access import require_role
from core.vencimientos import calendario

TIPO_DECISION = "decision_recurso"
MOTIVOS_MAX = 20_000


def acto_expedir(
    *,
    actor,
    tipo: str,
    referencia: str,
    autoridad: str,
    interesados: Iterable[dict],
    numero: str = "",
    firmante: str = "",
    transcrito: bool = False,
    fecha_expedicion: dt.date | None = None,
    soporte: str = "",
    recurso_decidido: Recurso | None = None,
) -> Acto:
    """Record an act and the persons it concerns (`interesados`: dicts with nombre, beneficiario_id or nit,
    referencia, acepta_electronica, and correo / celular for the electronic notification, P-01). Called by the
    service that issues the act, inside its transaction: an act issued here carries today's date; a transcribed
    paper act keeps its own past date and its support. An act against which no recurso would be stated is not
    issued (P-02, art. 72). Whoever accepted electronic notification gets its message in the same transaction."""
    hoy = calendario.today()
    interesados = list(interesados)
    if transcrito:
        if fecha_expedicion is None or fecha_expedicion > hoy:
            raise DatosInvalidos(
                {"fecha_expedicion": "Un acto transcrito lleva su fecha de expedición, que no es futura."}
            )
        if not soporte.strip():
            raise DatosInvalidos({"soporte": "Un acto transcrito lleva el soporte del acto en papel."})
    else:
        fecha_expedicion = hoy  # P-05: the day it is issued and signed, never typed
    acto = Acto(
        tipo=tipo, referencia=str(referencia)[:120], numero=numero[:60], autoridad=autoridad,
        fecha_expedicion=fecha_expedicion, transcrito=transcrito, soporte=soporte[:300], firmante=firmante[:200],
        recurso_decidido=recurso_decidido, expedido_por=actor if getattr(actor, "pk", None) else None,
    )
    if recurso_decidido is None and not procedentes(acto):
        raise ApplicationError(
            ErrorCore.SIN_RECURSOS,
            f"No se puede expedir: la tabla de recursos no dice qué recursos proceden contra los actos de "
            f"{Autoridad(autoridad).label} (P-02). Complétela en la administración antes de expedir.",
        )
    acto.save()
    filas = _agregar(acto, interesados)
    audit_record(actor=actor if getattr(actor, "pk", None) else None, accion="acto.expedir", obj=acto,
                 despues={"tipo": tipo, "referencia": acto.referencia, "interesados": len(filas),
                          "transcrito": transcrito})
    return acto


def _agregar(acto: Acto, interesados: list[dict]) -> list[Interesado]:
    filas = [
        Interesado(
            acto=acto, nombre=str(i["nombre"])[:200], beneficiario_id=i.get("beneficiario_id"),
            nit=str(i.get("nit") or "")[:20], referencia=str(i.get("referencia") or "")[:120],
            acepta_electronica=bool(i.get("acepta_electronica")),
        )
        for i in interesados
    ]
    Interesado.objects.bulk_create(filas, batch_size=2000)
    notificacion.encolar([
        (fila, str(d.get("correo") or "").strip(), str(d.get("celular") or "").strip())
        for fila, d in zip(filas, interesados, strict=True) if fila.acepta_electronica
    ])
    return filas


def interesados_agregar(*, acto: Acto, interesados: Iterable[dict]) -> list[Interesado]:
    """More persons concerned by an act already issued (a resolution whose cupos are granted one at a time,
    API.md `POST cupos/`), each notified as `acto_expedir` notifies. Inside the caller's transaction."""
    return _agregar(acto, list(interesados))


def exigir_firmeza(interesado_id: int | None, fecha: dt.date) -> None:
    """R-06 / P-04: an act is made firm for a person only on or after the day the procedure gives. 409
    recurso_en_tramite while a recurso is pending (art. 79), 409 firmeza_anticipada before that day, saying why
    and, when known, from when. A thing decided before the procedure existed (no `interesado`) is not checked."""
    if interesado_id is None:
        return
    persona = Interesado.objects.select_related("acto").get(pk=interesado_id)
    if persona.acto.previo:
        return
    if persona.recursos.filter(estado=Recurso.Estado.EN_TRAMITE).exists():
        raise ApplicationError(
            ErrorCore.RECURSO_EN_TRAMITE,
            f"{persona.nombre} presentó un recurso contra el acto que está en trámite: mientras no se decida y se "
            "notifique la decisión, el acto no produce efectos para ese interesado (Ley 1437, art. 79).",
        )
    desde = persona.en_firme_desde
    if desde is not None and fecha >= desde:
        return
    if persona.notificacion_fecha is None:
        por_que = (
            f"{persona.nombre} aún no ha sido notificado del acto: queda en firme el día siguiente al vencimiento "
            "del plazo para los recursos, que corre desde la notificación (Ley 1437, art. 87)."
        )
    elif desde is None:
        por_que = f"falta notificar a {persona.nombre} la decisión sobre su recurso (Ley 1437, art. 87)."
    elif persona.renuncia_fecha is not None and desde == persona.renuncia_fecha + dt.timedelta(days=1):
        por_que = (
            f"{persona.nombre} renunció a los recursos el {fecha_larga(persona.renuncia_fecha)}: el acto queda en "
            f"firme desde el {fecha_larga(desde)}."
        )
    elif persona.vence_recursos is not None:
        por_que = (
            f"{persona.nombre} fue notificado el {fecha_larga(persona.notificacion_fecha)} y el plazo para los "
            f"recursos corre hasta el {fecha_larga(persona.vence_recursos)}: el acto queda en firme desde el "
            f"{fecha_larga(desde)}."
        )
    else:
        por_que = f"el acto queda en firme para {persona.nombre} desde el {fecha_larga(desde)}."
    raise ApplicationError(
        ErrorCore.FIRMEZA_ANTICIPADA,
        f"No puede quedar en firme el {fecha_larga(fecha)}: {por_que}",
        extra={"en_firme_desde": desde.isoformat()} if desde else None,
    )


def _fecha_del_tramite(acto: Acto, fecha: dt.date, campo: str, que: str) -> None:
    """P-05: no date of the procedure precedes the act, nor is in the future."""
    if fecha < acto.fecha_expedicion:
        raise DatosInvalidos({campo: f"{que} no puede ser anterior al acto ({fecha_larga(acto.fecha_expedicion)})."})
    if fecha > calendario.today():
        raise DatosInvalidos({campo: f"{que} no puede ser futura: se registra cuando ocurre."})


def _bloquear(acto_id: int, interesado_id: int) -> Interesado:
    return Interesado.objects.select_for_update().select_related("acto").get(pk=interesado_id, acto_id=acto_id)


@transaction.atomic
def notificacion_registrar(*, actor, acto_id, interesado_id, medio: str, fecha: dt.date, soporte: str = ""):
    """P-01: a personal notification, or one by aviso (done at the end of the day after the aviso is delivered,
    art. 69), recorded by the authority's staff with its date and support; nobody is notified twice."""
    require_role(actor, *access.ESCRITORES)
    acto = access.acto_access(actor, acto_id)
    access.exigir_personal(actor, acto.autoridad, "registrar sus notificaciones")
    interesado = access.interesado_access(actor, acto, interesado_id)
    interesado = _bloquear(acto.pk, interesado.pk)
    if medio not in (Interesado.Medio.PERSONAL, Interesado.Medio.AVISO):
        raise DatosInvalidos({"medio": "Registre una notificación personal o por aviso; la electrónica la registra el "
                                       "portal cuando la persona abre el acto."})
    _fecha_del_tramite(acto, fecha, "fecha", "La fecha de la notificación")
    if interesado.notificacion_fecha is not None:
        raise ApplicationError(
            ErrorCore.YA_NOTIFICADO,
            f"{interesado.nombre} ya fue notificado el {fecha_larga(interesado.notificacion_fecha)} "
            f"({interesado.get_notificacion_medio_display().lower()}): nadie se notifica dos veces.",
        )
    surtida = fecha + dt.timedelta(days=1) if medio == Interesado.Medio.AVISO else fecha
    interesado.notificacion_medio, interesado.notificacion_fecha = medio, surtida
    interesado.notificacion_soporte = soporte[:300]
    interesado.save(update_fields=["notificacion_medio", "notificacion_fecha", "notificacion_soporte"])
    recalcular(interesado)
    _decision_notificada(acto)
    audit_record(actor=actor, accion="acto.notificar", obj=interesado,
                 despues={"medio": medio, "fecha": surtida.isoformat()})
    return interesado


def _por_conducta(interesado: Interesado, fecha: dt.date, conducta: str) -> None:
    """P-01 (art. 72): a person who files a recurso or shows in writing that it knows the act is notified by that
    conduct on that day. `conducta` says which, for the record's support."""
    if interesado.notificacion_fecha is None:
        interesado.notificacion_medio, interesado.notificacion_fecha = Interesado.Medio.CONDUCTA, fecha
        interesado.notificacion_soporte = f"Por conducta concluyente (Ley 1437 de 2011, art. 72): {conducta}"[:300]
        interesado.save(update_fields=["notificacion_medio", "notificacion_fecha", "notificacion_soporte"])


@transaction.atomic
def renuncia_registrar(*, actor, acto_id, interesado_id, fecha: dt.date, soporte: str):
    """P-04 (4): the person's written waiver of its recursos; the act is firm for it from the next day."""
    require_role(actor, *access.ESCRITORES)
    acto = access.acto_access(actor, acto_id)
    access.exigir_personal(actor, acto.autoridad, "registrar una renuncia a términos")
    interesado = _bloquear(acto.pk, access.interesado_access(actor, acto, interesado_id).pk)
    _fecha_del_tramite(acto, fecha, "fecha", "La fecha de la renuncia")
    if not soporte.strip():
        raise DatosInvalidos({"soporte": "La renuncia es escrita: adjunte o describa su soporte."})
    if interesado.recursos.filter(estado=Recurso.Estado.EN_TRAMITE).exists():
        raise ApplicationError(ErrorCore.RECURSO_EN_TRAMITE,
                               f"{interesado.nombre} tiene un recurso en trámite contra este acto: se decide primero.")
    _por_conducta(interesado, fecha, f"renuncia escrita a los recursos del {fecha_larga(fecha)}.")
    interesado.renuncia_fecha, interesado.renuncia_soporte = fecha, soporte[:300]
    interesado.save(update_fields=["renuncia_fecha", "renuncia_soporte"])
    recalcular(interesado)
    audit_record(actor=actor, accion="acto.renunciar", obj=interesado, despues={"fecha": fecha.isoformat()})
    return interesado


ESCANEO_MAX_BYTES = 20 * 1024 * 1024


@transaction.atomic
def escaneo_adjuntar(*, actor, acto_id, archivo) -> Acto:
    """R-05 / API.md «Acts»: the PDF or scan of a paper act transcribed with its own date, attached by the staff of
    the authority that issued it; `GET actos/{id}/pdf/` then answers it. An act issued in the portal has its own
    signed PDF and takes none. A second scan replaces the first (audited)."""
    require_role(actor, *access.ESCRITORES)
    acto = access.acto_access(actor, acto_id)
    access.exigir_personal(actor, acto.autoridad, "adjuntar el escaneo del acto")
    acto = Acto.objects.select_for_update().get(pk=acto.pk)
    if not acto.transcrito:
        raise DatosInvalidos({"archivo": "Solo un acto transcrito en papel lleva su escaneo: el portal firma el PDF "
                                         "de los actos que expide."})
    errores = errores_documento(archivo, limite=ESCANEO_MAX_BYTES)
    if not errores and not str(archivo.name or "").lower().endswith(".pdf"):
        errores = {"archivo": "Cargue el escaneo del acto en PDF."}
    if errores:
        raise DatosInvalidos(errores)
    antes = acto.escaneo.name or ""
    archivo.seek(0)
    acto.escaneo.save(nombre_seguro(archivo.name), archivo, save=False)
    try:
        acto.save(update_fields=["escaneo"])
        audit_record(actor=actor, accion="acto.escaneo", obj=acto, antes={"escaneo": antes},
                     despues={"escaneo": acto.escaneo.name})
    except BaseException:
        acto.escaneo.storage.delete(acto.escaneo.name)  # no file left behind by a row that is not written
        raise
    return acto


def _mas_meses(fecha: dt.date, meses: int) -> dt.date:
    mes = fecha.month - 1 + meses
    anio, mes = fecha.year + mes // 12, mes % 12 + 1
    return dt.date(anio, mes, min(fecha.day, calendar.monthrange(anio, mes)[1]))


@transaction.atomic
def recurso_presentar(*, actor, acto_id, interesado_id, tipo: str, fecha: dt.date, motivos: str, soporte: str = ""):
    """P-03: the person concerned (or the authority's staff, recording one filed on paper) files a recurso in
    writing, within the term, with its grounds. While it is pending the act has no effect on that person."""
    require_role(actor, *access.PRESENTAN_RECURSOS)
    acto = access.acto_access(actor, acto_id)
    interesado = access.interesado_access(actor, acto, interesado_id)
    if actor.rol in access.ESCRITORES and not access.es_personal(actor, acto.autoridad):
        raise PermisoDenegado(
            "Solo la persona interesada, o el personal de la autoridad que expidió el acto, presenta el recurso."
        )
    interesado = _bloquear(acto.pk, interesado.pk)
    if not (motivos or "").strip():
        raise DatosInvalidos({"motivos": "El recurso se presenta por escrito, con sus motivos (art. 77)."})
    if len(motivos) > MOTIVOS_MAX:
        raise DatosInvalidos({"motivos": f"Los motivos admiten hasta {MOTIVOS_MAX:,} caracteres.".replace(",", ".")})
    _fecha_del_tramite(acto, fecha, "fecha", "La fecha del recurso")
    validos = {f.recurso: f for f in procedentes(acto)}
    if tipo not in validos:
        que = ", ".join(f.get_recurso_display().lower() for f in validos.values()) or "ninguno"
        raise ApplicationError(
            ErrorCore.RECURSO_IMPROCEDENTE,
            f"Contra {acto} no procede el recurso de {TipoRecurso(tipo).label.lower()}; proceden: {que}.",
        )
    previo = acto.previo and interesado.efectos_aplicados is not None
    if previo or (interesado.en_firme_desde is not None and fecha >= interesado.en_firme_desde):
        # P-04: a firm act admits no recurso; a person recorded firm (or settled) before the procedure existed was
        # never notified in the portal, so the term below could not tell.
        desde = f" desde el {fecha_larga(interesado.en_firme_desde)}" if interesado.en_firme_desde else ""
        previo = " (registrado en firme antes de que el portal llevara el procedimiento)" if previo else ""
        raise ApplicationError(
            ErrorCore.RECURSO_EXTEMPORANEO,
            f"{acto}{previo} está en firme para {interesado.nombre}{desde}: ya no admite recursos, que se rechazan "
            "por extemporáneos (Ley 1437, arts. 78 y 87).",
        )
    if interesado.recursos.filter(tipo=tipo, estado=Recurso.Estado.DECIDIDO).exists():
        raise ApplicationError(
            ErrorCore.RECURSO_IMPROCEDENTE,
            f"{interesado.nombre} ya interpuso un recurso de {TipoRecurso(tipo).label.lower()} contra {acto} y fue "
            "decidido: la decisión no reabre ese recurso (P-03); lo que proceda se presenta contra la decisión.",
        )
    _por_conducta(interesado, fecha,
                  f"recurso de {TipoRecurso(tipo).label.lower()} interpuesto el {fecha_larga(fecha)}.")
    vence = firmeza.vence_recursos(interesado.notificacion_fecha, validos[tipo].plazo_dias_habiles)
    if vence is not None and fecha > vence:
        raise ApplicationError(
            ErrorCore.RECURSO_EXTEMPORANEO,
            f"El término para el recurso de {TipoRecurso(tipo).label.lower()} venció el {fecha_larga(vence)} "
            f"(notificado el {fecha_larga(interesado.notificacion_fecha)}, {validos[tipo].plazo_dias_habiles} días "
            "hábiles): se rechaza por extemporáneo (art. 78).",
        )
    if interesado.recursos.filter(tipo=tipo, estado=Recurso.Estado.EN_TRAMITE).exists():
        raise ApplicationError(ErrorCore.RECURSO_EN_TRAMITE,
                               f"{interesado.nombre} ya tiene en trámite un recurso de ese tipo contra este acto.")
    if interesado.renuncia_fecha is not None:
        raise ApplicationError(
            ErrorCore.RECURSO_IMPROCEDENTE,
            f"{interesado.nombre} renunció a los recursos el {fecha_larga(interesado.renuncia_fecha)}.",
        )
    recurso = Recurso.objects.create(
        interesado=interesado, tipo=tipo, fecha=fecha, motivos=motivos.strip(), soporte=soporte[:300],
        vence_decision=_mas_meses(fecha, 2), presentado_por=actor,
    )
    recalcular(interesado)
    audit_record(actor=actor, accion="acto.recurso_presentar", obj=recurso,
                 despues={"tipo": tipo, "fecha": fecha.isoformat(), "acto": acto.pk})
    return recurso


@transaction.atomic
def recurso_decidir(
    *, actor, recurso_id, sentido: str, motivacion: str, galones_anuales=None,
    transcrito: bool = False, fecha_expedicion: dt.date | None = None, soporte: str = "",
) -> Acto:
    """P-03: the authority decides by a motivated act (confirm, modify or revoke), itself an act notified like any
    other; the decided act is firm for the person from the day after that notification (P-04). A decision made
    before on paper is transcribed (API.md «Acts»: `transcrita`) with its own date, never before the recurso's
    filing (P-05), and its support."""
    require_role(actor, *access.ESCRITORES)
    recurso = Recurso.objects.select_for_update().select_related("interesado__acto").filter(pk=recurso_id).first()
    if recurso is None:
        raise NoEncontrado("No existe ese recurso o no está a su alcance.")
    acto = access.acto_access(actor, recurso.interesado.acto_id)
    procedente = {f.recurso: f for f in procedentes(acto)}.get(recurso.tipo)
    decide = procedente.decide if procedente else acto.autoridad
    access.exigir_personal(actor, decide, "decidir este recurso")
    if recurso.estado != Recurso.Estado.EN_TRAMITE:
        raise ApplicationError(ErrorCore.RECURSO_DECIDIDO, "Ese recurso ya fue decidido.")
    if not (motivacion or "").strip():
        raise DatosInvalidos({"motivacion": "La decisión es motivada: escriba sus razones."})
    if len(motivacion) > MOTIVOS_MAX:
        raise DatosInvalidos(
            {"motivacion": f"La motivación admite hasta {MOTIVOS_MAX:,} caracteres.".replace(",", ".")}
        )
    if sentido not in Recurso.Sentido.values:
        raise DatosInvalidos({"sentido": "Diga si la decisión confirma, modifica o revoca el acto."})
    if transcrito and fecha_expedicion is not None and fecha_expedicion < recurso.fecha:
        raise DatosInvalidos({
            "fecha_expedicion": f"La decisión del {fecha_larga(fecha_expedicion)} sería anterior a la presentación "
                                f"del recurso ({fecha_larga(recurso.fecha)})."
        })
    tipo = registro.tipo_acto(acto.tipo)
    if sentido != Recurso.Sentido.CONFIRMA:
        if tipo.decidir is None:
            raise DatosInvalidos({"sentido": f"{tipo.etiqueta}: la decisión solo puede confirmarlo."})
        tipo.decidir(acto, recurso.interesado, sentido, galones_anuales)
    recurso.estado, recurso.sentido, recurso.motivacion = Recurso.Estado.DECIDIDO, sentido, motivacion.strip()
    recurso.save(update_fields=["estado", "sentido", "motivacion"])
    persona = recurso.interesado
    correo, celular = notificacion.contacto(persona)
    decision = acto_expedir(
        actor=actor, tipo=TIPO_DECISION, referencia=f"recurso:{recurso.pk}", autoridad=decide,
        interesados=[{"nombre": persona.nombre, "beneficiario_id": persona.beneficiario_id, "nit": persona.nit,
                      "referencia": persona.referencia, "acepta_electronica": persona.acepta_electronica,
                      "correo": correo, "celular": celular}],
        recurso_decidido=recurso, transcrito=transcrito, fecha_expedicion=fecha_expedicion, soporte=soporte or "",
    )
    recalcular(persona)
    audit_record(actor=actor, accion="acto.recurso_decidir", obj=recurso,
                 despues={"sentido": sentido, "decision": decision.pk, "motivacion": motivacion.strip()[:2000]})
    return decision



def firmezas_aplicar(*, hoy: dt.date | None = None, lote: int = 500) -> dict:
    """P-04: the daily job. Every person for whom an act became firm by `hoy` gets the act's effects (its kind's
    `en_firme`, e.g. R-06's communication to Dimar), once, in one transaction per act; an act whose effect fails
    is left for the next run and the others go on. {"actos", "interesados", "fallidos"}."""
    import logging

    from django.utils import timezone

    hoy = hoy or calendario.today()
    pendientes = (
        Interesado.objects.filter(en_firme_desde__lte=hoy, efectos_aplicados__isnull=True)
        .values_list("acto_id", flat=True).distinct().order_by("acto_id")
    )
    actos = interesados = fallidos = 0
    for acto_id in list(pendientes[:lote]):
        try:
            with transaction.atomic():
                filas = list(
                    Interesado.objects.select_for_update(skip_locked=True).select_related("acto")
                    .filter(acto_id=acto_id, en_firme_desde__lte=hoy, efectos_aplicados__isnull=True)
                    .order_by("id")
                )
                if not filas:
                    continue
                tipo = registro.tipo_acto(filas[0].acto.tipo)
                if tipo.en_firme_lote is not None:
                    hechos = set(tipo.en_firme_lote(filas[0].acto, filas))
                    filas = [f for f in filas if f.pk in hechos]
                else:
                    for interesado in filas:
                        if tipo.en_firme is not None:
                            tipo.en_firme(interesado.acto, interesado, interesado.en_firme_desde)
                Interesado.objects.filter(pk__in=[f.pk for f in filas]).update(efectos_aplicados=timezone.now())
        except Exception:
            fallidos += 1
            logging.getLogger(__name__).exception("No se aplicaron los efectos de la firmeza del acto %s", acto_id)
            continue
        actos += 1
        interesados += len(filas)
    return {"actos": actos, "interesados": interesados, "fallidos": fallidos}
