"""Dates as Colombian administrative acts write them: {{ fecha|fecha_larga }} → "30 de noviembre de
2026", {{ fecha|mes_largo }} → "noviembre de 2026" (Django's "F" capitalizes the month)."""

import datetime as dt

from django import template
from django.utils import timezone

from core.comun.fechas import MESES
from core.comun.fechas import fecha_larga as _fecha_larga

register = template.Library()


@register.filter
def fecha_larga(valor) -> str:
    if isinstance(valor, dt.datetime):
        valor = timezone.localtime(valor).date() if timezone.is_aware(valor) else valor.date()
    return _fecha_larga(valor) if isinstance(valor, dt.date) else ""


@register.filter
def mes_largo(valor) -> str:
    return f"{MESES[valor.month - 1]} de {valor.year}" if isinstance(valor, dt.date) else ""


@register.filter
def fecha_hora(valor) -> str:
    """A moment as people read it: "30 de noviembre de 2026, 13:26" (Bogotá time)."""
    if not isinstance(valor, dt.datetime):
        return fecha_larga(valor)
    local = timezone.localtime(valor) if timezone.is_aware(valor) else valor
    return f"{_fecha_larga(local.date())}, {local:%H:%M}"
