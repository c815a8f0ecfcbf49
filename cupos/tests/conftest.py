"""Fixtures shared by the tests of cupos' pages: a fixed today, logged-in clients, DOMAIN.md's worked example."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import transaction

from cupos.models import AltaDimar, NovedadDimar, Solicitud
from cupos.services import libro
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import AcuicultoraFactory, NaveFactory, ResolucionFactory
from distribuidores.models import Declaracion

D = dt.date
HOY = D(2026, 6, 15)
MODULOS_CON_HOY = (
    "cupos.views.beneficiarios",
    "cupos.views.tablero",
    "cupos.views.resoluciones",
    "cupos.views.asignacion",
    "cupos.forms",
    "cupos.services.cupos",
    "cupos.services.asignacion",
    "cupos.services.modificatorias",
    "cupos.views.modificatorias",
    "core.vencimientos.calendario",  # the procedure's acts (core.actos) are dated by it
)


def fijar_hoy(monkeypatch, fecha):
    for modulo in MODULOS_CON_HOY:
        monkeypatch.setattr(f"{modulo}.today", lambda fecha=fecha: fecha)


@pytest.fixture
def hoy(monkeypatch):
    fijar_hoy(monkeypatch, HOY)
    return HOY


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


# --- The annual allocation of 2027 (cupos.services.asignacion) --------------------------------------


def solicitud(nave, estado="aprobada", galones="26000", anio=2027, **campos):
    return Solicitud.objects.create(
        beneficiario=nave,
        anio=anio,
        galones_solicitados=Decimal(galones),
        fecha_radicacion=D(2026, 6, 1),
        estado=estado,
        **campos,
    )


def cupo_firme(analista, resolucion, nave, galones="12000"):
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal(galones))
    return cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2026, 3, 17))


@pytest.fixture
def anio(dona_lucia, analista):
    """2026 on record and 2027 to allocate: Doña Lucía applied (approved), Brisa runs on in
    continuation, Rosa was refused, Tobías lost the right (late, no cause), Perla has nothing."""
    r2026 = dona_lucia.resolucion
    nave = dona_lucia.beneficiario
    solicitud(nave, galones="26000")
    for periodo, galones, tarde in (
        (D(2026, 3, 1), "100", False),
        (D(2026, 4, 1), "200", False),
        (D(2026, 5, 1), "50", True),
    ):
        Declaracion.objects.create(
            beneficiario=nave,
            periodo=periodo,
            galones_adquiridos=Decimal(galones),
            presentada=periodo,
            extemporanea=tarde,
        )
    brisa = NaveFactory(nombre="Brisa del Mar", capacidad_combustible_gal=Decimal("5000"))
    cupo_firme(analista, r2026, brisa)
    rosa = NaveFactory(nombre="Rosa")
    cupo_firme(analista, r2026, rosa)
    solicitud(rosa, estado="rechazada")
    tobias = NaveFactory(nombre="Don Tobías")
    cupo_firme(analista, r2026, tobias)
    solicitud(tobias, estado="radicada", extemporanea=True)
    perla = NaveFactory(nombre="Perla")
    r2027 = ResolucionFactory(anio=2027, numero="000010", fecha_expedicion=D(2026, 6, 10))
    return {
        "r2026": r2026,
        "r2027": r2027,
        "lucia": nave,
        "brisa": brisa,
        "rosa": rosa,
        "tobias": tobias,
        "perla": perla,
    }


# --- A modifying resolution of 2026 (issue 26) ------------------------------------------------------


@pytest.fixture
def escenario(dona_lucia, analista):
    """2026: Doña Lucía (24.000 gal, 800 consumed), Brisa (12.000, firm), an acuicultora (6.000, firm),
    Nueva (an alta reported by Dimar, no cupo), and the modifying resolution 000300 in draft."""
    anual = dona_lucia.resolucion
    brisa = NaveFactory(nombre="Brisa", matricula="MC-05-0100")
    cupo_brisa = cupo_firme(analista, anual, brisa)
    acuicola = AcuicultoraFactory(nombre="Camarones del Caribe S.A.S.")
    cupo_acuicola = cupo_firme(analista, anual, acuicola, galones="6000")
    nueva = NaveFactory(nombre="Nueva Esperanza", matricula="MC-05-0200")
    novedad = NovedadDimar.objects.create(periodo=D(2026, 6, 1), fecha_recepcion=D(2026, 6, 3))
    alta = AltaDimar.objects.create(novedad=novedad, beneficiario=nueva)
    modificatoria = ResolucionFactory(
        anio=2026, numero="000300", fecha_expedicion=D(2026, 6, 15), tipo="modificatoria", modifica=anual
    )
    return {
        "anual": anual,
        "res": modificatoria,
        "lucia": dona_lucia.beneficiario,
        "cupo_lucia": dona_lucia,
        "brisa": brisa,
        "cupo_brisa": cupo_brisa,
        "acuicola": acuicola,
        "cupo_acuicola": cupo_acuicola,
        "nueva": nueva,
        "alta": alta,
    }
