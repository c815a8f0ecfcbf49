"""Gallon arithmetic: Decimal with 2 places, ROUND_HALF_UP whenever a division happens."""

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from core.comun.numeros import cifras_ascii

CENTAVO = Decimal("0.01")
CERO = Decimal("0.00")
# The largest numeric(12, 2), the narrowest gallons column: no amount entered may exceed it.
GALONES_MAXIMO = Decimal("9999999999.99")


def round2(valor) -> Decimal:
    return Decimal(valor).quantize(CENTAVO, rounding=ROUND_HALF_UP)


def galones(valor) -> Decimal:
    """Parse a gallon amount from a number or string; raises ValueError on anything else."""
    if isinstance(valor, float):
        valor = repr(valor)
    if not cifras_ascii(valor):
        raise ValueError(f"«{valor}» no es una cantidad de galones válida: escríbala con las cifras 0 a 9.")
    try:
        cantidad = Decimal(str(valor).strip())
    except (InvalidOperation, TypeError) as exc:
        raise ValueError(f"«{valor}» no es una cantidad de galones válida.") from exc
    if not cantidad.is_finite():
        raise ValueError(f"«{valor}» no es una cantidad de galones válida.")
    return round2(cantidad)


def galones_texto(valor) -> str:
    """Gallons as es-CO text for messages built outside a template: 1.234,56."""
    return f"{round2(valor):,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")
