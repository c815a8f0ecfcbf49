"""R-06: a cupo is consumed "desde el día en que ... quede en firme y sea comunicado a la Dimar"."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import transaction
from django.utils import timezone

from core.identidad.roles import Rol
from core.mensajes.outbox import outbox_deliver
from core.models import MensajeSaliente
from core.tests.segundo_factor import con_codigo
from cupos.models import Cupo
from cupos.selectors.cupos import cupo_vigente
from cupos.selectors.saldos import cupo_saldo
from cupos.services import libro
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import NaveFactory, ResolucionFactory

D = dt.date
DIMAR = "http://dimar.invalid/notificaciones/"


class _Respuesta:
    status_code = 200
    text = '{"ok": true}'


@pytest.fixture
def dimar_acusa(monkeypatch):
    """Dimar's endpoint acknowledges every message (no network: the HTTP call is the boundary)."""
    monkeypatch.setattr("core.mensajes.outbox.requests.post", lambda *a, **k: _Respuesta())


@pytest.fixture
def sucesion_por_acusar(settings, crear_usuario, dimar_acusa):
    """A vessel with its 2025 cupo (communicated by letter) and its 2026 cupo firm on 17 March,
    notified through Dimar's endpoint and not yet acknowledged."""
    analista = crear_usuario(Rol.UPME_ANALISTA)
    nave = NaveFactory()
    settings.OUTBOX_ENDPOINTS = {}
    anterior = cupo_declare_firm(actor=analista, cupo=_cupo(analista, nave, 2025), fecha_firmeza=D(2025, 3, 3))
    settings.OUTBOX_ENDPOINTS = {"cupo_en_firme": DIMAR}
    nuevo = cupo_declare_firm(actor=analista, cupo=_cupo(analista, nave, 2026), fecha_firmeza=D(2026, 3, 17))
    return analista, nave, anterior, nuevo


def _cupo(analista, nave, anio, galones="24000"):
    resolucion = ResolucionFactory(anio=anio, fecha_expedicion=D(anio, 2, 20))
    return cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal(galones))


def _entregar(cupo) -> MensajeSaliente:
    mensaje = MensajeSaliente.objects.get(clave=f"cupo_en_firme:{cupo.id}")
    return outbox_deliver(mensaje_id=mensaje.id)


@pytest.mark.django_db
def test_r06_without_dimar_endpoint_the_official_letter_dates_the_communication(settings, crear_usuario):
    settings.OUTBOX_ENDPOINTS = {}
    analista = crear_usuario(Rol.UPME_ANALISTA)
    cupo = cupo_declare_firm(actor=analista, cupo=_cupo(analista, NaveFactory(), 2026), fecha_firmeza=D(2026, 3, 17))
    assert cupo.fecha_comunicacion == D(2026, 3, 17) and cupo.comunicacion_origen == Cupo.Comunicacion.OFICIO
    assert cupo.fecha_inicio == D(2026, 3, 17)
    _entregar(cupo)  # registered (no endpoint): nothing moves
    cupo.refresh_from_db()
    assert cupo.fecha_inicio == D(2026, 3, 17)


@pytest.mark.django_db
def test_r06_with_an_endpoint_the_cupo_starts_when_dimar_acknowledges(sucesion_por_acusar):
    """Firm on 17 March, acknowledged today: the old cupo runs until yesterday, the new one from
    today, its first month prorated from today (R-08) and its windows counted from this month."""
    _, nave, anterior, nuevo = sucesion_por_acusar
    assert nuevo.estado == Cupo.Estado.EN_FIRME and nuevo.fecha_inicio is None and nuevo.fecha_comunicacion is None
    assert cupo_vigente(beneficiario_id=nave.id, fecha=D(2026, 3, 20)).id == anterior.id  # R-09 continuation
    _entregar(nuevo)
    hoy = timezone.localdate()
    nuevo.refresh_from_db()
    anterior.refresh_from_db()
    assert nuevo.fecha_comunicacion == hoy and nuevo.comunicacion_origen == Cupo.Comunicacion.ACUSE
    assert nuevo.fecha_inicio == hoy
    assert anterior.fecha_fin == hoy - dt.timedelta(days=1) and anterior.motivo_fin == Cupo.Fin.SUCESION
    assert cupo_vigente(beneficiario_id=nave.id, fecha=hoy).id == nuevo.id
    saldo = cupo_saldo(cupo=nuevo, fecha=hoy)
    assert saldo.ventana.inicio == hoy
    dias = (dt.date(hoy.year + (hoy.month == 12), hoy.month % 12 + 1, 1) - dt.timedelta(days=1)).day
    assert saldo.asignado == (Decimal("2000") * (dias - hoy.day + 1) / dias).quantize(Decimal("0.01"))


