"""Field conventions of API.md: gallons as 2-decimal strings (inputs accept number or string)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.galones import GALONES_MAXIMO


class Galones(serializers.DecimalField):
    """Gallons: a 2-decimal string out; in, a number or string up to GALONES_MAXIMO (the narrowest
    gallons column), so an absurd amount is a 400 with the field named, never a database overflow."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_digits", 14)
        kwargs.setdefault("decimal_places", 2)
        kwargs.setdefault("coerce_to_string", True)
        kwargs.setdefault("max_value", GALONES_MAXIMO)
        super().__init__(**kwargs)


def fecha_query(request, nombre: str = "fecha"):
    """Parse ?fecha=YYYY-MM-DD (default today); a bad value is a 400 with the field named."""
    import datetime as dt

    from core.calendario import today
    from core.errors import DatosInvalidos

    valor = request.query_params.get(nombre)
    if not valor:
        return today()
    try:
        return dt.date.fromisoformat(valor)
    except ValueError as exc:
        raise DatosInvalidos({nombre: f"«{valor}» no es una fecha AAAA-MM-DD válida."}) from exc


@extend_schema_field({"type": "string", "pattern": r"^\d{4}-\d{2}$", "example": "2026-06"})
class PeriodoField(serializers.Field):
    """A month as YYYY-MM ↔ the first day of that month."""

    default_error_messages = {"invalido": "Use un periodo AAAA-MM válido."}

    def to_internal_value(self, data):
        import datetime as dt

        try:
            anio, mes = str(data).strip().split("-")
            return dt.date(int(anio), int(mes), 1)
        except (ValueError, TypeError):
            self.fail("invalido")

    def to_representation(self, value):
        return f"{value:%Y-%m}"
