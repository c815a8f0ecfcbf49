"""Celery tasks of zarpes: take ids, call the module that does the work. No business logic here."""

from celery import shared_task


@shared_task(acks_late=True, ignore_result=True)
def certificado_firmar_task(numero: str) -> bool:
    """Issue 44: the certificate's signed PDF, made by the signing worker right after the issuance commits."""
    from zarpes.pdf import certificado_firmar

    return certificado_firmar(numero)
