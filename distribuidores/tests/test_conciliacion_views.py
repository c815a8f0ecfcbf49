"""R-22: the monthly reconciliation page and its export."""

import datetime as dt
import json
import re
from io import BytesIO

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from core.identidad.roles import Rol
from cupos.tests.factories import NaveFactory
from distribuidores.models import ResumenConciliacion
from distribuidores.services.resumen_conciliacion import conciliacion_mes_resumida
from distribuidores.tests.factories import certificado_de
from distribuidores.tests.test_conciliacion_selectors import (
    declarar,
    mayorista,
    mes_en_regla,
    reporte,
    vender,
)
from distribuidores.tests.test_ventas_views import texto
from zarpes.tests.factories import nave_con_cupo

CONCILIACION = "/distribuidores/conciliacion/"


# --- Reconciliation ---


def mes_con_discrepancias():
    petromar, nave, cert, _ = mes_en_regla()
    terpel = mayorista(nit="860002400", razon_social="Terpel Marítima S.A.")
    otra, _ = nave_con_cupo(nombre="Doña Inés")
    reporte(terpel.distribuidor, [(nave, "800", cert.numero), (otra, "25", "")])
    return petromar, terpel, nave, otra


@pytest.mark.django_db
def test_upme_sees_the_month_with_chart_table_filters_and_export(entrar, crear_usuario):
    mes_con_discrepancias()
    r = entrar(crear_usuario(Rol.UPME_ANALISTA)).get(CONCILIACION, {"periodo": "2026-03"})
    assert r.status_code == 200
    html = texto(r)
    assert "Conciliación mensual de marzo de 2026" in html
    datos = json.loads(
        re.search(r'<script id="datos-conciliacion" type="application/json">(.*?)</script>', html, re.S).group(1)
    )
    assert [s["clave"] for s in datos["series"]] == ["certificados", "verificados", "vendido", "reportado", "declarado"]
    assert len(datos["etiquetas"]) == 12 and datos["etiquetas"][-1] == "mar 2026"
    assert datos["series"][2]["datos"][-1] == 1200.0
    assert 'src="/static/js/conciliacion.js"' in html and "<script>" not in html  # no inline script
    assert 'role="img"' in html and "Galones por mes, de abril de 2025 a marzo de 2026" in html
    for codigo in ("certificado_usado_dos_veces", "venta_sin_certificado_valido", "reportado_distinto_de_vendido"):
        assert codigo in html
    assert "Terpel Marítima S.A." in html and "Exportar a Excel" in html
    assert "/distribuidores/conciliacion/exportar.xlsx?periodo=2026-03" in html


@pytest.mark.django_db
def test_reconciliation_list_filters_by_code_with_htmx(entrar, crear_usuario):
    _, terpel, _, otra = mes_con_discrepancias()
    cliente = entrar(crear_usuario(Rol.AUDITOR))
    r = cliente.get(
        CONCILIACION, {"periodo": "2026-03", "codigo": "venta_sin_certificado_valido"}, HTTP_HX_REQUEST="true"
    )
    assert r.status_code == 200
    html = texto(r)
    assert "<html" not in html and "1 discrepancia encontrada" in html
    assert "Doña Inés" in html and "certificado_usado_dos_veces" not in html
    r = cliente.get(
        CONCILIACION, {"periodo": "2026-03", "beneficiario": otra.id, "distribuidor": terpel.distribuidor.id}
    )
    assert r.status_code == 200 and "2 discrepancias con los filtros elegidos" in texto(r)


