"""The deadline alerts of the cargo reservation reach who must act (C-08, C-09, C-11): the agency's
agents for the manifest and the bills, the importer's or exporter's users for the semiannual report and
the contract registration; Dimar keeps seeing all of them. Core knows them by Alerta.nit_responsable."""

import datetime as dt

import pytest
from django.core import mail

from core.identidad.access import alertas_visibles
from core.identidad.roles import Rol
from core.mensajes.notificaciones import alertas_resumen_enviar
from core.vencimientos.plazos import revisar_plazos
from reserva.models import ContratoAnual, TipoAlertaReserva
from reserva.tests.factories import ArriboFactory

pytestmark = pytest.mark.django_db


def _tipos(usuario):
    return sorted(alertas_visibles(usuario).values_list("tipo", "referencia"))


def test_c08_el_agente_ve_la_alerta_del_sobordo_de_su_agencia_y_no_la_de_otra(crear_usuario):
    agente = crear_usuario(Rol.AGENTE_MARITIMO, agencia_nit="800123456")
    otro = crear_usuario(Rol.AGENTE_MARITIMO, agencia_nit="800999888")
    dimar = crear_usuario(Rol.DIMAR)
    suyo = ArriboFactory(fecha_arribo=dt.date(2026, 3, 20), agencia__nit="800123456")
    ajeno = ArriboFactory(fecha_arribo=dt.date(2026, 3, 20), agencia__nit="800999888")
    revisar_plazos(fecha=dt.date(2026, 4, 9))  # the manifest is late, the bills not yet

    assert _tipos(agente) == [(TipoAlertaReserva.SOBORDO_VENCIDO, f"arribo-{suyo.pk}")]
    assert _tipos(otro) == [(TipoAlertaReserva.SOBORDO_VENCIDO, f"arribo-{ajeno.pk}")]
    assert len(_tipos(dimar)) == 2  # Dimar's view is kept
    assert _tipos(crear_usuario(Rol.USUARIO_CARGA, nit="900555123")) == []


def test_c08_el_resumen_diario_llega_al_agente_de_la_agencia(crear_usuario):
    agente = crear_usuario(Rol.AGENTE_MARITIMO, agencia_nit="800123456", email="agente@agencia.co")
    crear_usuario(Rol.AGENTE_MARITIMO, agencia_nit="800999888", email="otro@agencia.co")
    crear_usuario(Rol.DIMAR, email="dimar@dimar.mil.co")
    ArriboFactory(fecha_arribo=dt.date(2026, 3, 20), agencia__nit="800123456")
    revisar_plazos(fecha=dt.date(2026, 4, 16))  # manifest and bills, both late
    mail.outbox.clear()

    assert alertas_resumen_enviar() == 2  # the agent and Dimar; not the other agency
    para = {m.to[0]: m for m in mail.outbox}
    assert set(para) == {agente.email, "dimar@dimar.mil.co"}
    assert "Tiene 2 alertas" in para[agente.email].body
    assert "Sobordo" in para[agente.email].body


def test_c11_la_alerta_del_registro_de_contratos_llega_al_importador(crear_usuario):
    importador = crear_usuario(Rol.USUARIO_CARGA, nit="900555123")
    otro = crear_usuario(Rol.USUARIO_CARGA, nit="900777666")
    dimar = crear_usuario(Rol.DIMAR)
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
    revisar_plazos(fecha=dt.date(2026, 6, 1))
    esperada = [(TipoAlertaReserva.CONTRATO_REGISTRO_VENCIDO, f"contrato-{contrato.pk}")]
    assert [t for t in _tipos(importador) if t[0] == TipoAlertaReserva.CONTRATO_REGISTRO_VENCIDO] == esperada
    assert _tipos(otro) == []
    assert esperada[0] in _tipos(dimar)


def test_c08_la_pagina_de_alertas_del_agente_enlaza_su_arribo(entrar):
    suyo = ArriboFactory(fecha_arribo=dt.date(2026, 3, 20), agencia__nit="800123456", nave__nombre="Río Magdalena")
    ArriboFactory(fecha_arribo=dt.date(2026, 3, 20), agencia__nit="800999888", nave__nombre="Otra Nave")
    revisar_plazos(fecha=dt.date(2026, 4, 9))
    agente = entrar(Rol.AGENTE_MARITIMO, agencia_nit="800123456")
    url = f"/alertas/?tipo={TipoAlertaReserva.SOBORDO_VENCIDO}&mes=2026-04&estado=abiertas"
    pagina = agente.get(url).content.decode()
    assert f'href="/reserva/arribos/{suyo.pk}/"' in pagina and "Río Magdalena" in pagina
    assert "Otra Nave" not in pagina
    assert agente.get(f"/reserva/arribos/{suyo.pk}/").status_code == 200
