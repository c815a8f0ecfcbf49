"""E-mail for alerts, in Spanish, to the users responsible."""

from django.conf import settings
from django.core.mail import send_mail

from core.alertas import destinatarios
from core.models import Alerta


def alerta_notificar(*, alerta_id: int) -> int:
    alerta = Alerta.objects.filter(pk=alerta_id).first()
    if alerta is None:
        return 0
    para = destinatarios(alerta)
    if not para:
        return 0
    asunto = f"[Portal de cupos UPME] {alerta.get_tipo_display()}: {alerta.referencia}"
    cuerpo = (
        f"{alerta.detalle}\n\nPlazo: {alerta.vence:%Y-%m-%d}.\n"
        f"Consulte sus alertas en {settings.PORTAL_URL_PUBLICA.rstrip('/')}/alertas/\n\n"
        "Este mensaje fue enviado automáticamente por el Portal de Cupos de Combustible Exento."
    )
    return send_mail(asunto, cuerpo, settings.DEFAULT_FROM_EMAIL, para)