@pytest.mark.django_db
def test_export_follows_the_filters(entrar, crear_usuario):
    mes_con_discrepancias()
    r = entrar(crear_usuario(Rol.UPME_ANALISTA)).get(
        "/distribuidores/conciliacion/exportar.xlsx", {"periodo": "2026-03", "codigo": "certificado_usado_dos_veces"}
    )
    assert r.status_code == 200
    assert r["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert 'filename="conciliacion-2026-03.xlsx"' in r["Content-Disposition"]
    filas = list(load_workbook(BytesIO(r.content))["Discrepancias"].iter_rows(values_only=True))
    assert [f[0] for f in filas[1:]] == ["certificado_usado_dos_veces"]


@pytest.mark.django_db
def test_a_wholesaler_sees_its_own_reconciliation_only(entrar):
    _, terpel, _, _ = mes_con_discrepancias()
    declarar(NaveFactory(nombre="Nave Declarante"), "10")
    html = texto(entrar(terpel).get(CONCILIACION, {"periodo": "2026-03"}))
    assert "Terpel Marítima S.A. (NIT 860002400)" in html
    assert "Petromar" not in html and "Nave Declarante" not in html
    assert "Declarados por beneficiarios" not in html and "declarado_distinto_de_vendido" not in html
    assert 'name="distribuidor"' not in html  # no wholesaler filter: it is always itself
    r = entrar(terpel).get("/distribuidores/conciliacion/exportar.xlsx", {"periodo": "2026-03"})
    libro = load_workbook(BytesIO(r.content))
    nits = {f[3] for f in libro["Discrepancias"].iter_rows(min_row=2, values_only=True)}
    assert nits == {"860002400"}


@pytest.mark.django_db
def test_reconciliation_is_closed_to_other_roles(client, entrar, crear_usuario):
    r = client.get(CONCILIACION)
    assert r.status_code == 302 and "/ingresar/" in r["Location"]
    assert entrar(crear_usuario(Rol.BENEFICIARIO)).get(CONCILIACION).status_code == 403
    assert (
        entrar(crear_usuario(Rol.CAPITANIA_OFICIAL)).get("/distribuidores/conciliacion/exportar.xlsx").status_code
        == 403
    )


@pytest.mark.django_db
def test_reconciliation_page_queries_do_not_grow_with_the_month(entrar, crear_usuario):
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))
    petromar = mayorista()

    def contar():
        with CaptureQueriesContext(connection) as consultas:
            assert cliente.get(CONCILIACION, {"periodo": "2026-03"}).status_code == 200
        return len(consultas)

    def ventas(n):
        filas = []
        for _ in range(n):
            nave, _ = nave_con_cupo()
            cert = certificado_de(nave, "500")
            vender(petromar, nave, "500", cert)
            filas += [(nave, "600", cert.numero), (nave, "1", cert.numero)]
        return filas

    filas = ventas(1)
    rep = reporte(petromar.distribuidor, filas)
    pocos = contar()
    rep.delete()
    reporte(petromar.distribuidor, filas + ventas(4))
    ResumenConciliacion.objects.all().delete()  # both views compute from scratch: no stored row to replace
    # The first view finds nothing stored, queues the recompute (eager here: the engine, the fingerprint and
    # the store) and reads what it stored (issue 14).
    assert contar() == pocos <= 55


# --- Issue 14: the page never computes in the request; stale figures are shown, said so, and refreshed ---


class Cola:
    """The recompute task's queue as a worker that has not run yet: records what was queued."""

    def __init__(self, monkeypatch, falla=False):
        from distribuidores import tasks

        self.tarea = tasks.conciliacion_recalcular_task
        self.pedidos = []
        self.falla = falla
        monkeypatch.setattr(self.tarea, "delay", self.encolar)

    def encolar(self, *args):
        if self.falla:
            raise ConnectionError("broker caído")
        self.pedidos.append(args)

    def trabajar(self):
        """The worker runs what was queued (the real task body)."""
        pedidos, self.pedidos = self.pedidos, []
        for args in pedidos:
            self.tarea(*args)


def vendidos(html):
    return re.search(r"Vendidos \(ventas registradas\)</dt><dd>([^<]*)", html).group(1).strip()


