"""Colombian business days pinned to known 2026–2027 dates (holidays CO, Ley Emiliani)."""

import datetime as dt

import pytest

from core.vencimientos.calendario import (
    add_business_days,
    business_days_between,
    is_business_day,
    nth_business_day,
)

D = dt.date


@pytest.mark.parametrize(
    ("fecha", "habil"),
    [
        (D(2026, 1, 1), False),  # Año Nuevo
        (D(2026, 1, 6), True),  # Reyes moves to Monday the 12th (Ley 51 de 1983)
        (D(2026, 1, 12), False),
        (D(2026, 3, 23), False),  # San José, Monday
        (D(2026, 4, 2), False),  # Jueves Santo
        (D(2026, 4, 3), False),  # Viernes Santo
        (D(2026, 7, 13), False),  # Virgen de Chiquinquirá (new in 2026)
        (D(2026, 7, 14), True),
        (D(2026, 11, 28), False),  # Saturday
        (D(2026, 11, 30), True),
        (D(2027, 1, 11), False),  # Reyes 2027
        (D(2027, 3, 25), False),  # Jueves Santo 2027
    ],
)
def test_is_business_day(fecha, habil):
    assert is_business_day(fecha) is habil


@pytest.mark.parametrize(
    ("anio", "mes", "n", "esperado"),
    [
        (2026, 1, 5, D(2026, 1, 8)),  # 1 Jan and the 12th are holidays
        (2026, 1, 10, D(2026, 1, 16)),
        (2026, 3, 5, D(2026, 3, 6)),
        (2026, 4, 5, D(2026, 4, 9)),  # Semana Santa: 2 and 3 April
        (2026, 6, 10, D(2026, 6, 16)),  # Corpus (8th) and Sagrado Corazón (15th)
        (2026, 7, 10, D(2026, 7, 15)),  # 13 July Chiquinquirá
        (2027, 1, 5, D(2027, 1, 8)),
        (2027, 1, 10, D(2027, 1, 18)),  # Reyes 2027 on the 11th
        (2027, 12, 1, D(2027, 12, 1)),
    ],
)
def test_nth_business_day(anio, mes, n, esperado):
    assert nth_business_day(anio, mes, n) == esperado


def test_nth_business_day_beyond_the_month_is_an_error():
    with pytest.raises(ValueError):
        nth_business_day(2026, 2, 25)
    with pytest.raises(ValueError):
        nth_business_day(2026, 2, 0)


@pytest.mark.parametrize(
    ("inicio", "n", "esperado"),
    [
        (D(2026, 3, 31), 3, D(2026, 4, 7)),  # crosses Semana Santa
        (D(2026, 4, 1), 10, D(2026, 4, 17)),  # F-07: 10 business days
        (D(2026, 12, 24), 3, D(2026, 12, 30)),  # Christmas Friday
        (D(2026, 7, 10), 1, D(2026, 7, 14)),  # weekend + Chiquinquirá Monday
        (D(2026, 1, 8), 0, D(2026, 1, 8)),
        (D(2026, 1, 13), -1, D(2026, 1, 9)),  # backwards skips the 12th
    ],
)
def test_add_business_days(inicio, n, esperado):
    assert add_business_days(inicio, n) == esperado


def test_business_days_between_counts_what_ran():
    assert business_days_between(D(2026, 1, 1), D(2026, 1, 8)) == 5
    assert business_days_between(D(2026, 1, 8), D(2026, 1, 8)) == 0
    assert business_days_between(D(2026, 3, 31), D(2026, 4, 7)) == 3
