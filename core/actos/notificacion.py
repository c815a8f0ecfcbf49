"""P-01, electronic notification (Ley 1437 de 2011, art. 56): a person concerned who accepted that means gets, on
issue, a message with a signed link to the act; the notification is done when the person opens the act, and the
portal records that moment. The message states the recursos that proceed, before whom and within what term (P-02).

The message is an outbox row (core.mensajes.outbox) queued in the act's transaction, delivered by e-mail and SMS as
the beneficiaries' notices are (core.mensajes.avisos.entregar). The link carries the person's row, signed
(django.core.signing), and is valid AVISO_ENLACE_DIAS days; after that an officer notifies in person or by aviso."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from core.actos.models import Interesado
from core.actos.procedimiento import _decision_notificada, procedentes, recalcular
from core.comun.fechas import fecha_larga

TIPO_MENSAJE = "notificacion_acto"
SAL = "core.actos.notificacion"


class EnlaceInvalido(Exception):
    """`args[0]` says, in Spanish, why the link does not open the act."""


def enlace(interesado: Interesado) -> str:
    token = signing.dumps(interesado.pk, salt=SAL, compress=True)
    return settings.PORTAL_URL_PUBLICA.rstrip("/") + reverse("acto-notificacion", args=[token])


def interesado_del_enlace(token: str) -> Interesado:
    try:
        pk = signing.loads(token, salt=SAL, max_age=dt.timedelta(days=settings.AVISO_ENLACE_DIAS))
    except signing.SignatureExpired as exc:
        raise EnlaceInvalido(
            f"El enlace venció: es válido durante {settings.AVISO_ENLACE_DIAS} días. La autoridad que expidió el acto "
            "lo notificará personalmente o por aviso."
        ) from exc
    except signing.BadSignature as exc:
        raise EnlaceInvalido("El enlace no es válido: está incompleto o fue alterado. Ábralo tal como llegó.") from exc
    interesado = Interesado.objects.select_related("acto").filter(pk=pk).first()
    if interesado is None:
        raise EnlaceInvalido("El acto de este enlace ya no existe en el portal.")
    return interesado


def recursos_texto(acto) -> str:
    """P-02, in the words of the notification: which recursos proceed, before whom, within what term."""
    filas = procedentes(acto)
    if not filas:
        return "Contra este acto no procede recurso alguno."
    partes = [
        f"el recurso de {f.get_recurso_display().lower()} ante {f.ante}, dentro de los {f.plazo_dias_habiles} días "
        f"hábiles siguientes a la notificación ({f.fundamento.split(':')[0]})"
        for f in filas
    ]
    return f"Contra este acto {'procede' if len(partes) == 1 else 'proceden'} " + "; y ".join(partes) + "."


def mensaje(interesado: Interesado, *, correo: str, celular: str) -> dict:
    acto = interesado.acto
    url = enlace(interesado)
    texto = "\n".join([
        f"Señores {interesado.nombre}:",
        "",
        f"{acto.get_autoridad_display()} expidió {acto}, que le concierne, el {fecha_larga(acto.fecha_expedicion)}.",
        "Usted aceptó ser notificado por medios electrónicos: la notificación queda surtida cuando abra el acto en "
        f"el siguiente enlace (válido por {settings.AVISO_ENLACE_DIAS} días): {url}",
        "",
        recursos_texto(acto),
        "",
        "Este mensaje lo envía automáticamente el Portal de Cupos de Combustible Exento (UPME).",
    ])
    return {
        "correo": correo, "celular": celular, "asunto": f"[Portal de cupos UPME] Notificación: {acto}", "texto": texto,
        "sms": f"UPME: tiene un acto por notificar ({acto}). Ábralo en {url}", "acto": f"acto:{acto.pk}",
    }


def contacto(interesado: Interesado) -> tuple[str, str]:
    """Where the person was told of an act electronically (its message's address and number), so the decision on
    its recurso reaches it the same way (P-03: «notified like any other»); empty when it was never sent one."""
    from core.models import MensajeSaliente

    mensaje = MensajeSaliente.objects.filter(tipo=TIPO_MENSAJE, clave=f"notificacion:{interesado.pk}").first()
    datos = mensaje.payload if mensaje is not None else {}
    return str(datos.get("correo") or ""), str(datos.get("celular") or "")


def encolar(interesados_con_contacto: list[tuple[Interesado, str, str]]) -> int:
    """Queue, in the act's transaction, one message per person that accepted electronic notification and has
    an address or a mobile number. How many were queued."""
    from core.mensajes.outbox import outbox_enqueue

    enviados = 0
    for interesado, correo, celular in interesados_con_contacto:
        if not (correo or celular):
            continue
        outbox_enqueue(tipo=TIPO_MENSAJE, clave=f"notificacion:{interesado.pk}",
                       payload=mensaje(interesado, correo=correo, celular=celular))
        enviados += 1
    return enviados


@transaction.atomic
def abrir(interesado: Interesado, *, ip: str | None = None) -> Interesado:
    """The person opened the act: the electronic notification is done now (art. 56), once."""
    from core.auditoria.audit import audit_record
    from core.vencimientos import calendario

    interesado = Interesado.objects.select_for_update().select_related("acto").get(pk=interesado.pk)
    if interesado.notificacion_fecha is not None:
        return interesado
    ahora = timezone.now()
    interesado.notificacion_medio = Interesado.Medio.ELECTRONICA
    interesado.notificacion_fecha = max(calendario.today(), interesado.acto.fecha_expedicion)
    interesado.notificacion_soporte = f"Abrió el acto en el portal el {timezone.localtime(ahora):%d/%m/%Y %H:%M}"
    interesado.save(update_fields=["notificacion_medio", "notificacion_fecha", "notificacion_soporte"])
    recalcular(interesado)
    _decision_notificada(interesado.acto)
    audit_record(actor=None, accion="acto.notificar", obj=interesado, ip=ip,
                 despues={"medio": "electronica", "momento": ahora.isoformat()})
    return interesado