@pytest.mark.django_db
def test_after_new_data_the_page_shows_the_stored_figures_says_so_and_offers_the_new_ones(
    entrar, crear_usuario, monkeypatch
):
    petromar, _, _, _ = mes_con_discrepancias()
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))
    antes = texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))  # eager: computed and stored
    assert "se está recalculando" not in antes and "Cifras calculadas el" in antes
    assert vendidos(antes) == "1.200,00"

    cola = Cola(monkeypatch)
    nave, _ = nave_con_cupo(nombre="Nave Tardía")
    vender(petromar, nave, "300", certificado_de(nave, "300"))  # a late sale: the stored month is stale
    import distribuidores.services.resumen_conciliacion as modulo

    with monkeypatch.context() as m:
        m.setattr(modulo, "conciliacion_mes", lambda **_: pytest.fail("la página calculó en la petición"))
        m.setattr(modulo, "conciliacion_serie", lambda **_: pytest.fail("la página calculó en la petición"))
        viejo = texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))
        assert vendidos(viejo) == "1.200,00"  # the last stored figures, at once
        assert "Después llegaron datos nuevos" in viejo and "se está recalculando" in viejo
        assert 'hx-get="/distribuidores/conciliacion/estado/?periodo=2026-03"' in viejo
        cliente.get(CONCILIACION, {"periodo": "2026-03"})  # a second view does not queue a second job
        assert len(cola.pedidos) == 1
        estado = texto(cliente.get("/distribuidores/conciliacion/estado/", {"periodo": "2026-03"}))
        assert "se está recalculando" in estado and "hx-trigger" in estado

    cola.trabajar()
    estado = cliente.get("/distribuidores/conciliacion/estado/", {"periodo": "2026-03"})
    assert "Las cifras al día de marzo de 2026 ya están calculadas" in texto(estado)
    assert "hx-trigger" not in texto(estado) and "HX-Refresh" not in estado  # the reader chooses when to reload
    nuevo = texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))
    assert vendidos(nuevo) == "1.500,00" and "se está recalculando" not in nuevo


@pytest.mark.django_db
def test_a_month_never_computed_shows_it_is_being_computed_then_reloads(entrar, crear_usuario, monkeypatch):
    mes_con_discrepancias()
    cola = Cola(monkeypatch)
    cliente = entrar(crear_usuario(Rol.AUDITOR))
    html = texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))
    assert "Se está calculando la conciliación de marzo de 2026" in html
    assert "estado/?periodo=2026-03&amp;vacia=1" in html and len(cola.pedidos) == 1
    cola.trabajar()
    r = cliente.get("/distribuidores/conciliacion/estado/", {"periodo": "2026-03", "vacia": "1"})
    assert r["HX-Refresh"] == "true"
    assert "Totales de marzo de 2026" in texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))


@pytest.mark.django_db
def test_a_lost_recompute_is_queued_again_by_the_polling(entrar, crear_usuario, monkeypatch):
    from django.core.cache import cache

    mes_con_discrepancias()
    cola = Cola(monkeypatch)
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))
    cliente.get(CONCILIACION, {"periodo": "2026-03"})
    assert len(cola.pedidos) == 1
    cola.pedidos.clear()  # the worker died with the job
    cache.delete("conciliacion:recalculo:2026-03:0")  # ... and its key expired (RECALCULO_SEGUNDOS)
    cliente.get("/distribuidores/conciliacion/estado/", {"periodo": "2026-03", "vacia": "1"})
    assert cola.pedidos == [("2026-03-01", None)]


@pytest.mark.django_db
def test_after_a_long_recompute_the_pages_let_the_month_rest_before_queueing_the_next(
    entrar, crear_usuario, monkeypatch
):
    """Issue 27: on the 10th business day each report processed makes the month stale; a recompute that took
    t seconds is not queued again by the pages for REPOSO × t seconds."""
    from django.core.cache import cache

    import distribuidores.services.resumen_conciliacion as modulo

    class Reloj:  # the module's clock: the engine "takes" 20 s
        t = 1000.0

        def monotonic(self):
            return self.t

    reloj, motor = Reloj(), modulo.conciliacion_mes

    def lento(**kwargs):
        reloj.t += 20
        return motor(**kwargs)

    monkeypatch.setattr(modulo, "time", reloj)
    monkeypatch.setattr(modulo, "conciliacion_mes", lento)
    petromar, _, _, _ = mes_con_discrepancias()
    cola = Cola(monkeypatch)
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))
    cliente.get(CONCILIACION, {"periodo": "2026-03"})
    cola.trabajar()  # 20 s: the month rests 60 s
    assert cache.get("conciliacion:reposo:2026-03:0") == 1 and modulo.REPOSO * 20 == 60
    nave, _ = nave_con_cupo(nombre="Nave Tardía")
    vender(petromar, nave, "300", certificado_de(nave, "300"))  # stale again at once
    viejo = texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))
    assert vendidos(viejo) == "1.200,00" and "Después llegaron datos nuevos" in viejo
    cliente.get("/distribuidores/conciliacion/estado/", {"periodo": "2026-03"})
    assert cola.pedidos == []  # resting: nothing queued by the view nor by the polling
    assert conciliacion_mes_resumida(periodo=dt.date(2026, 3, 1)).totales.vendido == 1500  # the API does not wait
    cache.delete("conciliacion:reposo:2026-03:0")  # the rest is over (its key expires)
    ResumenConciliacion.objects.filter(clase="serie").delete()  # (the API stored the month, not its series)
    cliente.get("/distribuidores/conciliacion/estado/", {"periodo": "2026-03"})
    assert cola.pedidos == [("2026-03-01", None)]


