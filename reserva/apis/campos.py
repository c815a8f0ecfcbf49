"""Field conventions of the cargo reservation API: tonnes with 3 decimals and USD with 2, as
strings out (inputs accept a number or a string), dates within the regime's years."""

import datetime as dt
from decimal import Decimal

from rest_framework import serializers

from core.api.fields import Cantidad
from reserva.models import TONELADAS_MAXIMO, USD_MAXIMO

FECHA_MINIMA = dt.date(1990, 1, 1)
FECHA_MAXIMA = dt.date(2100, 12, 31)


class Toneladas(Cantidad):
    digitos, decimales, maximo = 12, 3, TONELADAS_MAXIMO


class Usd(Cantidad):
    digitos, decimales, maximo = 14, 2, USD_MAXIMO


class Smmlv(Cantidad):
    """C-05: a fine in monthly minimum wages (numeric(8, 2))."""

    digitos, decimales, maximo = 8, 2, Decimal("999999.99")


class Pesos(Cantidad):
    """Colombian pesos with 2 decimals (numeric(16, 2))."""

    digitos, decimales, maximo = 16, 2, None


class Fecha(serializers.DateField):
    """A date between 1990 (the decree) and 2100: a year 1 or 9999 would only overflow the calendar."""

    def to_internal_value(self, value):
        fecha = super().to_internal_value(value)
        if not FECHA_MINIMA <= fecha <= FECHA_MAXIMA:
            raise serializers.ValidationError("Use una fecha entre 1990 y 2100.")
        return fecha


class Id(serializers.IntegerField):
    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", 2**63 - 1)
        super().__init__(**kwargs)
