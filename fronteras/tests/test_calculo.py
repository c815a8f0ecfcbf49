"""F-02 to F-05 arithmetic, with DOMAIN.md's border example."""

import datetime as dt
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fronteras import calculo

D = dt.date


def test_border_example_of_domain_md():
    v = calculo.volumen_municipal(
        indicador=Decimal("0.5"), poblacion=120_000, factor_gnv=Decimal("1.2"), factor_flujo=Decimal("1.0")
    )
    assert v == Decimal("72000.00")
    a, b = calculo.repartir(
        volumen=v,
        poblacion=120_000,
        insumos=[
            calculo.Insumo(1, Fraction(30000), Fraction(10000), False),
            calculo.Insumo(2, Fraction(10000), Fraction(10000), True),
        ],
    )
    assert (a.participacion, a.volumen_mensual, a.adicional) == (
        Fraction(675, 1000),
        Decimal("48600.00"),
        Decimal("0.00"),
    )
    assert (b.participacion, b.volumen_mensual, b.adicional) == (
        Fraction(325, 1000),
        Decimal("23400.00"),
        Decimal("11700.00"),
    )
    assert calculo.participacion_texto(a.participacion) == "0.675"
    assert calculo.prorrateo(a.volumen_mensual, D(2026, 4, 11)) == Decimal("32400.00")


def test_no_extra_in_municipalities_of_200000_or_more():
    (r,) = calculo.repartir(
        volumen=Decimal(1000), poblacion=200_000, insumos=[calculo.Insumo(1, Fraction(1), Fraction(1), True)]
    )
    assert r.adicional == 0


def test_without_purchase_history_capacity_alone_decides():
    a, b = calculo.repartir(
        volumen=Decimal(900),
        poblacion=1000,
        insumos=[
            calculo.Insumo(1, Fraction(0), Fraction(1000), False),
            calculo.Insumo(2, Fraction(0), Fraction(2000), False),
        ],
    )
    assert (a.volumen_mensual, b.volumen_mensual) == (Decimal("300.00"), Decimal("600.00"))


def test_repeating_share_is_exact_until_the_end():
    a, *_ = calculo.repartir(
        volumen=Decimal(100),
        poblacion=1000,
        insumos=[calculo.Insumo(i, Fraction(1), Fraction(1), False) for i in range(3)],
    )
    assert a.participacion == Fraction(1, 3) and a.volumen_mensual == Decimal("33.33")
    assert calculo.participacion_texto(a.participacion) == "0.333333333333333"


@pytest.mark.parametrize(
    ("certificado", "entrega", "ok"),
    [
        (D(2025, 10, 1), D(2026, 1, 31), True),  # 4 months before, delivered the last day
        (D(2025, 9, 30), D(2026, 1, 31), True),  # 31 September does not exist: the 30th is 4 months before
        (D(2025, 9, 29), D(2026, 1, 31), False),  # older than 4 months
        (D(2025, 12, 1), D(2026, 2, 1), False),  # delivered late
        (D(2026, 1, 10), D(2026, 1, 5), False),  # issued after delivery
    ],
)
def test_f03_eligibility(certificado, entrega, ok):
    assert calculo.certificado_a_tiempo(fecha_certificado=certificado, fecha_entrega=entrega, anio_inicio=2026) is ok


@pytest.mark.parametrize(("dia", "esperado"), [(1, "30000.00"), (11, "20000.00"), (30, "1000.00")])
def test_f05_proration_in_the_first_month(dia, esperado):
    assert calculo.prorrateo(Decimal(30000), D(2026, 4, dia)) == Decimal(esperado)


@given(
    volumen=st.decimals(min_value=Decimal("1"), max_value=Decimal("1000000"), places=2),
    compras=st.lists(st.integers(min_value=0, max_value=100000), min_size=1, max_size=8),
    capacidades=st.lists(st.integers(min_value=1, max_value=50000), min_size=8, max_size=8),
)
def test_shares_add_up_to_one_and_volumes_to_the_municipal_cap(volumen, compras, capacidades):
    insumos = [calculo.Insumo(i, Fraction(p), Fraction(capacidades[i]), False) for i, p in enumerate(compras)]
    repartos = calculo.repartir(volumen=volumen, poblacion=1000, insumos=insumos)
    assert sum(r.participacion for r in repartos) == 1
    assert abs(sum(r.volumen_mensual for r in repartos) - volumen) <= Decimal("0.01") * len(repartos)


def _tramos_dia_a_dia(periodo, vigencias, desde=None):
    """The definition, one day at a time (what tramos_del_mes computed before issue 14 §1)."""
    fin = calculo.last_day_of_month(periodo.year, periodo.month)
    tramos, dia = [], periodo
    while dia <= fin:
        vigente = calculo.en_vigor(vigencias, dia) if desde is None or dia >= desde else None
        if (
            vigente
            and tramos
            and tramos[-1].clave == vigente.clave
            and (tramos[-1].desde + dt.timedelta(days=tramos[-1].dias) == dia)
        ):
            tramos[-1] = calculo.Tramo(vigente.clave, tramos[-1].desde, tramos[-1].dias + 1)
        elif vigente:
            tramos.append(calculo.Tramo(vigente.clave, dia, 1))
        dia += dt.timedelta(days=1)
    return tramos


_DIA = st.integers(0, 150).map(lambda n: dt.date(2026, 1, 1) + dt.timedelta(days=n))


@given(
    vigencias=st.lists(st.tuples(st.sampled_from("abc"), _DIA, _DIA, st.integers(0, 90)), max_size=4),
    mes=st.integers(1, 5),
    desde=st.none() | _DIA,
)
def test_tramos_read_once_per_run_equal_the_day_by_day_definition(vigencias, mes, desde):
    lista = sorted(
        (calculo.Vigencia(c, e, i, i + dt.timedelta(days=n)) for c, e, i, n in vigencias), key=lambda v: v.ejecutoria
    )
    periodo = dt.date(2026, mes, 1)
    assert calculo.tramos_del_mes(periodo, lista, desde=desde) == _tramos_dia_a_dia(periodo, lista, desde)
