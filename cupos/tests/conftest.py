"""Fixtures shared by the tests of cupos' pages: a fixed today, logged-in clients, DOMAIN.md's worked example."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import transaction

from core.roles import Rol
from cupos.services import libro
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import NaveFactory, ResolucionFactory

D = dt.date
HOY = D(2026, 6, 15)
MODULOS_CON_HOY = (
    "cupos.views.beneficiarios",
    "cupos.views.tablero",
    "cupos.forms",
    "cupos.services.cupos",
)


def fijar_hoy(monkeypatch, fecha):
    for modulo in MODULOS_CON_HOY:
        monkeypatch.setattr(f"{modulo}.today", lambda fecha=fecha: fecha)


@pytest.fixture
def hoy(monkeypatch):
    fijar_hoy(monkeypatch, HOY)
    return HOY


@pytest.fixture
def analista(crear_usuario):
    return crear_usuario(Rol.UPME_ANALISTA)


def descontar(actor, nave, fecha, galones):
    with transaction.atomic():
        cupo = libro.cupo_lock_vigente(beneficiario_id=nave.id, fecha=fecha)
        return libro.movimiento_descuento(
            actor=actor, cupo=cupo, fecha=fecha, galones=Decimal(galones), referencia=f"certificado:CP05-{fecha:%m%d}"
        )


@pytest.fixture
def dona_lucia(hoy, analista):
    """DOMAIN.md's worked example: firm on 2026-03-17, 800 gal taken on 2026-03-20."""
    nave = NaveFactory(nombre="Doña Lucía", matricula="MC-05-0777", trb=Decimal("120"))
    resolucion = ResolucionFactory(anio=2026, numero="000123", fecha_expedicion=D(2026, 2, 24))
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("24000"))
    cupo = cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 17))
    descontar(analista, nave, D(2026, 3, 20), "800")
    return cupo


@pytest.fixture
def media(settings, tmp_path):
    """Uploaded files go to a fresh folder, so a test sees exactly what it stored."""
    settings.MEDIA_ROOT = tmp_path
    return tmp_path
