"""How the cargo reservation's pages write dates and amounts for a person (es-CO): «30 de noviembre
de 2026», «1.600,000 t», «USD 38,50»; and the Spanish label of a cargo class instead of its code."""

import datetime as dt
from decimal import Decimal, InvalidOperation

from django import template
from django.utils import timezone

from core.comun.fechas import fecha_larga
from reserva.models import Clase, Mercancia

register = template.Library()


def _numero(valor, decimales: int) -> str:
    try:
        numero = Decimal(valor)
    except (InvalidOperation, TypeError, ValueError):
        return ""
    texto = f"{numero:,.{decimales}f}"
    return texto.replace(",", "X").replace(".", ",").replace("X", ".")


@register.filter
def fecha(valor) -> str:
    if isinstance(valor, dt.datetime):  # a moment is dated in Bogotá (issue 45: 22:21 here is not tomorrow)
        valor = timezone.localtime(valor).date() if timezone.is_aware(valor) else valor.date()
    return fecha_larga(valor) if isinstance(valor, dt.date) else ""


@register.filter
def toneladas(valor) -> str:
    """Tonnes keep up to 3 decimals, but «850,500 t» reads as thousands in es-CO (issue 45): the decimals are
    written only as far as they say something: 850,5 t; 1.000 t; 12,125 t."""
    texto = _numero(valor, 3)
    if "," in texto:
        texto = texto.rstrip("0").rstrip(",")
    return texto


@register.filter
def usd(valor) -> str:
    return _numero(valor, 2)


@register.filter
def clase(valor) -> str:
    if valor in Clase.values:
        return Clase(valor).label
    return Mercancia(valor).label if valor in Mercancia.values else str(valor or "")


@register.filter
def mercancia(valor) -> str:
    return Mercancia(valor).label if valor in Mercancia.values else str(valor or "")


@register.filter
def porcentaje(valor) -> str:
    return _numero(valor, 1)
