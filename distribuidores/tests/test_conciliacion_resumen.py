"""Issue 14: the reconciliation page reads a stored result (ResumenConciliacion) that always equals a
computation from scratch — after a report replaces another, after a late sale — and its queries
do not grow with the number of reports."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.auditoria.audit import audit_record
from core.identidad.roles import Rol
from distribuidores.models import ReporteMensual, ResumenConciliacion
from distribuidores.selectors.conciliacion.mes import conciliacion_mes, conciliacion_serie
from distribuidores.services.resumen_conciliacion import conciliacion_mes_resumida, conciliacion_serie_resumida
from distribuidores.tests.factories import certificado_de
from distribuidores.tests.test_conciliacion_selectors import MARZO, mayorista, mes_en_regla, reporte, vender
from zarpes.tests.factories import nave_con_cupo

CONCILIACION = "/distribuidores/conciliacion/"
ABRIL_2025 = dt.date(2025, 4, 1)


def igual_a_calcular(distribuidor_id=None):
    """The stored month and series equal a fresh computation (and were served from storage)."""
    guardado = conciliacion_mes_resumida(periodo=MARZO, distribuidor_id=distribuidor_id)
    fresco = conciliacion_mes(periodo=MARZO, distribuidor_id=distribuidor_id)
    assert guardado.hallazgos == fresco.hallazgos
    assert guardado.totales == fresco.totales
    assert (guardado.fecha_limite, guardado.plazo_vencido, guardado.conteo) == (
        fresco.fecha_limite,
        fresco.plazo_vencido,
        fresco.conteo,
    )
    serie = conciliacion_serie_resumida(hasta=MARZO, distribuidor_id=distribuidor_id)
    assert serie == conciliacion_serie(desde=ABRIL_2025, hasta=MARZO, distribuidor_id=distribuidor_id)
    return guardado


def servido_sin_motor(monkeypatch, distribuidor_id=None):
    """A second read does not run the engine: it comes from the stored row."""
    import distribuidores.services.resumen_conciliacion as modulo

    def falla(**_):
        raise AssertionError("recalculó en vez de leer lo guardado")

    with monkeypatch.context() as m:
        m.setattr(modulo, "conciliacion_mes", falla)
        m.setattr(modulo, "conciliacion_serie", falla)
        conciliacion_mes_resumida(periodo=MARZO, distribuidor_id=distribuidor_id)
        conciliacion_serie_resumida(hasta=MARZO, distribuidor_id=distribuidor_id)


@pytest.mark.django_db
def test_summary_equals_a_fresh_computation_after_a_report_replaces_another(monkeypatch):
    petromar, nave, cert, acuicola = mes_en_regla()
    antes = igual_a_calcular()
    servido_sin_motor(monkeypatch)
    assert antes.hallazgos == []
    # Version 2 replaces version 1 (ingesta._tomar_vigencia: the old one stops being in force, audited).
    v1 = ReporteMensual.objects.get(distribuidor=petromar.distribuidor, periodo=MARZO)
    ReporteMensual.objects.filter(pk=v1.pk).update(vigente=False)
    audit_record(actor=None, accion="reporte.reemplazar", obj=v1)
    reporte(petromar.distribuidor, [(nave, "650", cert.numero), (acuicola, "400", "")], version=2)
    despues = igual_a_calcular()
    assert "reportado_distinto_de_vendido" in despues.conteo
    assert despues.totales.reportado != antes.totales.reportado
    # The replacement alone, with no new row anywhere: the audit row is what makes it stale.
    v2 = ReporteMensual.objects.get(distribuidor=petromar.distribuidor, periodo=MARZO, version=2)
    ReporteMensual.objects.filter(pk=v2.pk).update(vigente=False)
    ReporteMensual.objects.filter(pk=v1.pk).update(vigente=True)
    audit_record(actor=None, accion="reporte.reemplazar", obj=v2)
    assert igual_a_calcular().hallazgos == antes.hallazgos


@pytest.mark.django_db
def test_summary_equals_a_fresh_computation_after_a_late_sale(monkeypatch):
    petromar, *_ = mes_en_regla()
    igual_a_calcular(petromar.distribuidor_id)
    servido_sin_motor(monkeypatch, petromar.distribuidor_id)
    otra, _ = nave_con_cupo(nombre="Doña Inés")
    vender(petromar, otra, "300", certificado_de(otra, "300"))  # registered after the summary
    despues = igual_a_calcular(petromar.distribuidor_id)
    assert despues.totales.vendido == Decimal("1500.00")  # 800 + 400 of the month in order, + 300
    assert "reportado_distinto_de_vendido" in despues.conteo
    assert igual_a_calcular().totales.vendido == Decimal("1500.00")


@pytest.mark.django_db
def test_backfill_command_stores_every_month_with_reports():
    petromar, *_ = mes_en_regla()
    call_command("resumir_conciliacion", "--distribuidores")
    claves = set(ResumenConciliacion.objects.values_list("clase", "periodo", "alcance"))
    assert claves == {
        ("mes", MARZO, 0),
        ("serie", MARZO, 0),
        ("mes", MARZO, petromar.distribuidor_id),
        ("serie", MARZO, petromar.distribuidor_id),
    }
    # It recomputes whatever is stored: it repairs a change made outside the services.
    ResumenConciliacion.objects.filter(clase="mes", alcance=0).update(datos={"roto": True})
    call_command("resumir_conciliacion", "--desde", "2026-03", "--hasta", "2026-03")
    igual_a_calcular()


@pytest.mark.django_db
def test_page_queries_are_the_same_for_2_and_20_reports(entrar, crear_usuario):
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))

    def con_reportes(n, periodo):
        for i in range(n):
            usuario = mayorista(nit=f"9{periodo.month:02d}{i:06d}", razon_social=f"Mayorista {periodo.month}-{i}")
            nave, _ = nave_con_cupo()
            cert = certificado_de(nave, "500", fecha=periodo.replace(day=20))
            vender(usuario, nave, "500", cert, fecha=periodo.replace(day=21))
            reporte(usuario.distribuidor, [(nave, "500", cert.numero)], periodo=periodo)

    def contar(periodo):
        consultas = []
        for _ in range(2):  # the first view computes and stores, the second reads
            with CaptureQueriesContext(connection) as c:
                assert cliente.get(CONCILIACION, {"periodo": f"{periodo:%Y-%m}"}).status_code == 200
            consultas.append(len(c))
        return consultas

    con_reportes(2, MARZO)
    pocos = contar(MARZO)
    con_reportes(20, dt.date(2026, 4, 1))
    muchos = contar(dt.date(2026, 4, 1))
    assert muchos == pocos
    assert pocos[1] <= 12  # the stored read: fingerprint, the stored month and series, the page's own


@pytest.mark.django_db
def test_the_beat_keeps_the_recent_national_months_current_and_does_nothing_when_they_are(monkeypatch):
    from distribuidores.services import resumen_conciliacion as modulo

    monkeypatch.setattr(modulo, "today", lambda: dt.date(2026, 4, 20))
    mes_en_regla()
    assert modulo.conciliacion_recientes_refresh() == ["2026-03", "2026-04"]
    for periodo in (MARZO, dt.date(2026, 4, 1)):
        vista = modulo.conciliacion_para_pagina(periodo=periodo)
        assert vista.al_dia and vista.resultado.totales == conciliacion_mes(periodo=periodo).totales
    assert modulo.conciliacion_recientes_refresh() == []
    # An audited write unrelated to them leaves them current (issue 27); a cupo change makes both stale.
    audit_record(actor=None, accion="prueba.otra", objeto_tipo="prueba", objeto_id="1")
    assert modulo.conciliacion_recientes_refresh() == []
    audit_record(actor=None, accion="cupo.causa_justificada", objeto_tipo="cupos.cupo", objeto_id="1")
    assert modulo.conciliacion_recientes_refresh() == ["2026-03", "2026-04"]
