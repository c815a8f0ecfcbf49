"""Alerts a person can work through: grouped by type and month, a drill-down that links each alert
to its subject, mark-as-seen per group, and one e-mail digest a day per responsible user."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.identidad.roles import Rol
from core.mensajes.notificaciones import alertas_resumen_enviar
from core.models import AlertaVista
from core.tests.factories import DistribuidorFactory, UsuarioFactory
from core.vencimientos.alertas import Sujeto, alerta_raise
from cupos.tests.factories import NaveFactory
from distribuidores.models import TipoAlertaDistribuidores

T = TipoAlertaDistribuidores
D = dt.date


def _declaraciones_vencidas(naves, vence=D(2026, 11, 17)):
    for nave in naves:
        alerta_raise(
            tipo=T.DECLARACION_BENEFICIARIO_VENCIDA,
            sujeto=Sujeto(f"2026-10:{nave.matricula}", vence, f"{nave.nombre} no ha declarado.",
                          rol_responsable=Rol.BENEFICIARIO, alcance={"beneficiario": nave.id}),
            fecha=vence,
        )


@pytest.mark.django_db
def test_miles_de_alertas_de_un_tipo_son_una_fila_y_las_consultas_no_crecen(entrar):
    cliente = entrar(Rol.UPME_ANALISTA)
    _declaraciones_vencidas(NaveFactory.create_batch(3))
    with CaptureQueriesContext(connection) as pocas:
        r = cliente.get("/alertas/")
    assert r.status_code == 200
    _declaraciones_vencidas(NaveFactory.create_batch(40))
    with CaptureQueriesContext(connection) as muchas:
        r = cliente.get("/alertas/")
    html = r.content.decode()
    assert html.count("Declaración del beneficiario vencida</a>") == 1
    assert ">43<" in html and "noviembre de 2026" in html
    assert len(muchas) == len(pocas)


@pytest.mark.django_db
def test_el_detalle_de_un_grupo_enlaza_cada_alerta_a_su_asunto_sin_claves_internas(entrar):
    nave = NaveFactory(nombre="Doña Lucía", matricula="MC-05-0420")
    _declaraciones_vencidas([nave])
    r = entrar(Rol.UPME_ANALISTA).get("/alertas/", {"tipo": T.DECLARACION_BENEFICIARIO_VENCIDA, "mes": "2026-11"})
    html = r.content.decode()
    assert f'href="/beneficiarios/{nave.id}/"' in html and "Doña Lucía" in html
    assert "2026-10:MC-05-0420" not in html and "declaracion_beneficiario_vencida\"" not in html.split("<select")[0]
    assert "17 de noviembre de 2026" in html


def _insignia(cliente, url_name: str) -> int:
    """The count beside a menu entry; the menu holds entries and groups of entries (core.web.menu.menu_agrupado)."""
    menu = cliente.get("/").context["menu"]
    return {x["url_name"]: x["insignia"] for e in menu for x in e.get("entradas", [e])}[url_name]


@pytest.mark.django_db
def test_marcar_un_grupo_como_visto_lo_saca_de_la_insignia(entrar):
    _declaraciones_vencidas(NaveFactory.create_batch(5))
    cliente = entrar(Rol.UPME_ANALISTA)
    assert _insignia(cliente, "alertas") == 5
    datos = {"tipo": T.DECLARACION_BENEFICIARIO_VENCIDA, "mes": "2026-11", "estado": "abiertas"}
    r = cliente.post("/alertas/", datos, follow=True)
    assert "5 alertas marcadas como vistas" in r.content.decode()
    assert AlertaVista.objects.filter(usuario=cliente.usuario).count() == 5
    cliente.post("/alertas/", datos)  # twice: nothing new
    assert AlertaVista.objects.count() == 5
    assert _insignia(cliente, "alertas") == 0
    otro = entrar(UsuarioFactory(rol=Rol.AUDITOR))  # seen is per user
    assert _insignia(otro, "alertas") == 5


@pytest.mark.django_db
def test_un_resumen_diario_por_responsable_y_nunca_dos_veces(mailoutbox):
    naves = NaveFactory.create_batch(30)
    UsuarioFactory(rol=Rol.BENEFICIARIO, beneficiario=naves[0], email="capitan@lucia.co")
    UsuarioFactory(rol=Rol.UPME_ANALISTA, email="analista@upme.gov.co")
    mayorista = DistribuidorFactory(nit="900456123")
    UsuarioFactory(rol=Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit="860002400"), email="otro@mayorista.co")
    alerta_raise(
        tipo=T.REPORTE_DISTRIBUIDOR_VENCIDO,
        sujeto=Sujeto("2026-10:900456123", D(2026, 11, 17), "Sin reporte.", rol_responsable=Rol.DISTRIBUIDOR,
                      alcance={"distribuidor": mayorista.id}),
        fecha=D(2026, 11, 18),
    )
    _declaraciones_vencidas(naves)
    assert mailoutbox == []  # raising alerts mails nobody
    assert alertas_resumen_enviar() == 1
    [correo] = mailoutbox
    assert correo.to == ["capitan@lucia.co"] and "Declaración del beneficiario vencida: 1" in correo.body
    assert "17 de noviembre de 2026" in correo.body
    assert alertas_resumen_enviar() == 0  # already notified
