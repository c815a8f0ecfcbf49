"""Pure arithmetic of entitlements and windows (R-07 to R-10)."""

import datetime as dt
from decimal import Decimal

import pytest

from cupos import calculo

D = dt.date


def terminos(inicio, n=3, cuota="2000.00", fin=None, prorratear_fin=False):
    return calculo.Terminos(Decimal(cuota), inicio, n, fin, prorratear_fin)


@pytest.mark.parametrize(
    ("anual", "cuota"),
    [("24000", "2000.00"), ("1000", "83.33"), ("100", "8.33"), ("10", "0.83"), ("0.06", "0.01"), ("0.05", "0.00")],
)
def test_r07_cuota_mensual_rounds_half_up(anual, cuota):
    assert calculo.cuota_mensual(Decimal(anual)) == Decimal(cuota)


def test_r07_half_up_not_bankers():
    # 30.06 / 12 = 2.505 → 2.51 (ROUND_HALF_EVEN would give 2.50)
    assert calculo.cuota_mensual(Decimal("30.06")) == Decimal("2.51")


@pytest.mark.parametrize(
    ("inicio", "esperado"),
    [
        (D(2026, 3, 17), "967.74"),  # worked example: 2000 × 15/31
        (D(2026, 3, 1), "2000.00"),  # the 1st: the whole cuota
        (D(2026, 3, 31), "64.52"),  # the last day: 1/31
        (D(2026, 2, 28), "71.43"),  # 28 February of a common year: 1/28
        (D(2028, 2, 28), "137.93"),  # leap year: 2/29
        (D(2028, 2, 29), "68.97"),  # 29 February: 1/29
        (D(2026, 4, 16), "1000.00"),  # 15/30
    ],
)
def test_r08_first_month_is_prorated(inicio, esperado):
    t = terminos(inicio)
    assert calculo.entitlement(t, calculo.month_index(inicio)) == Decimal(esperado)


def test_r08_following_months_are_whole():
    t = terminos(D(2026, 3, 17))
    assert calculo.entitlement(t, calculo.month_index(D(2026, 4, 1))) == Decimal("2000.00")


def test_r09_old_cupo_prorated_to_the_day_before_the_new_one():
    # new cupo starts 2027-03-10 → old ends 2027-03-09: 2000 × 9/31 = 580.65
    t = terminos(D(2026, 3, 17), fin=D(2027, 3, 9), prorratear_fin=True)
    assert calculo.entitlement(t, calculo.month_index(D(2027, 3, 1))) == Decimal("580.65")
    assert calculo.entitlement(t, calculo.month_index(D(2027, 4, 1))) == Decimal("0.00")


def test_r09_new_cupo_on_the_first_leaves_nothing_to_the_old_one_that_month():
    t = terminos(D(2026, 3, 17), fin=D(2027, 2, 28), prorratear_fin=True)
    assert calculo.entitlement(t, calculo.month_index(D(2027, 3, 1))) == Decimal("0.00")
    assert calculo.entitlement(t, calculo.month_index(D(2027, 2, 1))) == Decimal("2000.00")


def test_r10_windows_of_the_worked_example():
    t = terminos(D(2026, 3, 17), n=3)
    v = calculo.window_for(t, D(2026, 5, 31))
    assert (v.inicio, v.fin, v.meses) == (D(2026, 3, 17), D(2026, 5, 31), 3)
    assert calculo.window_for(t, D(2026, 6, 1)).inicio == D(2026, 6, 1)
    assert calculo.window_for(t, D(2026, 8, 31)).fin == D(2026, 8, 31)
    v = calculo.window_for(t, D(2027, 1, 15))  # Dec–Feb crosses the year
    assert (v.inicio, v.fin) == (D(2026, 12, 1), D(2027, 2, 28))


def test_r09_open_window_closes_when_the_cupo_ends():
    t = terminos(D(2026, 3, 17), n=3, fin=D(2027, 1, 9), prorratear_fin=True)
    v = calculo.window_for(t, D(2027, 1, 5))
    assert (v.inicio, v.fin) == (D(2026, 12, 1), D(2027, 1, 9))


def test_r11_no_advance_consumption():
    t = terminos(D(2026, 3, 17), n=3)
    v = calculo.window_for(t, D(2026, 4, 2))
    assert calculo.asignado_hasta(t, v, D(2026, 4, 2)) == Decimal("2967.74")
    assert calculo.asignado_hasta(t, v, D(2026, 3, 31)) == Decimal("967.74")


def test_windows_between_lists_consecutive_blocks():
    t = terminos(D(2026, 3, 17), n=4)
    ventanas = calculo.windows_between(t, D(2026, 1, 1), D(2027, 3, 1))
    assert [(v.inicio, v.fin) for v in ventanas] == [
        (D(2026, 3, 17), D(2026, 6, 30)),
        (D(2026, 7, 1), D(2026, 10, 31)),
        (D(2026, 11, 1), D(2027, 2, 28)),
        (D(2027, 3, 1), D(2027, 6, 30)),
    ]
