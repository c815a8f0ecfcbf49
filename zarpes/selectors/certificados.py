"""Reads of certificates: a vessel's last one (R-14) and the one behind a verification code."""

from zarpes.models import Certificado


def ultimo_certificado(nave_id: int) -> Certificado | None:
    return Certificado.objects.filter(nave_id=nave_id).order_by("-fecha_expedicion", "-id").first()


def certificado_por_codigo(codigo: str) -> Certificado | None:
    """Public verification: the certificate behind a verification code, or None."""
    codigo = (codigo or "").strip().upper()
    if not codigo or len(codigo) > 40:
        return None
    return Certificado.objects.select_related("nave").filter(codigo_verificacion=codigo).first()
