"""Notices to a beneficiary of every act in its name (a certificate, a sale, a refund, a cancellation),
and its answer "no fui yo".

The app that performs the act builds the text (what happened, the gallons, the capitanía, the date)
and calls `avisar` inside the act's transaction: the notice is an outbox row (core.mensajes.outbox), so it
commits with the act or not at all and a task delivers it later: by e-mail to the beneficiary's own
address and by SMS through settings.SMS_PASARELA (core.mensajes.sms). A beneficiary without contact data
gets no notice.

Every notice carries a signed link (django.core.signing, valid AVISO_ENLACE_DIAS days, no login)
to a page where the beneficiary reports that it did not do it. The link names the act as
"<clase>:<referencia>"; the app that owns the class registered how to describe it
(core.registro.registrar_acto_aviso). The report opens one alert (Alerta.Tipo.AVISO_NO_FUI_YO)
for Dimar and UPME, once per act however often it is reported.
"""

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.urls import reverse

from core import registro
from core.vencimientos.calendario import today

TIPO_MENSAJE = "aviso_beneficiario"
SAL_ENLACE = "core.mensajes.avisos.no_fui_yo"
PIE = "Este aviso lo envía automáticamente el Portal de Cupos de Combustible Exento (UPME)."


def portal() -> str:
    return settings.PORTAL_URL_PUBLICA.rstrip("/")


def enlace_no_fui_yo(acto: str) -> str:
    """The signed link for reporting `acto` ("<clase>:<referencia>")."""
    return f"{portal()}{reverse('no-fui-yo', args=[signing.dumps(acto, salt=SAL_ENLACE, compress=True)])}"


class EnlaceInvalido(Exception):
    """The link was altered or is past its validity; `args[0]` says which, in Spanish."""


def acto_del_enlace(token: str) -> str:
    try:
        return signing.loads(token, salt=SAL_ENLACE, max_age=dt.timedelta(days=settings.AVISO_ENLACE_DIAS))
    except signing.SignatureExpired as exc:
        raise EnlaceInvalido(
            f"El enlace venció: es válido durante {settings.AVISO_ENLACE_DIAS} días desde el aviso. "
            "Comuníquese con la UPME o con la Capitanía de Puerto para reportar el hecho."
        ) from exc
    except signing.BadSignature as exc:
        raise EnlaceInvalido(
            "El enlace no es válido: está incompleto o fue alterado. Ábralo tal como llegó en el aviso."
        ) from exc


def contacto(beneficiario) -> tuple[str, str]:
    return (getattr(beneficiario, "correo", "") or "").strip(), (getattr(beneficiario, "celular", "") or "").strip()


def aviso_payload(*, beneficiario, asunto: str, resumen: str, lineas: list[str], acto: str,
                  verificar: str = "") -> dict | None:
    """The outbox payload of one notice, or None when the beneficiary has no contact data.

    `resumen` is one sentence (it is also the SMS); `lineas` the details; `verificar` the
    certificate's verification link, if any.
    """
    correo, celular = contacto(beneficiario)
    if not (correo or celular):
        return None
    no_fui_yo = enlace_no_fui_yo(acto)
    texto = "\n".join(
        [f"Señores {beneficiario.nombre}:", "", resumen, "", *[f"- {linea}" for linea in lineas], ""]
        + ([f"Verifique el certificado en {verificar}", ""] if verificar else [])
        + ["Si usted no realizó ni autorizó esta operación, repórtelo en el siguiente enlace (válido por "
           f"{settings.AVISO_ENLACE_DIAS} días): {no_fui_yo}", "", PIE]
    )
    sms = f"UPME: {resumen} ¿No fue usted? {no_fui_yo}"
    return {"correo": correo, "celular": celular, "asunto": f"[Portal de cupos UPME] {asunto}", "texto": texto,
            "sms": sms, "acto": acto}


def avisar(*, beneficiario, clave: str, **contenido):
    """Queue the notice in the caller's transaction (one per `clave`); None without contact data."""
    from core.mensajes.outbox import outbox_enqueue

    payload = aviso_payload(beneficiario=beneficiario, **contenido)
    if payload is None:
        return None
    return outbox_enqueue(tipo=TIPO_MENSAJE, clave=f"aviso:{clave}", payload=payload)


def entregar(mensaje) -> str:
    """Deliver a notice: the e-mail, then the SMS. Raises when either fails (the outbox retries)."""
    datos = mensaje.payload
    hechos = []
    if datos.get("correo"):
        send_mail(datos["asunto"], datos["texto"], settings.DEFAULT_FROM_EMAIL, [datos["correo"]])
        hechos.append(f"correo a {datos['correo']}")
    if datos.get("celular"):
        from core.mensajes.sms import pasarela_sms

        pasarela_sms().enviar(datos["celular"], datos["sms"])
        hechos.append(f"SMS a {datos['celular']}")
    return "; ".join(hechos) or "sin contacto"


@dataclass(frozen=True)
class Acto:
    """What a report of "no fui yo" is about, as the owning app describes it."""

    referencia: str  # the alert's reference, e.g. "certificado:CP05-2026-000001"
    descripcion: str  # Spanish, for the confirmation page and the alert
    beneficiario_id: int | None = None
    cupo_id: int | None = None


def acto_describir(acto: str) -> Acto | None:
    clase, _, referencia = acto.partition(":")
    describir = registro.acto_aviso(clase)
    return describir(referencia) if describir else None


def no_fui_yo_reportar(*, acto: str, ip: str | None = None):
    """Open (once) the alert for Dimar and UPME about `acto`, and audit the report. Returns the alert,
    or None when the act no longer exists."""
    from core.auditoria.audit import audit_record
    from core.identidad.roles import Rol
    from core.models import Alerta

    descrito = acto_describir(acto)
    if descrito is None:
        return None
    tipo = Alerta.Tipo.AVISO_NO_FUI_YO
    try:
        with transaction.atomic():
            alerta, creada = Alerta.objects.get_or_create(
                tipo=tipo, referencia=descrito.referencia[:80],
                defaults={
                    "vence": today(), "fecha_revision": today(), "rol_responsable": Rol.DIMAR,
                    "detalle": f"El beneficiario reporta que no realizó ni autorizó: {descrito.descripcion}"[:400],
                    "beneficiario_id": descrito.beneficiario_id, "cupo_id": descrito.cupo_id,
                },
            )
            audit_record(actor=None, accion="aviso.no_fui_yo", obj=alerta, ip=ip,
                         despues={"acto": acto, "referencia": descrito.referencia, "alerta_nueva": creada})
    except IntegrityError:  # a simultaneous report of the same act created it first
        alerta = Alerta.objects.get(tipo=tipo, referencia=descrito.referencia[:80])
    return alerta
