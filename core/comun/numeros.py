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


def decimal_es_co(texto: str) -> str | None:
    """A number typed as people in Colombia write it, as a plain decimal string for Decimal(), or None when it
    cannot be read without guessing (issue 45: every page shows «6.000,50», so every input takes it):
    - a point followed by groups of exactly three digits is the thousands separator: «3.000», «18.500»,
      «6.000,50», «1.250,5»;
    - the comma is the decimal mark: «800,5»; a point with one, two or more than three decimals is a decimal
      point, as the browsers and spreadsheets write it: «800.50», «0.5»;
    - anything else («6,000.50», «1,250,000», «1.2.3») is refused, never guessed.
    An optional leading minus is kept. Only ASCII digits (cifras_ascii)."""
    import re

    texto = str(texto or "").strip().replace(" ", "").replace("\u00a0", "")
    signo = "-" if texto.startswith("-") else ""
    cuerpo = texto[1:] if signo else texto
    if not cuerpo or not cuerpo.isascii():
        return None
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+(?:,\d+)?", cuerpo):  # es-CO thousands, optional decimals
        return signo + cuerpo.replace(".", "").replace(",", ".")
    if re.fullmatch(r"\d+(?:,\d+)?", cuerpo):  # es-CO decimal comma, or a whole number
        return signo + cuerpo.replace(",", ".")
    if re.fullmatch(r"\d+\.\d+", cuerpo):  # a decimal point (not three digits after a short integer part)
        return signo + cuerpo
    return None
