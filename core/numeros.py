"""Whole numbers from untrusted text (ids and years in URLs, query strings and JSON)."""


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
