"""R-06: the bulk firmeza of a resolution is ONE act (cupos.services.firmezas): every issued cupo becomes
firm and is communicated to Dimar, or none does and nothing is sent. On real PostgreSQL, with the job's
own transaction committing or rolling back (transactional tests)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.comun.errors import ApplicationError
from core.models import MensajeSaliente, RegistroAuditoria
from core.tests.segundo_factor import con_codigo
from cupos.models import Cupo, FirmezaMasiva, Movimiento
from cupos.selectors.cupos import regla_aplicable
from cupos.services import firmezas
from cupos.services.cupos import AVISO_DIMAR, cupo_declare_firm, cupo_grant
from cupos.tests.conftest import D
from cupos.tests.factories import NaveFactory, ResolucionFactory
from zarpes.tests.factories import baja_dimar

FIRMEZA = D(2026, 3, 2)
DIMAR = "http://127.0.0.1:9/dimar"


@pytest.fixture(params=["con_destino", "sin_destino"])
def dimar(request, settings, monkeypatch):
    """Both ways a firm cupo starts (R-06): with Dimar's endpoint, when Dimar acknowledges its notice
    (the act changes only the resolution's cupos); without one, at once by official letter dated on the
    firmeza (the act also ends the cupos they succeed, R-09). The notices are stored, not delivered."""
    destino = DIMAR if request.param == "con_destino" else ""
    settings.OUTBOX_ENDPOINTS = {**settings.OUTBOX_ENDPOINTS, "cupo_en_firme": destino}
    monkeypatch.setattr(firmezas, "encolar", lambda *a, **k: True)
    return destino


def _resolucion(analista, naves: int = 7, numero: str = "000310"):
    resolucion = ResolucionFactory(anio=2026, numero=numero, fecha_expedicion=D(2026, 2, 20))
    for i in range(naves):
        cupo_grant(
            actor=analista,
            resolucion=resolucion,
            beneficiario=NaveFactory(nombre=f"Nave {numero}-{i:03d}"),
            galones_anuales=Decimal("12000"),
        )
    return resolucion


def _dar_de_baja(resolucion, *posiciones, fecha=D(2026, 2, 25)):
    """Dimar reports the vessels of the cupos at `posiciones` (in id order) as baja before the firmeza."""
    cupos = list(resolucion.cupos.select_related("beneficiario").order_by("id"))
    for n in posiciones:
        baja_dimar(cupos[n].beneficiario, fecha)
    return [cupos[n].beneficiario.nombre for n in posiciones]


def _nada_cambio(resolucion):
    assert not resolucion.cupos.exclude(estado=Cupo.Estado.EXPEDIDO).exists()
    assert not resolucion.cupos.filter(fecha_firmeza__isnull=False).exists()
    assert not MensajeSaliente.objects.filter(tipo=AVISO_DIMAR).exists()
    assert not Movimiento.objects.exists()
    assert not RegistroAuditoria.objects.filter(accion="cupo.firmeza").exists()


@pytest.mark.django_db(transaction=True)
def test_r06_bulk_firmeza_is_one_act_all_cupos_firm_and_each_notice_stored(hoy, analista):
    resolucion = _resolucion(analista)
    trabajo = firmezas.firmeza_masiva_request(actor=analista, resolucion=resolucion, fecha_firmeza=FIRMEZA)
    trabajo.refresh_from_db()
    assert trabajo.estado == FirmezaMasiva.Estado.TERMINADA and trabajo.progreso == 100
    assert (trabajo.total, trabajo.hechos, trabajo.avisos) == (7, 7, 7)
    assert trabajo.mensaje.startswith("Se declaró la firmeza de 7 cupos desde el 2 de marzo de 2026.")
    assert set(resolucion.cupos.values_list("estado", flat=True)) == {Cupo.Estado.EN_FIRME}
    avisados = set(MensajeSaliente.objects.filter(tipo=AVISO_DIMAR).values_list("payload__cupo", flat=True))
    assert avisados == set(resolucion.cupos.values_list("id", flat=True))


@pytest.mark.django_db(transaction=True)
def test_r06_r24_a_vessel_dada_de_baja_stops_the_act_and_the_job_names_every_one(hoy, analista):
    resolucion = _resolucion(analista)
    nombres = _dar_de_baja(resolucion, 3, 5)
    trabajo = firmezas.firmeza_masiva_request(actor=analista, resolucion=resolucion, fecha_firmeza=FIRMEZA)
    trabajo.refresh_from_db()
    assert trabajo.estado == FirmezaMasiva.Estado.FALLIDA and trabajo.hechos == 0
    assert "2 cupos no pueden quedar en firme" in trabajo.mensaje
    for nombre in nombres:
        assert f"el cupo de {nombre}: Dimar reportó la baja de la nave" in trabajo.mensaje
    assert "Ningún cupo quedó en firme y no se comunicó nada a Dimar." in trabajo.mensaje
    _nada_cambio(resolucion)


@pytest.mark.django_db
def test_r06_the_checks_name_each_cupo_that_would_stop_the_act(hoy, analista):
    resolucion = _resolucion(analista, naves=4)
    nombres = _dar_de_baja(resolucion, 1, 2)
    impedimentos = firmezas.firmeza_masiva_impedimentos(
        resolucion=resolucion, fecha_firmeza=FIRMEZA, fecha_comunicacion=None
    )
    assert [i.beneficiario for i in impedimentos] == nombres
    assert all("(R-24)" in i.motivo and "25 de febrero de 2026" in i.motivo for i in impedimentos)
    # A baja after the day the cupo starts does not stop it (it could be consumed until the baja).
    assert not firmezas.firmeza_masiva_impedimentos(
        resolucion=resolucion, fecha_firmeza=D(2026, 2, 21), fecha_comunicacion=D(2026, 2, 21)
    )


@pytest.mark.django_db
def test_r06_the_checks_see_a_later_firm_cupo_and_consumption_the_previous_cupo_cannot_give_up(hoy, analista):
    from cupos.tests.conftest import descontar

    nave, otra = NaveFactory(nombre="Alfa"), NaveFactory(nombre="Beta")
    anterior = ResolucionFactory(anio=2025, numero="000309", fecha_expedicion=D(2025, 2, 20))
    for b in (nave, otra):
        cupo = cupo_grant(actor=analista, resolucion=anterior, beneficiario=b, galones_anuales=Decimal("24000"))
        cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2025, 3, 3))
    descontar(analista, otra, D(2026, 3, 10), "100")  # on the previous cupo, after the new one would start
    resolucion = ResolucionFactory(anio=2026, numero="000311", fecha_expedicion=D(2026, 2, 20))
    for b in (nave, otra):
        cupo_grant(actor=analista, resolucion=resolucion, beneficiario=b, galones_anuales=Decimal("24000"))
    impedimentos = firmezas.firmeza_masiva_impedimentos(
        resolucion=resolucion, fecha_firmeza=FIRMEZA, fecha_comunicacion=None
    )
    assert [(i.beneficiario, "consumo registrado el 10 de marzo de 2026" in i.motivo) for i in impedimentos] == [
        ("Beta", True)
    ]


@pytest.mark.django_db
def test_issue45_consumption_on_the_previous_cupo_is_no_dead_end_the_confirmation_says_from_which_day(
    entrar, hoy, analista
):
    """Issue 45, defect 2: «su cupo anterior tiene consumo registrado …» came with advice that did not apply
    (cancel a vessel dada de baja). The page now says the first day the act can take, and that day works."""
    from cupos.tests.conftest import descontar

    nave = NaveFactory(nombre="Beta")
    anterior = ResolucionFactory(anio=2025, numero="000309", fecha_expedicion=D(2025, 2, 20))
    cupo = cupo_grant(actor=analista, resolucion=anterior, beneficiario=nave, galones_anuales=Decimal("24000"))
    cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2025, 3, 3))
    descontar(analista, nave, D(2026, 3, 5), "100")
    descontar(analista, nave, D(2026, 3, 10), "100")  # the last use of the previous cupo
    resolucion = ResolucionFactory(anio=2026, numero="000311", fecha_expedicion=D(2026, 2, 20))
    cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("24000"))
    (impedimento,) = firmezas.firmeza_masiva_impedimentos(
        resolucion=resolucion, fecha_firmeza=FIRMEZA, fecha_comunicacion=FIRMEZA
    )
    assert impedimento.desde == D(2026, 3, 11)
    cliente = entrar()
    url = reverse("cupos:resolucion-firmeza", args=[resolucion.id])
    html = cliente.post(url, {"fecha_firmeza": "2026-03-02", "fecha_comunicacion": "2026-03-02"}).content.decode()
    assert "puede quedar en firme desde el 11 de marzo de 2026" in html
    assert "declare la firmeza con fecha del 11 de marzo de 2026 o posterior" in html
    assert "cancele el cupo de una nave dada de baja" not in html  # advice that does not apply
    html = cliente.post(url, {"fecha_firmeza": "2026-03-11", "fecha_comunicacion": "2026-03-11"}).content.decode()
    assert "No se puede confirmar" not in html


@pytest.mark.django_db
def test_r24_one_cupo_of_a_vessel_dada_de_baja_cannot_become_firm(hoy, analista):
    resolucion = _resolucion(analista, naves=1)
    cupo = resolucion.cupos.get()
    baja_dimar(cupo.beneficiario, D(2026, 2, 25))
    with pytest.raises(ApplicationError) as exc:
        cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=FIRMEZA)
    assert exc.value.codigo == "nave_dada_de_baja"
    cupo.refresh_from_db()
    assert cupo.estado == Cupo.Estado.EXPEDIDO and not MensajeSaliente.objects.exists()


@pytest.mark.django_db
def test_r06_the_confirmation_names_the_cupos_and_refuses_the_act(entrar, hoy, analista):
    resolucion = _resolucion(analista, naves=3)
    (nombre,) = _dar_de_baja(resolucion, 1)
    cliente = entrar()
    url = reverse("cupos:resolucion-firmeza", args=[resolucion.id])
    html = cliente.post(url, {"fecha_firmeza": "2026-03-02"}).content.decode()
    assert "No se puede confirmar: un cupo no puede quedar en firme" in html
    assert f"El cupo de <strong>{nombre}</strong>: Dimar reportó la baja" in html
    assert 'disabled aria-disabled="true"' in html
    r = cliente.post(url, con_codigo(cliente, {"fecha_firmeza": "2026-03-02", "confirmado": "1"}))
    assert r.status_code == 409 and not FirmezaMasiva.objects.exists()
    _nada_cambio(resolucion)
    # Without the baja's vessel in the way the same page lets the act be confirmed.
    html = cliente.post(url, {"fecha_firmeza": "2026-02-21", "fecha_comunicacion": "2026-02-21"}).content.decode()
    assert "No se puede confirmar" not in html and "disabled" not in html


def test_r06_the_sentence_says_it_is_one_act():
    resolucion = ResolucionFactory.build(numero="000312", anio=2026)
    texto = firmezas.firmeza_masiva_efecto(resolucion=resolucion, fecha_firmeza=dt.date(2026, 3, 2), pendientes=2)
    assert "si uno no puede quedar en firme, ninguno queda y no se comunica nada" in texto


def _firmeza_contada(analista, resolucion) -> tuple[FirmezaMasiva, int]:
    with CaptureQueriesContext(connection) as consultas:
        trabajo = firmezas.firmeza_masiva_request(actor=analista, resolucion=resolucion, fecha_firmeza=FIRMEZA)
    trabajo.refresh_from_db()
    return trabajo, len(consultas.captured_queries)


@pytest.mark.django_db(transaction=True)
def test_r06_the_act_costs_the_same_statements_for_3_or_12_cupos(hoy, analista, dimar):
    """At national size (10,000 cupos) the act took three minutes cupo by cupo: now a few statements.
    Each cupo ends up as `declarar_firmeza` leaves one: firm, audited, its notice stored, and (without
    an endpoint) started on the firmeza under the rule of its TRB, its predecessor ended the day before."""
    pequena, grande = _resolucion(analista, 3, "000311"), _resolucion(analista, 12, "000312")
    anteriores = {}
    cupos = [*pequena.cupos.order_by("id")[:1], *grande.cupos.order_by("id")[:4]]  # 1 and 4 with a predecessor
    for n, cupo in enumerate(cupos):
        previo = ResolucionFactory(anio=2025, numero=f"00020{n}", fecha_expedicion=D(2025, 2, 20))
        anterior = cupo_grant(actor=analista, resolucion=previo, beneficiario=cupo.beneficiario, galones_anuales=1200)
        with override_settings(OUTBOX_ENDPOINTS={}):
            anteriores[cupo.id] = cupo_declare_firm(actor=analista, cupo=anterior, fecha_firmeza=D(2025, 3, 3))
    (uno, pocas), (otro, muchas) = _firmeza_contada(analista, pequena), _firmeza_contada(analista, grande)
    assert (uno.estado, otro.estado) == (FirmezaMasiva.Estado.TERMINADA,) * 2, (uno.mensaje, otro.mensaje)
    assert muchas == pocas, (pocas, muchas)
    espera = " 12 esperan el acuse de Dimar para iniciar (R-06)." if dimar else ""
    assert otro.mensaje == (
        "Se declaró la firmeza de 12 cupos desde el 2 de marzo de 2026. Dimar recibirá la comunicación de "
        f"cada uno.{espera}"
    )
    assert (otro.hechos, otro.avisos, otro.sin_inicio, otro.progreso) == (12, 12, 12 if dimar else 0, 100)
    for cupo in grande.cupos.select_related("beneficiario", "regla"):
        assert (cupo.estado, cupo.fecha_firmeza) == (Cupo.Estado.EN_FIRME, FIRMEZA)
        assert cupo.dimar_notificado is not None
        if dimar:
            assert (cupo.fecha_inicio, cupo.fecha_comunicacion, cupo.regla) == (None, None, None)
        else:
            assert (cupo.fecha_inicio, cupo.fecha_comunicacion) == (FIRMEZA, FIRMEZA)
            assert cupo.comunicacion_origen == Cupo.Comunicacion.OFICIO
            assert cupo.regla == regla_aplicable(beneficiario=cupo.beneficiario, fecha=FIRMEZA) is not None
            assert cupo.meses_ventana == cupo.regla.meses
        registro = RegistroAuditoria.objects.get(accion="cupo.firmeza", objeto_id=str(cupo.id))
        assert registro.actor == analista
        assert registro.antes["estado"] == Cupo.Estado.EXPEDIDO and registro.despues["estado"] == Cupo.Estado.EN_FIRME
        assert registro.despues["fecha_inicio"] == (None if dimar else "2026-03-02")
        aviso = MensajeSaliente.objects.get(clave=f"{AVISO_DIMAR}:{cupo.id}")
        assert aviso.payload["fecha_firmeza"] == "2026-03-02"
        assert aviso.payload["fecha_inicio"] == (None if dimar else "2026-03-02")
        assert aviso.payload["beneficiario"]["nombre"] == cupo.beneficiario.nombre
        if cupo.id in anteriores:  # the cupo it succeeds ends the day before it starts
            anterior = Cupo.objects.get(pk=anteriores[cupo.id].id)
            if dimar:
                assert anterior.fecha_fin is None
            else:
                assert (anterior.fecha_fin, anterior.motivo_fin) == (D(2026, 3, 1), Cupo.Fin.SUCESION)
                fin = RegistroAuditoria.objects.get(accion="cupo.fin_sucesion", objeto_id=str(anterior.id))
                assert fin.antes["fecha_fin"] is None and fin.despues["fecha_fin"] == "2026-03-01"


@pytest.mark.django_db(transaction=True)
def test_r06_r24_a_baja_found_under_the_locks_stops_the_whole_act(hoy, analista, dimar, monkeypatch):
    """The confirmation's checks passed (bypassed here); Dimar's baja is seen again once the act holds
    its locks, and nothing is written."""
    resolucion = _resolucion(analista)
    nombres = _dar_de_baja(resolucion, 1, 6)
    original, llamadas = firmezas.firmeza_masiva_impedimentos, []

    def primera_vez_nada(**kwargs):
        llamadas.append(kwargs)
        return [] if len(llamadas) == 1 else original(**kwargs)

    monkeypatch.setattr(firmezas, "firmeza_masiva_impedimentos", primera_vez_nada)
    trabajo = firmezas.firmeza_masiva_request(actor=analista, resolucion=resolucion, fecha_firmeza=FIRMEZA)
    trabajo.refresh_from_db()
    assert len(llamadas) == 2
    assert trabajo.estado == FirmezaMasiva.Estado.FALLIDA and trabajo.hechos == 0
    assert "2 cupos no pueden quedar en firme" in trabajo.mensaje
    assert all(f"el cupo de {nombre}: Dimar reportó la baja" in trabajo.mensaje for nombre in nombres)
    _nada_cambio(resolucion)


@pytest.mark.django_db(transaction=True)
def test_r06_an_unexpected_error_in_the_writes_rolls_everything_back(hoy, analista, dimar, monkeypatch):
    resolucion = _resolucion(analista)
    original = firmezas._avisar

    def roto(avisos):
        original(avisos)
        raise RuntimeError("disco lleno")

    monkeypatch.setattr(firmezas, "_avisar", roto)
    trabajo = firmezas.firmeza_masiva_request(actor=analista, resolucion=resolucion, fecha_firmeza=FIRMEZA)
    trabajo.refresh_from_db()
    assert trabajo.estado == FirmezaMasiva.Estado.FALLIDA and trabajo.mensaje == firmezas.MENSAJE_ERROR
    _nada_cambio(resolucion)


@pytest.mark.django_db(transaction=True)
def test_r09_a_refusal_only_the_writes_see_names_its_cupo_and_nothing_is_written(hoy, analista, settings, monkeypatch):
    """Both checks bypassed: the act itself meets consumption on a predecessor after the day it would end
    (R-09) and a later firm cupo (R-06), and refuses the whole act with each beneficiary's reason."""
    from cupos.tests.conftest import descontar

    settings.OUTBOX_ENDPOINTS = {}  # the cupos start now: the act ends the cupos they succeed
    alfa, beta, gama = NaveFactory(nombre="Alfa"), NaveFactory(nombre="Beta"), NaveFactory(nombre="Gama")
    anterior = ResolucionFactory(anio=2025, numero="000309", fecha_expedicion=D(2025, 2, 20))
    for b in (alfa, beta):
        cupo = cupo_grant(actor=analista, resolucion=anterior, beneficiario=b, galones_anuales=Decimal("24000"))
        cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=D(2025, 3, 3))
    descontar(analista, beta, D(2026, 3, 10), "100")  # on the 2025 cupo, after the new one would start
    posterior = ResolucionFactory(anio=2026, numero="000400", fecha_expedicion=D(2026, 3, 1))
    tardio = cupo_grant(actor=analista, resolucion=posterior, beneficiario=gama, galones_anuales=Decimal("24000"))
    cupo_declare_firm(actor=analista, cupo=tardio, fecha_firmeza=D(2026, 3, 5))
    resolucion = ResolucionFactory(anio=2026, numero="000311", fecha_expedicion=D(2026, 2, 20))
    # One cupo a year: Gama's second 2026 cupo is a state the grant now refuses (409 cupo_duplicado_en_anio); made
    # by hand here (its later cupo set aside for the grant) to test the bulk firmeza's own check on the writes.
    Cupo.objects.filter(pk=tardio.pk).update(estado=Cupo.Estado.CANCELADO, causal_cancelacion="recurso",
                                             soporte_cancelacion="Apartado para la prueba")
    for b in (alfa, beta, gama):
        cupo_grant(actor=analista, resolucion=resolucion, beneficiario=b, galones_anuales=Decimal("24000"))
    Cupo.objects.filter(pk=tardio.pk).update(estado=Cupo.Estado.EN_FIRME, causal_cancelacion="",
                                             soporte_cancelacion="")
    monkeypatch.setattr(firmezas, "firmeza_masiva_impedimentos", lambda **kwargs: [])
    trabajo = firmezas.firmeza_masiva_request(actor=analista, resolucion=resolucion, fecha_firmeza=FIRMEZA)
    trabajo.refresh_from_db()
    assert trabajo.estado == FirmezaMasiva.Estado.FALLIDA and trabajo.hechos == 0
    assert trabajo.mensaje == (
        "No se pudo declarar la firmeza: 2 cupos no pueden quedar en firme: el cupo de Beta: El cupo 000309 de "
        "2025 tiene consumo registrado el 10 de marzo de 2026: su vigencia no puede terminar el 1 de marzo de "
        "2026.; el cupo de Gama: El beneficiario ya tiene un cupo en firme desde 5 de marzo de 2026.. Ningún "
        "cupo quedó en firme y no se comunicó nada a Dimar."
    )
    assert set(resolucion.cupos.values_list("estado", flat=True)) == {Cupo.Estado.EXPEDIDO}
    assert not Cupo.objects.filter(resolucion=anterior, fecha_fin__isnull=False).exists()
    assert not MensajeSaliente.objects.filter(payload__resolucion="000311/2026").exists()
