"""Colombian business days (días hábiles) on the `holidays` CO calendar (Ley 51 de 1983).

Legal deadlines counted in days exclude holidays unless they say otherwise (Ley 4 de 1913,
art. 62), so every deadline of DOMAIN.md (R-20, R-24, R-25, F-07) is computed here.
"""

import calendar
import datetime as dt
from functools import lru_cache

import holidays


@lru_cache(maxsize=64)
def _festivos(anio: int) -> holidays.HolidayBase:
    return holidays.country_holidays("CO", years=anio, language="es")


def is_holiday(fecha: dt.date) -> bool:
    return fecha in _festivos(fecha.year)


def holiday_name(fecha: dt.date) -> str | None:
    return _festivos(fecha.year).get(fecha)


def is_business_day(fecha: dt.date) -> bool:
    return fecha.weekday() < 5 and not is_holiday(fecha)


def nth_business_day(year: int, month: int, n: int) -> dt.date:
    """The n-th business day (1-based) of a month: e.g. R-24's 5th, R-20's 10th."""
    if n < 1:
        raise ValueError("n debe ser al menos 1")
    fecha = dt.date(year, month, 1)
    ultimo = calendar.monthrange(year, month)[1]
    contados = 0
    while True:
        if is_business_day(fecha):
            contados += 1
            if contados == n:
                return fecha
        if fecha.day == ultimo:
            raise ValueError(f"{year}-{month:02d} no tiene {n} días hábiles")
        fecha += dt.timedelta(days=1)


def add_business_days(fecha: dt.date, n: int) -> dt.date:
    """The date n business days after `fecha` (before it when n < 0); n = 0 returns `fecha`."""
    paso = dt.timedelta(days=1 if n >= 0 else -1)
    restantes = abs(n)
    while restantes:
        fecha += paso
        if is_business_day(fecha):
            restantes -= 1
    return fecha


def business_days_between(inicio: dt.date, fin: dt.date) -> int:
    """Business days in (inicio, fin]: how many have run from `inicio` to `fin`."""
    if fin <= inicio:
        return 0
    return sum(1 for i in range(1, (fin - inicio).days + 1) if is_business_day(inicio + dt.timedelta(days=i)))


def last_day_of_month(year: int, month: int) -> dt.date:
    return dt.date(year, month, calendar.monthrange(year, month)[1])


def today() -> dt.date:
    """Today in America/Bogota (the project's TIME_ZONE)."""
    from django.utils import timezone

    return timezone.localdate()