@pytest.mark.django_db
def test_with_the_broker_down_the_page_computes_the_current_figures_itself(entrar, crear_usuario, monkeypatch):
    petromar, _, _, _ = mes_con_discrepancias()
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))
    cliente.get(CONCILIACION, {"periodo": "2026-03"})
    Cola(monkeypatch, falla=True)
    nave, _ = nave_con_cupo(nombre="Nave Tardía")
    vender(petromar, nave, "300", certificado_de(nave, "300"))
    html = texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))
    assert vendidos(html) == "1.500,00" and "se está recalculando" not in html


@pytest.mark.django_db
def test_the_export_is_never_stale(entrar, crear_usuario, monkeypatch):
    petromar, _, _, _ = mes_con_discrepancias()
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))
    cliente.get(CONCILIACION, {"periodo": "2026-03"})
    Cola(monkeypatch)
    nave, _ = nave_con_cupo(nombre="Nave Tardía")
    vender(petromar, nave, "300", certificado_de(nave, "300"))
    assert "se está recalculando" in texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))
    r = cliente.get("/distribuidores/conciliacion/exportar.xlsx", {"periodo": "2026-03"})
    totales = {f[0]: f[1] for f in load_workbook(BytesIO(r.content))["Totales"].iter_rows(values_only=True) if f}
    assert totales["Vendidos (ventas registradas)"] == 1500


@pytest.mark.django_db
def test_a_workers_next_views_of_the_same_stored_month_do_not_read_or_decode_it_again(
    entrar, crear_usuario, monkeypatch
):
    """The stored month's findings are decoded once per process and row: a recompute stores a new row, so
    the next view reads the new figures, never the ones kept."""
    import distribuidores.services.resumen_conciliacion as modulo

    petromar, _, _, _ = mes_con_discrepancias()
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))
    assert vendidos(texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))) == "1.200,00"
    decodificados = []
    original = modulo._mes_de_json
    monkeypatch.setattr(modulo, "_mes_de_json", lambda *a: decodificados.append(a) or original(*a))
    with CaptureQueriesContext(connection) as consultas:
        html = texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))
    assert vendidos(html) == "1.200,00" and "Terpel Marítima S.A." in html
    assert decodificados == []
    assert not any('"datos"' in q["sql"] for q in consultas.captured_queries if "resumenconciliacion" in q["sql"])

    nave, _ = nave_con_cupo(nombre="Nave Tardía")
    vender(petromar, nave, "300", certificado_de(nave, "300"))  # stale: the page (eager here) recomputes it
    assert vendidos(texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))) == "1.500,00"
    assert len(decodificados) == 1


@pytest.mark.django_db
def test_a_stored_month_replaced_between_the_pages_two_reads_is_read_again(entrar, crear_usuario, monkeypatch):
    import distribuidores.services.resumen_conciliacion as modulo

    mes_con_discrepancias()
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))
    cliente.get(CONCILIACION, {"periodo": "2026-03"})  # computed and stored
    modulo._DECODIFICADOS.clear()
    original = modulo._ultimos
    reemplazos = []

    def ultimos_y_luego_reemplazado(clases, periodo, alcance):
        filas = original(clases, periodo, alcance)
        if not reemplazos:  # a recompute stores the month again right after this read
            viejo = ResumenConciliacion.objects.get(pk=filas["mes"][0])
            ResumenConciliacion.objects.filter(pk=viejo.pk).delete()
            reemplazos.append(
                ResumenConciliacion.objects.create(
                    clase=viejo.clase,
                    periodo=viejo.periodo,
                    alcance=viejo.alcance,
                    huella=viejo.huella,
                    datos=viejo.datos,
                )
            )
        return filas

    monkeypatch.setattr(modulo, "_ultimos", ultimos_y_luego_reemplazado)
    html = texto(cliente.get(CONCILIACION, {"periodo": "2026-03"}))
    assert len(reemplazos) == 1 and vendidos(html) == "1.200,00" and "Terpel Marítima S.A." in html
