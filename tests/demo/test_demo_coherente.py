"""Issue 11 §6: the demo tells one story. On the whole loaded demo (every app's loader, as `make run`
loads it): each discount comes from a certificate with its zarpe (a vessel's) or a wholesaler's sale
(an acuicultora's, the Armada's); sales and report rows name real certificates; Conciliación shows
every demo month; the demo beneficiary has certificates; the officer's vessels have balance today."""

import datetime as dt
import itertools
from decimal import Decimal

import pytest
from django.db.models import F, Q
from django.test import Client

from core.comun.galones import CERO
from core.models import Usuario
from core.vencimientos.calendario import today
from cupos.errors import SinCupoVigente
from cupos.models import Beneficiario, Cupo, Movimiento
from cupos.selectors.saldos import beneficiario_saldo
from distribuidores.models import FilaReporte, Venta
from distribuidores.selectors.conciliacion.mes import conciliacion_serie
from zarpes.models import Certificado, Inspeccion, InspectorDesignado

pytestmark = pytest.mark.django_db


def test_cada_descuento_viene_de_un_certificado_con_su_zarpe_o_de_una_venta(demo):
    descuentos = Movimiento.objects.filter(tipo=Movimiento.Tipo.DESCUENTO)
    assert descuentos.count() > 5000
    huerfanos = descuentos.filter(certificado__isnull=True, venta__isnull=True)
    assert list(huerfanos.values_list("referencia", flat=True)[:5]) == []
    de_naves = descuentos.filter(cupo__beneficiario__tipo__in=Beneficiario.TIPOS_NAVE)
    assert not de_naves.filter(certificado__isnull=True).exists()
    assert not descuentos.exclude(cupo__beneficiario__tipo__in=Beneficiario.TIPOS_NAVE).filter(
        venta__isnull=True).exists()
    # The certificate is the one its movement names, for the movement's gallons, with its zarpe.
    for c in Certificado.objects.select_related("movimiento", "zarpe").order_by("?")[:300]:
        assert c.movimiento.referencia == f"certificado:{c.numero}"
        assert c.galones_autorizados == c.movimiento.galones == c.zarpe.galones_autorizados
        assert c.zarpe.nave_id == c.nave_id == c.cupo.beneficiario_id and c.zarpe.fecha == c.fecha_expedicion
    # every refund on a certificate is its inspector's report.
    reintegros = Movimiento.objects.filter(tipo=Movimiento.Tipo.REINTEGRO, referencia__startswith="certificado:")
    assert reintegros.exists()
    assert Inspeccion.objects.count() >= reintegros.values("referencia").distinct().count() - 5
    # Nothing a person reads on the ledger is a demo marker.
    assert not Movimiento.objects.filter(Q(referencia__icontains="demo") | Q(detalle__icontains="demo")).exists()


def test_r13_cada_capitania_tiene_inspectores_designados_y_los_informes_nombran_uno(demo):
    from core.models import Capitania

    hoy = today()
    for capitania in Capitania.objects.all():
        suyos = InspectorDesignado.objects.filter(capitania=capitania)
        assert 1 <= suyos.count() <= 2, capitania.codigo
        assert suyos.vigentes_en(hoy).count() == 1, capitania.codigo
    informes = Inspeccion.objects.select_related("inspector", "zarpe")
    con_inspector = informes.filter(inspector__isnull=False)
    assert con_inspector.count() >= informes.count() * 0.9
    for informe in con_inspector.order_by("?")[:300]:
        assert informe.inspector.capitania_id == informe.zarpe.capitania_id
        assert informe.inspector.vigente_en(informe.fecha)
    assert InspectorDesignado.objects.vencidas_en(hoy).exists()  # the register's «vencidos» filter shows some


def test_cada_nave_encadena_sus_certificados(demo):
    """R-14: each vessel's zarpe presented the certificate issued to it just before."""
    nave = Beneficiario.objects.get(matricula="MC-05-0100")
    certificados = list(Certificado.objects.filter(nave=nave).order_by("fecha_expedicion", "id"))
    assert len(certificados) > 10
    for anterior, siguiente in itertools.pairwise(certificados):
        assert siguiente.zarpe.certificado_anterior == anterior.numero


