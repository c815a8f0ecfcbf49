"""Numbers from untrusted text (ids and years in URLs, query strings and JSON; amounts typed or sent).

Only ASCII digits are numbers here: Python's int() and Decimal() also read Arabic-Indic ("٣٤٥"),
full-width ("３４５") and other scripts' digits, which no Colombian form or system writes, and which
would reach a record looking like something the person never typed.
"""


def cifras_ascii(valor) -> bool:
    """False when the text has a digit that is not 0-9 (any script's digit, superscripts, fractions)."""
    return not any(not c.isascii() and (c.isdigit() or c.isnumeric()) for c in str(valor))


def entero(valor) -> int | None:
    """ASCII digits (an optional leading minus) → int; anything else → None.

    str.isdigit() accepts "²" and other digits int() refuses, so it is never used on input.
    """
    if isinstance(valor, bool):
        return None
    if isinstance(valor, int):
        return valor
    texto = str(valor if valor is not None else "").strip()
    cifras = texto[1:] if texto.startswith("-") else texto
    if not (cifras.isascii() and cifras.isdecimal()) or len(cifras) > 18:
        return None
    return int(texto)


def numero_texto(valor) -> str:
    """A number as es-CO text for messages built outside a template, keeping its decimals: 1.234,5; 0,001.
    Gallons, always with two decimals, use core.comun.galones.galones_texto."""
    from decimal import Decimal

    if isinstance(valor, bool):
        return str(valor)
    texto = f"{valor:,}" if isinstance(valor, int) else f"{Decimal(str(valor)):,f}"
    return texto.replace(",", "_").replace(".", ",").replace("_", ".")
