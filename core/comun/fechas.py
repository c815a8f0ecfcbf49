"""Dates in Spanish as Colombian administrative acts write them ("24 de febrero de 2026")."""

import datetime as dt

MESES = (
    "enero", "febrero", "marzo", "abril", "mayo", "junio",
    "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
)


def fecha_larga(fecha: dt.date) -> str:
    return f"{fecha.day} de {MESES[fecha.month - 1]} de {fecha.year}"


def mes_largo(fecha: dt.date) -> str:
    """"noviembre de 2026": a month as people read it (a report's period, a deadline's month)."""
    return f"{MESES[fecha.month - 1]} de {fecha.year}"
