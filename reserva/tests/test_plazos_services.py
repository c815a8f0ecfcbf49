"""Deadline checks of the cargo reservation: the day of the deadline no alert, the day after one,
once; the alert resolves when the act is recorded (C-06, C-08, C-09, C-11, C-12)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core import registro
from core.identidad.roles import Rol
from core.models import Alerta
from core.vencimientos.plazos import revisar_plazos
from reserva import plazos
from reserva.models import ContratoAnual, InformeSemestral, TipoAlertaReserva
from reserva.services import arribos, conocimientos
from reserva.tests.factories import ArriboFactory, ConocimientoFactory, ExoneracionFactory, RecargoFactory

pytestmark = pytest.mark.django_db
DIA = dt.timedelta(days=1)


def _referencias(revision, fecha):
    return [s.referencia for s in revision.atrasados(fecha)]


def test_las_revisiones_de_reserva_estan_registradas():
    tipos = {r.tipo for r in registro.revisiones()}
    assert {r.tipo for r in plazos.REVISIONES} <= tipos


def test_c08_sobordo_dia_antes_el_dia_y_despues():
    arribo = ArriboFactory(fecha_arribo=dt.date(2026, 3, 20))
    revision = plazos.SobordoVencido()
    assert arribo.vence_sobordo == dt.date(2026, 4, 8)
    assert _referencias(revision, dt.date(2026, 4, 7)) == []
    assert _referencias(revision, dt.date(2026, 4, 8)) == []
    assert _referencias(revision, dt.date(2026, 4, 9)) == [f"arribo-{arribo.pk}"]


def test_c08_conocimientos_dia_antes_el_dia_y_despues():
    arribo = ArriboFactory(fecha_arribo=dt.date(2026, 3, 20))
    revision = plazos.ConocimientosVencidos()
    assert _referencias(revision, dt.date(2026, 4, 14)) == []
    assert _referencias(revision, dt.date(2026, 4, 15)) == []
    assert _referencias(revision, dt.date(2026, 4, 16)) == [f"arribo-{arribo.pk}"]
    ConocimientoFactory(arribo=arribo)
    assert _referencias(revision, dt.date(2026, 4, 16)) == []


def test_c08_la_alerta_del_sobordo_se_levanta_una_vez_y_se_resuelve(crear_usuario):

    agente = crear_usuario(Rol.AGENTE_MARITIMO)
    arribo = ArriboFactory(fecha_arribo=dt.date(2026, 3, 20), agencia__nit=agente.agencia_nit)
    revisar_plazos(fecha=dt.date(2026, 4, 9))
    revisar_plazos(fecha=dt.date(2026, 4, 10))
    assert Alerta.objects.filter(tipo=TipoAlertaReserva.SOBORDO_VENCIDO).count() == 1
    alerta = Alerta.objects.get(tipo=TipoAlertaReserva.SOBORDO_VENCIDO)
    assert alerta.rol_responsable == Rol.DIMAR and alerta.vence == dt.date(2026, 4, 8)
    pdf = SimpleUploadedFile("s.pdf", b"%PDF-1.4 sobordo")
    arribos.sobordo_present(actor=agente, arribo=arribo, fecha_presentacion=dt.date(2026, 4, 10), archivo=pdf)
    alerta.refresh_from_db()
    assert alerta.resuelta is not None
    conocimientos.conocimiento_register(
        actor=agente,
        arribo=arribo.pk,
        numero="X",
        usuario_nit="900555123",
        usuario_nombre="I",
        mercancia="ordinaria",
        embalaje="contenedor",
        puerto_cargue="Houston",
        pais_cargue="US",
        puerto_descargue="Cartagena",
        pais_descargue="CO",
        toneladas=Decimal(1),
        flete_usd=Decimal(1),
    )
    revisar_plazos(fecha=dt.date(2026, 4, 20))
    assert not Alerta.objects.filter(tipo=TipoAlertaReserva.CONOCIMIENTOS_VENCIDOS).exists()


def test_c09_informe_semestral_agosto_y_febrero():
    from reserva.models import ListaSistemasEspeciales

    for anio, semestre in ((2026, 1), (2026, 2)):
        lista = ListaSistemasEspeciales.objects.create(
            anio=anio, semestre=semestre, referencia="Oficio", fecha_recibo=dt.date(2026, 7, 1)
        )
        lista.usuarios.create(nit="900555123", nombre="Importadora", direccion="Calle 1")
    revision = plazos.InformeSemestralVencido()
    assert _referencias(revision, dt.date(2026, 8, 30)) == []
    assert _referencias(revision, dt.date(2026, 8, 31)) == []
    assert _referencias(revision, dt.date(2026, 9, 1)) == ["2026-1:900555123"]
    InformeSemestral.objects.create(
        usuario_nit="900555123",
        anio=2026,
        semestre=1,
        fecha_presentacion=dt.date(2026, 9, 2),
        vence=dt.date(2026, 8, 31),
    )
    assert _referencias(revision, dt.date(2026, 9, 3)) == []
    # 28 February 2027 is a Sunday: the deadline moves to Monday 1 March (Ley 4 de 1913, art. 62).
    assert _referencias(revision, dt.date(2027, 3, 1)) == []
    assert _referencias(revision, dt.date(2027, 3, 2)) == ["2026-2:900555123"]


def test_c11_registro_de_contratos_dia_antes_el_dia_y_despues():
    contrato = ContratoAnual.objects.create(
        usuario_nit="900555123",
        anio=2026,
        producto="Trigo",
        toneladas_anio=100,
        puerto_origen="A",
        puerto_destino="B",
        toneladas_embarque=10,
        periodicidad="mensual",
        primer_embarque=dt.date(2026, 6, 1),
        fecha_presentacion=dt.date(2026, 4, 1),
        fecha_autorizacion=dt.date(2026, 4, 15),
        vence_registro=dt.date(2026, 5, 29),
    )
    revision = plazos.ContratoRegistroVencido()
    assert _referencias(revision, dt.date(2026, 5, 29)) == []
    assert _referencias(revision, dt.date(2026, 5, 30)) == [f"contrato-{contrato.pk}"]


def test_c06_decision_de_exoneracion_dia_antes_el_dia_y_despues():
    exoneracion = ExoneracionFactory(fecha_radicacion=dt.date(2026, 3, 2))
    revision = plazos.ExoneracionDecisionVencida()
    vence = exoneracion.vence_decision
    assert _referencias(revision, vence - DIA) == [] and _referencias(revision, vence) == []
    assert _referencias(revision, vence + DIA) == [f"exoneracion-{exoneracion.pk}"]
    # A clarification keeps the file on Dimar's deadlines; a request to complete stops the term.
    exoneracion.estado = "aclaracion"
    exoneracion.save()
    assert _referencias(revision, vence + DIA) == [f"exoneracion-{exoneracion.pk}"]
    exoneracion.estado = "completar"
    exoneracion.save()
    assert _referencias(revision, vence + DIA) == []


def test_c12_decision_de_recargo_dia_antes_el_dia_y_despues():
    recargo = RecargoFactory()
    revision = plazos.RecargoDecisionVencida()
    assert _referencias(revision, dt.date(2026, 3, 23)) == []
    assert _referencias(revision, dt.date(2026, 3, 24)) == []
    assert _referencias(revision, dt.date(2026, 3, 25)) == [f"recargo-{recargo.pk}"]


def test_vencimientos_del_mes_para_el_calendario():
    ArriboFactory(fecha_arribo=dt.date(2026, 3, 20))
    items = plazos.vencimientos(2026, 4)
    assert {i["fecha"] for i in items} == {dt.date(2026, 4, 8), dt.date(2026, 4, 15)}
    assert any("C-09" in i["que"] for i in plazos.vencimientos(2026, 8))
