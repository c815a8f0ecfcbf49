"""DOMAIN.md's worked example, "Doña Lucía", on the real ledger (R-06 to R-11)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import transaction

from core.identidad.roles import Rol
from cupos.errors import SinCupoVigente
from cupos.selectors.libro import cupo_linea_de_tiempo
from cupos.selectors.saldos import beneficiario_saldo
from cupos.services import libro
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import NaveFactory, ResolucionFactory

D = dt.date


@pytest.fixture
def dona_lucia(crear_usuario):
    analista = crear_usuario(Rol.UPME_ANALISTA)
    nave = NaveFactory(nombre="Doña Lucía", trb=Decimal("120"), capacidad_combustible_gal=Decimal("3000"))
    resolucion = ResolucionFactory(anio=2026, fecha_expedicion=D(2026, 2, 20))
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("24000"))
    cupo = cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 17))
    return analista, nave, cupo


def disponible(nave, fecha):
    return beneficiario_saldo(beneficiario_id=nave.id, fecha=fecha).disponible


def zarpe(analista, nave, fecha, solicitados):
    """R-15 in miniature: autorizados = min(solicitados, capacidad, disponible)."""
    with transaction.atomic():
        cupo = libro.cupo_lock_vigente(beneficiario_id=nave.id, fecha=fecha)
        saldo = libro.saldo_para_autorizar(cupo=cupo, fecha=fecha)
        autorizados = min(Decimal(solicitados), nave.capacidad_combustible_gal, saldo.disponible)
        if autorizados > 0:
            libro.movimiento_descuento(actor=analista, cupo=cupo, fecha=fecha, galones=autorizados)
        return autorizados


@pytest.mark.django_db
def test_worked_example_step_by_step(dona_lucia):
    analista, nave, cupo = dona_lucia
    assert cupo.cuota_mensual == Decimal("2000.00")
    assert cupo.meses_ventana == 3
    assert disponible(nave, D(2026, 3, 17)) == Decimal("967.74")
    assert zarpe(analista, nave, D(2026, 3, 20), 800) == Decimal("800")
    assert disponible(nave, D(2026, 3, 20)) == Decimal("167.74")
    assert zarpe(analista, nave, D(2026, 3, 28), 500) == Decimal("167.74")
    assert disponible(nave, D(2026, 3, 28)) == Decimal("0.00")
    assert zarpe(analista, nave, D(2026, 3, 30), 100) == Decimal("0.00")
    assert disponible(nave, D(2026, 4, 2)) == Decimal("2000.00")
    with transaction.atomic():
        bloqueado = libro.cupo_lock_vigente(beneficiario_id=nave.id, fecha=D(2026, 4, 3))
        libro.movimiento_reintegro(actor=analista, cupo=bloqueado, fecha=D(2026, 4, 3), galones=Decimal("100"))
    assert disponible(nave, D(2026, 4, 3)) == Decimal("2100.00")
    saldo = beneficiario_saldo(beneficiario_id=nave.id, fecha=D(2026, 6, 1))
    assert saldo.disponible == Decimal("2000.00")  # May's leftovers lost
    assert (saldo.ventana.inicio, saldo.ventana.fin) == (D(2026, 6, 1), D(2026, 8, 31))


@pytest.mark.django_db
def test_before_firmeza_there_is_no_cupo_in_force(dona_lucia):
    _, nave, _ = dona_lucia
    with pytest.raises(SinCupoVigente):
        beneficiario_saldo(beneficiario_id=nave.id, fecha=D(2026, 3, 16))


@pytest.mark.django_db
def test_timeline_shows_entitlements_consumption_and_expiry(dona_lucia):
    analista, nave, cupo = dona_lucia
    zarpe(analista, nave, D(2026, 3, 20), 800)
    filas = cupo_linea_de_tiempo(cupo=cupo, hasta=D(2026, 6, 15))
    assert [f.mes for f in filas] == [D(2026, 3, 1), D(2026, 4, 1), D(2026, 5, 1), D(2026, 6, 1)]
    assert filas[0].derecho == Decimal("967.74") and filas[0].consumo == Decimal("800")
    assert filas[0].inicio_ventana and filas[3].inicio_ventana and not filas[1].inicio_ventana
    assert filas[2].vencido == Decimal("4167.74")  # 967.74 + 2000 + 2000 − 800 lost on 31 May
    assert filas[3].vencido == Decimal("0")
