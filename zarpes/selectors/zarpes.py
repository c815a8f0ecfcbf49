"""Reads of zarpes and certificates."""

import datetime as dt

from django.db.models import QuerySet

from zarpes.models import Certificado, Zarpe


def zarpe_list(*, capitania: str = "", fecha: dt.date | None = None, estado: str = "", nave_id: int | None = None,
               desde: dt.date | None = None, hasta: dt.date | None = None) -> QuerySet[Zarpe]:
    qs = Zarpe.objects.select_related("nave", "capitania", "certificado")
    if capitania:
        qs = qs.filter(capitania__codigo=capitania.upper())
    if fecha:
        qs = qs.filter(fecha=fecha)
    if desde:
        qs = qs.filter(fecha__gte=desde)
    if hasta:
        qs = qs.filter(fecha__lte=hasta)
    if estado:
        qs = qs.filter(estado=estado)
    if nave_id:
        qs = qs.filter(nave_id=nave_id)
    return qs.order_by("-fecha", "-id")


def certificado_por_codigo(codigo: str) -> Certificado | None:
    """Public verification: the certificate behind a verification code, or None."""
    codigo = (codigo or "").strip().upper()
    if not codigo or len(codigo) > 40:
        return None
    return Certificado.objects.select_related("nave").filter(codigo_verificacion=codigo).first()
