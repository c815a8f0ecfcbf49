"""R-09: the previous cupo runs on "hasta tanto el nuevo cupo ... quede en firme", only while the new
year's cupo is being decided; a refusal ends it from its firmeza (P-05), a lost right on its date."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import transaction

from core.identidad.roles import Rol
from core.tests.segundo_factor import con_codigo
from cupos.models import Cupo, Solicitud
from cupos.selectors.cupos import cupo_vigente
from cupos.services import libro
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.services.solicitudes import (
    solicitud_cambiar_estado,
    solicitud_fijar_plazo,
    solicitud_radicar,
    solicitud_registrar_causa_justificada,
)
from cupos.tests.conftest import fijar_hoy
from cupos.tests.factories import NaveFactory, ResolucionFactory

D = dt.date


@pytest.fixture
def en_continuidad(settings, monkeypatch, crear_usuario):
    """A vessel whose 2025 cupo, firm since 2025-03-03, has no successor; today is 2026-01-20."""
    settings.OUTBOX_ENDPOINTS = {}
    fijar_hoy(monkeypatch, D(2026, 1, 20))
    monkeypatch.setattr("cupos.services.continuidad.today", lambda: D(2026, 1, 20))
    monkeypatch.setattr("cupos.services.solicitudes.today", lambda: D(2026, 1, 20))
    analista = crear_usuario(Rol.UPME_ANALISTA)
    nave = NaveFactory()
    resolucion = ResolucionFactory(anio=2025, fecha_expedicion=D(2025, 2, 20))
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("24000"))
    cupo = cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2025, 3, 3))
    return analista, nave, cupo


def _solicitud(analista, nave, **campos):
    campos = {"anio": 2026, "galones_solicitados": Decimal("20000"), "fecha_radicacion": D(2026, 1, 10)} | campos
    return solicitud_radicar(actor=analista, beneficiario=nave, **campos)


def _rechazar_y_renunciar(analista, nave, fecha: dt.date, **campos):
    """The application refused (an act, DOMAIN §8), notified in person and its recursos waived on `fecha`: the
    refusal is firm for the applicant from the next day (P-04 (4))."""
    from core.actos.services import notificacion_registrar, renuncia_registrar

    solicitud = _solicitud(analista, nave, **campos)
    solicitud = solicitud_cambiar_estado(
        actor=analista, solicitud=solicitud, estado=Solicitud.Estado.RECHAZADA, observaciones="No cumple"
    )
    interesado = solicitud.acto.interesados.get()
    notificacion_registrar(actor=analista, acto_id=solicitud.acto_id, interesado_id=interesado.id, medio="personal",
                           fecha=fecha, soporte="Notificación personal en la ventanilla")
    renuncia_registrar(actor=analista, acto_id=solicitud.acto_id, interesado_id=interesado.id, fecha=fecha,
                       soporte="Renuncia escrita a los recursos")
    return solicitud


@pytest.mark.django_db
def test_r09_p05_a_refused_application_ends_the_continuation_only_from_the_refusals_firmeza(en_continuidad):
    from core.actos.services import firmezas_aplicar

    analista, nave, cupo = en_continuidad
    assert cupo_vigente(beneficiario_id=nave.id, fecha=D(2026, 1, 15)).id == cupo.id
    _rechazar_y_renunciar(analista, nave, D(2026, 1, 20))
    cupo.refresh_from_db()
    assert cupo.fecha_fin is None  # issued, not firm: the refusal has no effect yet (P-05)
    firmezas_aplicar(hoy=D(2026, 1, 20))
    cupo.refresh_from_db()
    assert cupo.fecha_fin is None
    firmezas_aplicar(hoy=D(2026, 1, 21))  # firm from the day after the waiver
    cupo.refresh_from_db()
    assert cupo.fecha_fin == D(2026, 1, 20) and cupo.motivo_fin == Cupo.Fin.SOLICITUD_RECHAZADA
    assert cupo_vigente(beneficiario_id=nave.id, fecha=D(2026, 1, 20)).id == cupo.id
    assert cupo_vigente(beneficiario_id=nave.id, fecha=D(2026, 1, 21)) is None


@pytest.mark.django_db
def test_r09_a_refusal_firm_before_the_new_year_lets_the_cupo_finish_its_own_year(en_continuidad, monkeypatch):
    from core.actos.services import firmezas_aplicar

    analista, nave, cupo = en_continuidad
    fijar_hoy(monkeypatch, D(2025, 12, 10))
    monkeypatch.setattr("cupos.services.continuidad.today", lambda: D(2025, 12, 10))
    monkeypatch.setattr("cupos.services.solicitudes.today", lambda: D(2025, 12, 10))
    _rechazar_y_renunciar(analista, nave, D(2025, 12, 10), fecha_radicacion=D(2025, 12, 1))
    firmezas_aplicar(hoy=D(2025, 12, 11))
    cupo.refresh_from_db()
    assert cupo.fecha_fin == D(2025, 12, 31)


@pytest.mark.django_db
def test_r09_a_right_lost_for_late_information_ends_it_and_a_justified_cause_restores_it(en_continuidad):
    """R-04 par. 2: "se perderá el derecho a la fijación del cupo ... para el año respectivo"."""
    analista, nave, cupo = en_continuidad
    solicitud = _solicitud(analista, nave)
    solicitud_fijar_plazo(actor=analista, solicitud=solicitud, fecha_limite=D(2026, 1, 5))
    cupo.refresh_from_db()
    assert cupo.fecha_fin == D(2026, 1, 20) and cupo.motivo_fin == Cupo.Fin.PERDIDA_DERECHO
    solicitud_registrar_causa_justificada(actor=analista, solicitud=solicitud, causa="Paro de transportadores")
    cupo.refresh_from_db()
    assert cupo.fecha_fin is None and cupo.motivo_fin == ""


@pytest.mark.django_db
def test_r09_upme_records_no_cupo_in_the_new_resolution(en_continuidad, cliente):
    cupo = en_continuidad[2]
    upme = cliente(Rol.UPME_ANALISTA)
    url = f"/api/v1/cupos/{cupo.id}/fin-continuidad/"
    datos = {"anio": 2026, "fecha": "2026-01-18", "motivo": "Resolución 000045 de 2026 sin cupo para la nave"}
    r = upme.post(url, datos, format="json")
    assert r.status_code == 200, r.json()
    assert r.json()["fecha_fin"] == "2026-01-18" and r.json()["motivo_fin"] == "sin_cupo_en_resolucion"
    r = upme.post(url, datos, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "cupo_sin_continuidad"
    assert cliente(Rol.AUDITOR).post(url, datos, format="json").status_code == 403


@pytest.mark.django_db
def test_r09_no_end_while_the_beneficiary_has_the_new_years_cupo_or_before_recorded_consumption(
    en_continuidad, cliente
):
    analista, nave, cupo = en_continuidad
    with transaction.atomic():
        bloqueado = libro.cupo_lock_vigente(beneficiario_id=nave.id, fecha=D(2026, 1, 19))
        libro.movimiento_descuento(actor=analista, cupo=bloqueado, fecha=D(2026, 1, 19), galones=Decimal("50"))
    upme = cliente(Rol.UPME_ANALISTA)
    url = f"/api/v1/cupos/{cupo.id}/fin-continuidad/"
    r = upme.post(url, {"anio": 2026, "fecha": "2026-01-18", "motivo": "Sin cupo"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "consumo_fuera_de_vigencia"
    resolucion = ResolucionFactory(anio=2026, fecha_expedicion=D(2026, 1, 15))
    cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("12000"))
    r = upme.post(url, {"anio": 2026, "fecha": "2026-01-20", "motivo": "Sin cupo"}, format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "cupo_del_anio_otorgado"
    cupo.refresh_from_db()
    assert cupo.fecha_fin is None


@pytest.mark.django_db
def test_r09_the_page_action_confirms_before_ending(en_continuidad, entrar):
    analista, nave, cupo = en_continuidad
    cliente = entrar(analista)
    assert "Sin cupo en la resolución del año siguiente" in cliente.get(f"/beneficiarios/{nave.id}/").content.decode()
    datos = {"continuidad-anio": "2026", "continuidad-fecha": "2026-01-20", "continuidad-motivo": "Sin cupo en 2026"}
    r = cliente.post(f"/cupos/{cupo.id}/fin-continuidad/", datos)
    assert r.status_code == 200 and "deja de estar vigente al terminar el 20 de enero de 2026" in r.content.decode()
    cupo.refresh_from_db()
    assert cupo.fecha_fin is None
    r = cliente.post(
        f"/cupos/{cupo.id}/fin-continuidad/", con_codigo(cliente, {**datos, "confirmado": "1"}), follow=True
    )
    assert "la continuidad del cupo terminó" in r.content.decode()
    cupo.refresh_from_db()
    assert cupo.fecha_fin == D(2026, 1, 20)


def _anual_sin(analista, incluida, monkeypatch):
    """The 2026 annual resolution issued on 2026-01-20 by its lines, with a line for `incluida` only."""
    from cupos.services import asignacion

    resolucion = ResolucionFactory(anio=2026, numero="000777", fecha_expedicion=D(2026, 1, 20))
    asignacion.lineas_set(usuario=analista, resolucion=resolucion,
                          lineas=[{"beneficiario": incluida.id, "galones_anuales": "12000"}])
    resolucion.refresh_from_db()
    asignacion.resolucion_expedir(usuario=analista, resolucion=resolucion)
    asignacion.resolucion_expedicion_process(resolucion_id=resolucion.id)
    resolucion.refresh_from_db()
    assert resolucion.estado == "expedida"
    return resolucion


@pytest.mark.django_db
def test_r09_the_annual_resolution_that_leaves_a_vessel_out_ends_its_continuation_when_its_first_cupo_starts(
    en_continuidad, monkeypatch
):
    from cupos.services.continuidad import omisiones_terminar

    analista, nave, cupo = en_continuidad
    otra = NaveFactory()
    anterior = cupo_grant(actor=analista, resolucion=cupo.resolucion, beneficiario=otra, galones_anuales=Decimal(9000))
    cupo_declare_firm(actor=analista, cupo=anterior, fecha_firmeza=D(2025, 3, 3))
    resolucion = _anual_sin(analista, otra, monkeypatch)
    # P-01: the omission is notified with the resolution's act, whose persons concerned include the vessel left out.
    assert resolucion.acto.interesados.filter(beneficiario_id=nave.id).exists()
    assert omisiones_terminar(hoy=D(2026, 3, 1)) == 0  # no cupo of 2026 has started: it runs on
    nuevo = Cupo.objects.get(resolucion=resolucion, beneficiario=otra)
    fijar_hoy(monkeypatch, D(2026, 3, 2))
    cupo_declare_firm(actor=analista, cupo=nuevo, fecha_firmeza=D(2026, 3, 2))
    assert omisiones_terminar(hoy=D(2026, 3, 2)) == 1  # with no record from anyone
    cupo.refresh_from_db()
    assert cupo.fecha_fin == D(2026, 3, 1) and cupo.motivo_fin == Cupo.Fin.SIN_CUPO_EN_RESOLUCION
    assert "000777" in cupo.detalle_fin and "2 de marzo de 2026" in cupo.detalle_fin
    assert cupo_vigente(beneficiario_id=nave.id, fecha=D(2026, 3, 1)) == cupo
    assert cupo_vigente(beneficiario_id=nave.id, fecha=D(2026, 3, 2)) is None
    assert omisiones_terminar(hoy=D(2026, 3, 3)) == 0  # once


@pytest.mark.django_db
def test_r09_an_omission_revoked_on_recurso_keeps_the_continuation(en_continuidad, monkeypatch):
    from core.actos.services import recurso_decidir, recurso_presentar
    from cupos.services.continuidad import omisiones_terminar

    analista, nave, cupo = en_continuidad
    otra = NaveFactory()
    anterior = cupo_grant(actor=analista, resolucion=cupo.resolucion, beneficiario=otra, galones_anuales=Decimal(9000))
    cupo_declare_firm(actor=analista, cupo=anterior, fecha_firmeza=D(2025, 3, 3))
    resolucion = _anual_sin(analista, otra, monkeypatch)
    persona = resolucion.acto.interesados.get(beneficiario_id=nave.id)
    recurso = recurso_presentar(actor=analista, acto_id=resolucion.acto_id, interesado_id=persona.pk,
                                tipo="reposicion", fecha=D(2026, 1, 20), motivos="Presenté la solicitud a tiempo.")
    recurso_decidir(actor=analista, recurso_id=recurso.pk, sentido="revoca",
                    motivacion="La solicitud se radicó en término; se le asignará por resolución modificatoria.")
    fijar_hoy(monkeypatch, D(2026, 3, 2))
    cupo_declare_firm(actor=analista, cupo=Cupo.objects.get(resolucion=resolucion, beneficiario=otra),
                      fecha_firmeza=D(2026, 3, 2))
    assert omisiones_terminar(hoy=D(2026, 3, 2)) == 0
    cupo.refresh_from_db()
    assert cupo.fecha_fin is None