@pytest.mark.django_db
def test_r06_a_day_the_previous_cupo_was_used_stays_with_it(sucesion_por_acusar):
    """The acknowledgement cannot be refused: if the old cupo was used today, before Dimar's
    acknowledgement arrived, the new one starts tomorrow and the ledger stays consistent."""
    analista, nave, anterior, nuevo = sucesion_por_acusar
    hoy = timezone.localdate()
    with transaction.atomic():
        bloqueado = libro.cupo_lock_vigente(beneficiario_id=nave.id, fecha=hoy)
        libro.movimiento_descuento(actor=analista, cupo=bloqueado, fecha=hoy, galones=Decimal("100"))
    _entregar(nuevo)
    nuevo.refresh_from_db()
    anterior.refresh_from_db()
    assert nuevo.fecha_comunicacion == hoy and nuevo.fecha_inicio == hoy + dt.timedelta(days=1)
    assert anterior.fecha_fin == hoy


@pytest.mark.django_db
def test_r06_upme_records_the_letter_and_the_start_follows(settings, cliente):
    settings.OUTBOX_ENDPOINTS = {"cupo_en_firme": DIMAR}  # Dimar never answers in this test
    upme = cliente(Rol.UPME_ANALISTA)
    nave = NaveFactory(trb=Decimal("120"))
    resolucion = ResolucionFactory(anio=2026, fecha_expedicion=D(2026, 2, 20))
    cupo = upme.post(
        "/api/v1/cupos/", {"resolucion": resolucion.id, "beneficiario": nave.id, "galones_anuales": "24000"}
    ).json()
    r = upme.post(f"/api/v1/cupos/{cupo['id']}/firmeza/", {"fecha_firmeza": "2026-03-17"}, format="json")
    assert r.status_code == 200
    assert r.json()["estado"] == "en_firme" and r.json()["fecha_firmeza"] == "2026-03-17"
    assert r.json()["fecha_inicio"] is None
    assert upme.get(f"/api/v1/cupos/{cupo['id']}/saldo/?fecha=2026-03-20").json()["codigo"] == "sin_cupo_vigente"
    r = upme.post(f"/api/v1/cupos/{cupo['id']}/comunicacion/", {"fecha_comunicacion": "2026-03-19"}, format="json")
    assert r.status_code == 200, r.json()
    assert r.json()["fecha_inicio"] == "2026-03-19" and r.json()["comunicacion_origen"] == "registro_upme"
    saldo = upme.get(f"/api/v1/cupos/{cupo['id']}/saldo/?fecha=2026-03-20").json()
    assert saldo["asignado_ventana"] == "838.71"  # 2000 × 13/31, from the communication
    assert saldo["ventana"] == {"inicio": "2026-03-19", "fin": "2026-05-31", "meses": 3}


