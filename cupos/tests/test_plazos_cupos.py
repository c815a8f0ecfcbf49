"""Deadline checks of cupos: R-12 inactivity (vessels only, strictly more than three months) and
R-01 the foreign vessel's operating permit."""

import datetime as dt
from decimal import Decimal

import pytest

from core.identidad.roles import Rol
from core.vencimientos.alertas import alertas_abiertas
from core.vencimientos.plazos import revisar_plazos
from cupos.models import TipoAlertaCupos
from cupos.plazos import ultimo_dia_inactivo
from cupos.services.beneficiarios import beneficiario_update
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import AcuicultoraFactory, ArmadaFactory, NaveFactory, ResolucionFactory, extranjera

D = dt.date
T = TipoAlertaCupos
def _firme(analista, beneficiario, firmeza):
    resolucion = ResolucionFactory(anio=firmeza.year, fecha_expedicion=D(firmeza.year, 2, 20))
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=beneficiario, galones_anuales=Decimal(1200))
    return cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=firmeza)


def _inactivos(fecha) -> set[int]:
    revisar_plazos(fecha=fecha)
    return set(alertas_abiertas(T.CUPO_INACTIVO).values_list("beneficiario_id", flat=True))


@pytest.mark.parametrize(
    "fecha, ultimo",
    [
        (D(2026, 6, 10), D(2026, 3, 9)),  # 10 March + 3 months = 10 June: not yet more than three
        (D(2026, 5, 31), D(2026, 2, 28)),  # 28 February + 3 months = 28 May < 31 May
        (D(2026, 5, 28), D(2026, 2, 27)),
        (D(2026, 3, 1), D(2025, 11, 30)),  # 30 November + 3 months = 28 February (clamped) < 1 March
        (D(2026, 2, 28), D(2025, 11, 27)),
    ],
)
def test_r12_more_than_three_months_is_strict(fecha, ultimo):
    assert ultimo_dia_inactivo(fecha) == ultimo


@pytest.mark.django_db
def test_r12_exactly_three_months_without_use_is_not_yet_inactive(settings, crear_usuario):
    settings.OUTBOX_ENDPOINTS = {}
    nave = NaveFactory()
    _firme(crear_usuario(Rol.UPME_ANALISTA), nave, D(2026, 3, 10))
    assert nave.id not in _inactivos(D(2026, 6, 10))
    assert nave.id in _inactivos(D(2026, 6, 11))


@pytest.mark.django_db
def test_r12_inactivity_covers_vessels_only(settings, crear_usuario):
    """"podrá cancelar los cupos a aquellas naves que ... no hagan uso del mismo por más de tres (3) meses"."""
    settings.OUTBOX_ENDPOINTS = {}
    analista = crear_usuario(Rol.UPME_ANALISTA)
    nave, acuicultora, armada = NaveFactory(), AcuicultoraFactory(), ArmadaFactory()
    for beneficiario in (nave, acuicultora, armada):
        _firme(analista, beneficiario, D(2026, 3, 2))
    assert _inactivos(D(2026, 7, 15)) == {nave.id}


@pytest.mark.django_db
def test_r01_upme_is_alerted_30_days_before_a_foreign_permit_lapses(settings, crear_usuario):
    settings.OUTBOX_ENDPOINTS = {}
    analista = crear_usuario(Rol.UPME_ANALISTA)
    nave = extranjera(permiso_vigente_hasta=D(2026, 7, 15))
    _firme(analista, nave, D(2026, 3, 2))
    extranjera(permiso_vigente_hasta=D(2026, 7, 1))  # no cupo: nothing for UPME to decide
    revisar_plazos(fecha=D(2026, 6, 14))
    assert not alertas_abiertas(T.PERMISO_EXTRANJERO_POR_VENCER).exists()
    revisar_plazos(fecha=D(2026, 6, 15))
    alerta = alertas_abiertas(T.PERMISO_EXTRANJERO_POR_VENCER).get()
    assert alerta.beneficiario_id == nave.id and alerta.vence == D(2026, 7, 15)
    beneficiario_update(actor=analista, beneficiario=nave, permiso_vigente_hasta=D(2027, 7, 15))
    revisar_plazos(fecha=D(2026, 6, 16))
    assert not alertas_abiertas(T.PERMISO_EXTRANJERO_POR_VENCER).exists()


@pytest.mark.django_db
def test_r01_a_foreign_vessel_fishes_and_holds_a_valid_permit(upme):
    from core.tests.factories import CapitaniaFactory

    CapitaniaFactory(codigo="CP05")
    datos = {
        "tipo": "nave_extranjera",
        "nombre": "Atún del Pacífico",
        "identificacion": "900111222",
        "matricula": "PA-9001",
        "bandera": "PA",
        "trb": 400,
        "actividad": "cabotaje",
        "capacidad_combustible_gal": 9000,
        "capitania": "CP05",
        "empresa_nit": "900111222",
    }
    r = upme.post("/api/v1/beneficiarios/", datos, format="json")
    assert r.status_code == 400 and "actividad" in r.json() and "permiso_vigente_hasta" in r.json()
    r = upme.post(
        "/api/v1/beneficiarios/", {**datos, "actividad": "pesca", "permiso_vigente_hasta": "2027-03-31"}, format="json"
    )
    assert r.status_code == 201 and r.json()["permiso_vigente_hasta"] == "2027-03-31"
