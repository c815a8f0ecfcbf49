"""What every page of border zones shares beyond core.web.views.comun: Spanish number and month
wording, months for the period pickers, and the section's own navigation."""

import datetime as dt
from decimal import Decimal

from django.utils import formats, translation

from core.comun.fechas import MESES, fecha_larga
from core.vencimientos.calendario import business_days_between, today
from core.web.views import comun
from fronteras import access


def galones_texto(valor) -> str:
    """48.600,00 (es-CO), whatever language the request negotiated."""
    with translation.override("es-co"):
        return formats.number_format(Decimal(valor), 2, use_l10n=True, force_grouping=True)


def mes_largo(fecha: dt.date) -> str:
    """abril de 2026."""
    return f"{MESES[fecha.month - 1]} de {fecha.year}"


def meses_entre(desde: dt.date, hasta: dt.date) -> list[dt.date]:
    """First days of every month from `desde` to `hasta`, newest first."""
    meses, actual = [], hasta.replace(day=1)
    while actual >= desde.replace(day=1):
        meses.append(actual)
        actual = (actual - dt.timedelta(days=1)).replace(day=1)
    return meses


def opciones_meses(desde: dt.date, hasta: dt.date) -> list[tuple[str, str]]:
    """("2026-04", "Abril de 2026") for each month from `desde` to `hasta`, newest first."""
    return [(f"{m:%Y-%m}", mes_largo(m).capitalize()) for m in meses_entre(desde, hasta)]


def plazo_texto(vence: dt.date, hoy: dt.date | None = None) -> str:
    """A deadline in business days as a person reads it: "vence el 14 de diciembre de 2026 (faltan 5 días
    hábiles)", "vence hoy, …", "venció el … (hace 2 días hábiles)" (core.vencimientos.calendario: holidays excluded)."""
    hoy = hoy or today()
    if vence == hoy:
        return f"vence hoy, {fecha_larga(vence)}"
    if vence > hoy:
        n = business_days_between(hoy, vence)
        return f"vence el {fecha_larga(vence)} ({'falta 1 día hábil' if n == 1 else f'faltan {n} días hábiles'})"
    n = business_days_between(vence, hoy)
    return f"venció el {fecha_larga(vence)} (hace {'1 día hábil' if n == 1 else f'{n} días hábiles'})"


def autor(registro) -> str:
    """Who made an audited change, as a history table names it (a scheduled job has no actor)."""
    return (registro.actor.get_full_name() or registro.actor_nombre) if registro.actor else "El portal (automático)"


SECCIONES = [
    ("Municipios", "fronteras:municipios", access.LECTORES_REGISTRO),
    ("Estaciones", "fronteras:estaciones", access.LECTORES_REGISTRO),
    ("Asignaciones", "fronteras:asignaciones", access.LECTORES_REGISTRO),
    ("Grandes consumidores", "fronteras:grandes-consumidores", access.LECTORES_REGISTRO),
    ("Planes de abastecimiento", "fronteras:planes", access.PLANES_LECTORES),
    ("Contratos de Ecopetrol", "fronteras:contratos", access.LECTORES),
    ("Despachos", "fronteras:despachos", access.LECTORES),
    ("Consumo mensual", "fronteras:consumo", access.LECTORES),
    ("Cargar compras", "fronteras:compras-cargar", access.REGISTRO_COMPRAS),
    ("Transparencia", "fronteras:transparencia", ()),
]


def secciones(request, actual: str) -> list[dict]:
    """The section's own navigation (a nav landmark on each page), by role."""
    return comun.secciones(request, actual, SECCIONES)