@pytest.mark.django_db
def test_r06_the_start_is_the_later_of_firmeza_and_communication(settings, cliente):
    settings.OUTBOX_ENDPOINTS = {}
    upme = cliente(Rol.UPME_ANALISTA)
    resolucion = ResolucionFactory(anio=2026, fecha_expedicion=D(2026, 2, 20))
    ids = [
        upme.post(
            "/api/v1/cupos/", {"resolucion": resolucion.id, "beneficiario": NaveFactory().id, "galones_anuales": "1200"}
        ).json()["id"]
        for _ in range(2)
    ]
    despues = {"fecha_firmeza": "2026-03-17", "fecha_comunicacion": "2026-03-24"}
    assert upme.post(f"/api/v1/cupos/{ids[0]}/firmeza/", despues, format="json").json()["fecha_inicio"] == "2026-03-24"
    antes = {"fecha_firmeza": "2026-03-17", "fecha_comunicacion": "2026-03-02"}
    assert upme.post(f"/api/v1/cupos/{ids[1]}/firmeza/", antes, format="json").json()["fecha_inicio"] == "2026-03-17"


@pytest.mark.django_db
def test_r06_a_future_firmeza_is_a_400(settings, cliente):
    settings.OUTBOX_ENDPOINTS = {}
    upme = cliente(Rol.UPME_ANALISTA)
    resolucion = ResolucionFactory(anio=2026, fecha_expedicion=D(2026, 2, 20))
    cupo = upme.post(
        "/api/v1/cupos/", {"resolucion": resolucion.id, "beneficiario": NaveFactory().id, "galones_anuales": "1200"}
    ).json()
    manana = (timezone.localdate() + dt.timedelta(days=1)).isoformat()
    r = upme.post(f"/api/v1/cupos/{cupo['id']}/firmeza/", {"fecha_firmeza": manana}, format="json")
    assert r.status_code == 400 and "fecha_firmeza" in r.json()
    assert Cupo.objects.get(pk=cupo["id"]).estado == Cupo.Estado.EXPEDIDO


@pytest.mark.django_db
def test_r06_a_later_communication_cannot_strand_recorded_consumption(settings, cliente, crear_usuario):
    settings.OUTBOX_ENDPOINTS = {}
    analista = crear_usuario(Rol.UPME_ANALISTA)
    nave = NaveFactory()
    cupo = cupo_declare_firm(actor=analista, cupo=_cupo(analista, nave, 2026), fecha_firmeza=D(2026, 3, 17))
    with transaction.atomic():
        bloqueado = libro.cupo_lock_vigente(beneficiario_id=nave.id, fecha=D(2026, 3, 20))
        libro.movimiento_descuento(actor=analista, cupo=bloqueado, fecha=D(2026, 3, 20), galones=Decimal("100"))
    r = cliente(Rol.UPME_ANALISTA).post(
        f"/api/v1/cupos/{cupo.id}/comunicacion/", {"fecha_comunicacion": "2026-03-25"}, format="json"
    )
    assert r.status_code == 409 and r.json()["codigo"] == "consumo_fuera_de_vigencia"
    cupo.refresh_from_db()
    assert cupo.fecha_inicio == D(2026, 3, 17)


@pytest.mark.django_db
def test_r06_recording_the_communication_on_the_page_asks_for_confirmation(settings, entrar, crear_usuario):
    settings.OUTBOX_ENDPOINTS = {"cupo_en_firme": DIMAR}
    analista = crear_usuario(Rol.UPME_ANALISTA)
    cupo = cupo_declare_firm(actor=analista, cupo=_cupo(analista, NaveFactory(), 2026), fecha_firmeza=D(2026, 3, 17))
    cliente = entrar()
    pagina = cliente.get(f"/beneficiarios/{cupo.beneficiario_id}/?cupo={cupo.id}").content.decode()
    assert "inicia cuando Dimar acuse la comunicación" in pagina
    url = f"/cupos/{cupo.id}/comunicacion/"
    r = cliente.post(url, {"comunicacion-fecha_comunicacion": "2026-03-19"})
    assert r.status_code == 200 and "se puede consumir desde el 19 de marzo de 2026" in r.content.decode()
    cupo.refresh_from_db()
    assert cupo.fecha_inicio is None
    cliente.post(url, con_codigo(cliente, {"comunicacion-fecha_comunicacion": "2026-03-19", "confirmado": "1"}))
    cupo.refresh_from_db()
    assert cupo.fecha_inicio == D(2026, 3, 19)