def test_ventas_y_filas_de_reporte_nombran_certificados_reales(demo):
    ventas = Venta.objects.all()
    assert ventas.filter(certificado__isnull=False).count() > 1000
    assert not ventas.filter(beneficiario__tipo__in=Beneficiario.TIPOS_NAVE, certificado__isnull=True).exists()
    assert not ventas.filter(certificado__isnull=False).exclude(certificado__nave_id=F("beneficiario_id")).exists()
    numeros = set(Certificado.objects.values_list("numero", flat=True))
    filas = FilaReporte.objects.exclude(certificado_numero="")
    assert filas.count() > 1000
    assert set(filas.values_list("certificado_numero", flat=True)) <= numeros
    # Each report row is one of its wholesaler's sales: same certificate, date and gallons.
    vendidas = {(v.certificado.numero, v.fecha, v.galones) for v in ventas.filter(certificado__isnull=False)
                .select_related("certificado")}
    for f in filas.order_by("?")[:300]:
        assert (f.certificado_numero, f.fecha, f.galones) in vendidas


def test_conciliacion_muestra_los_meses_de_la_demo(demo):
    hoy = today()
    hasta = (hoy.replace(day=1) - dt.timedelta(days=1)).replace(day=1)  # the last finished month
    serie = conciliacion_serie(desde=dt.date(hasta.year - 1, hasta.month, 1), hasta=hasta)
    assert len(serie) == 13
    for mes in serie[1:]:  # a year of months, all with certificates, sales and reports
        assert mes.certificados > 0 and mes.vendido > 0 and mes.reportado > 0, mes
    # Reported and sold agree up to the month the demo wholesaler has not reported yet.
    assert all(mes.reportado == mes.vendido for mes in serie[1:-1]), serie


def test_mis_certificados_del_beneficiario_de_la_demo(demo):
    cliente = Client()
    cliente.force_login(Usuario.objects.get(username="beneficiario"))
    r = cliente.get("/zarpes/")
    texto = r.content.decode()
    assert r.status_code == 200
    assert "Aún no tiene certificados" not in texto
    ultimo = Certificado.objects.filter(nave__matricula="MC-05-0100").order_by("-fecha_expedicion", "-id").first()
    assert ultimo.numero in texto


def test_las_naves_del_oficial_tienen_saldo_el_dia_de_la_demo(demo):
    hoy = today()
    oficial = Usuario.objects.get(username="oficial.cartagena")
    naves = Beneficiario.objects.filter(
        tipo__in=Beneficiario.TIPOS_NAVE, capitania=oficial.capitania, cupos__estado=Cupo.Estado.EN_FIRME
    ).distinct()
    disponibles = []
    for nave in naves:
        try:
            disponibles.append(beneficiario_saldo(beneficiario_id=nave.id, fecha=hoy).disponible)
        except SinCupoVigente:
            continue
    assert len(disponibles) >= 20
    con_saldo = [d for d in disponibles if d > CERO]
    assert len(con_saldo) >= 0.8 * len(disponibles), (len(con_saldo), len(disponibles))
    assert beneficiario_saldo(beneficiario_id=Beneficiario.objects.get(matricula="MC-05-0100").id,
                              fecha=hoy).disponible > Decimal("0")


def test_el_panel_del_oficial_muestra_el_ultimo_certificado(demo):
    """A vessel that has sailed this year shows its last certificate, never "no tiene certificados"."""
    cliente = Client()
    cliente.force_login(Usuario.objects.get(username="oficial.cartagena"))
    nave = Beneficiario.objects.get(matricula="MC-05-0100")
    texto = cliente.get(f"/zarpes/?nave={nave.id}").content.decode()
    assert "no tiene certificados anteriores" not in texto
    ultimo = Certificado.objects.filter(nave=nave).order_by("-fecha_expedicion", "-id").first()
    assert ultimo.numero in texto


def test_los_oficiales_de_la_demo_no_presentan_naves_dadas_de_baja(demo):
    """R-24: the day's zarpes are drawn at random among the capitanía's vessels; a vessel Dimar reported as a
    baja would be refused outright and stop `make run` (it did on 2026-12-01). None is ever drawn, on any day."""
    from cupos.models import BajaDimar
    from zarpes.demo import ZARPES_POR_CAPITANIA, naves_del_dia

    bajas = BajaDimar.objects.filter(beneficiario__isnull=False)
    de_baja = set(bajas.values_list("beneficiario_id", flat=True))
    # The demo reports bajas at the capitanías whose officers sail vessels, so the check has something to catch.
    assert bajas.filter(beneficiario__capitania__codigo__in=list(ZARPES_POR_CAPITANIA)).exists()
    hoy = today()
    for codigo in ZARPES_POR_CAPITANIA:
        candidatas = set(naves_del_dia(codigo, hoy).values_list("id", flat=True))
        assert len(candidatas) >= ZARPES_POR_CAPITANIA[codigo]
        assert not candidatas & de_baja
        # A baja dated after the day does not keep the vessel ashore before it.
        antes = min(bajas.values_list("fecha", flat=True)) - dt.timedelta(days=1)
        assert set(naves_del_dia(codigo, antes).values_list("id", flat=True)) >= candidatas
