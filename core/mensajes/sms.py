"""SMS gateways for the notices to beneficiaries (core.mensajes.avisos). settings.SMS_PASARELA names the class;
its instances have `enviar(telefono, texto)`, which raises on failure (the outbox then retries).
The default only logs: a real operator's gateway is a class with the same method."""

import logging

from django.conf import settings
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)


class RegistroSms:
    """Writes the SMS to the log instead of sending it (development, tests, no operator contracted)."""

    def enviar(self, telefono: str, texto: str) -> None:
        logger.info("SMS a %s: %s", telefono, texto)


def pasarela_sms():
    return import_string(settings.SMS_PASARELA)()
