"""Property tests (hypothesis) of balances for random cupos, start dates and consumption (R-07 to R-11)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.comun.galones import round2
from core.identidad.roles import Rol
from cupos import calculo
from cupos.selectors.cupos import cupo_terminos
from cupos.selectors.saldos import cupo_saldo
from cupos.services import libro
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import NaveFactory, ResolucionFactory

fechas = st.dates(min_value=dt.date(2024, 1, 1), max_value=dt.date(2026, 6, 30))
cuotas = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("50000"), places=2)
ventanas = st.sampled_from([1, 2, 3, 4])


@given(cuota=cuotas, inicio=fechas, n=ventanas)
def test_r08_first_month_prorated_exactly(cuota, inicio, n):
    t = calculo.Terminos(cuota, inicio, n)
    dias_mes = calculo.month_end(calculo.month_index(inicio)).day
    esperado = cuota if inicio.day == 1 else round2(cuota * (dias_mes - inicio.day + 1) / dias_mes)
    assert calculo.entitlement(t, calculo.month_index(inicio)) == esperado


@given(cuota=cuotas, inicio=fechas, n=ventanas, dias=st.integers(min_value=0, max_value=900))
def test_windows_partition_time_and_assigned_never_exceeds_the_window(cuota, inicio, n, dias):
    t = calculo.Terminos(cuota, inicio, n)
    fecha = inicio + dt.timedelta(days=dias)
    v = calculo.window_for(t, fecha)
    assert v.inicio <= fecha <= v.fin
    assert v.ultimo_mes - v.primer_mes + 1 == n
    assert (v.primer_mes - calculo.month_index(inicio)) % n == 0
    asignado = calculo.asignado_hasta(t, v, fecha)
    assert 0 <= asignado <= cuota * n
    # the day after the window ends belongs to the next one, which starts from nothing
    siguiente = calculo.window_for(t, v.fin + dt.timedelta(days=1))
    assert siguiente.inicio == v.fin + dt.timedelta(days=1)
    assert siguiente.primer_mes == v.ultimo_mes + 1


@given(
    cuota_vieja=cuotas,
    cuota_nueva=cuotas,
    inicio=st.dates(min_value=dt.date(2024, 1, 1), max_value=dt.date(2024, 12, 31)),
    cambio=st.dates(min_value=dt.date(2025, 1, 1), max_value=dt.date(2025, 12, 31)),
    n=ventanas,
)
def test_r09_succession_splits_the_month_by_days(cuota_vieja, cuota_nueva, inicio, cambio, n):
    viejo = calculo.Terminos(cuota_vieja, inicio, n, cambio - dt.timedelta(days=1), True)
    nuevo = calculo.Terminos(cuota_nueva, cambio, n)
    mes = calculo.month_index(cambio)
    d, dias_mes = cambio.day, calculo.month_end(mes).day
    assert calculo.entitlement(viejo, mes) == round2(cuota_vieja * (d - 1) / dias_mes)
    assert calculo.entitlement(nuevo, mes) == (
        cuota_nueva if d == 1 else round2(cuota_nueva * (dias_mes - d + 1) / dias_mes)
    )
    assert calculo.window_for(viejo, cambio - dt.timedelta(days=1)).fin == cambio - dt.timedelta(days=1)
    assert not viejo.vigente(cambio) and nuevo.vigente(cambio)


consumos = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=400),
        st.decimals(min_value=Decimal("0.01"), max_value=Decimal("9000"), places=2),
    ),
    min_size=1,
    max_size=12,
)


@pytest.mark.django_db
@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(
    anual=st.decimals(min_value=Decimal("120"), max_value=Decimal("200000"), places=2),
    inicio=st.dates(min_value=dt.date(2025, 1, 1), max_value=dt.date(2025, 12, 31)),
    trb=st.sampled_from(["30", "120", "450"]),
    pedidos=consumos,
)
def test_ledger_balance_invariants_on_postgresql(crear_usuario, anual, inicio, trb, pedidos):
    """Random consumption through the real ledger: never negative, never above the window's
    entitlements so far, and leftovers never cross into the next window."""
    analista = crear_usuario(Rol.UPME_ANALISTA)
    nave = NaveFactory(trb=Decimal(trb))
    resolucion = ResolucionFactory(anio=2025, fecha_expedicion=dt.date(2025, 1, 1))
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=anual)
    cupo = cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=inicio)
    terminos = cupo_terminos(cupo)
    fecha = inicio
    for salto, pedido in pedidos:
        fecha = fecha + dt.timedelta(days=salto)
        if fecha > dt.date(2026, 11, 1):
            break
        with transaction.atomic():
            bloqueado = libro.cupo_lock_vigente(beneficiario_id=nave.id, fecha=fecha)
            antes = libro.saldo_para_autorizar(cupo=bloqueado, fecha=fecha)
            autorizados = min(pedido, antes.disponible)
            if autorizados > 0:
                libro.movimiento_descuento(actor=analista, cupo=bloqueado, fecha=fecha, galones=autorizados)
        saldo = cupo_saldo(cupo=cupo, fecha=fecha)
        ventana = calculo.window_for(terminos, fecha)
        assert saldo.disponible >= 0
        assert saldo.consumido <= saldo.asignado
        assert saldo.disponible <= calculo.asignado_hasta(terminos, ventana, fecha)
        assert saldo.disponible == antes.disponible - autorizados
        inicio_siguiente = ventana.fin + dt.timedelta(days=1)
        nuevo = cupo_saldo(cupo=cupo, fecha=inicio_siguiente)
        assert nuevo.consumido == 0
        assert nuevo.disponible == calculo.entitlement(terminos, calculo.month_index(inicio_siguiente))
