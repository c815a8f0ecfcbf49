"""The demo's sales (distribuidores.demo) carry what R-23 and R-27 ask: an invoice, every document of the buyer's
kind with its reference, and the Armada's convenio with its wholesaler in force on each of its sales."""

import pytest
from django.db import transaction

from core import demo as core_demo
from cupos import demo as cupos_demo
from cupos.models import Beneficiario, ConvenioArmada
from distribuidores import demo as distribuidores_demo
from distribuidores.models import DocumentoVenta, Venta
from distribuidores.selectors.documentos import documentos_requeridos


@pytest.fixture(scope="module")
def demo_cargado(django_db_setup, django_db_blocker):
    """Load once for the module inside a transaction rolled back at the end (cupos/tests/test_demo.py)."""
    with django_db_blocker.unblock(), transaction.atomic():
        core_demo.cargar()
        cupos_demo.cargar(escala=0.05)
        distribuidores_demo.cargar()
        yield
        transaction.set_rollback(True)


@pytest.mark.django_db
def test_r23_r27_las_ventas_de_la_demo_traen_factura_documentos_y_convenio(demo_cargado):
    armada = Beneficiario.objects.get(tipo=Beneficiario.Tipo.ARMADA)
    convenio = ConvenioArmada.objects.get(beneficiario=armada)
    assert convenio.distribuidor_id == armada.distribuidor_id
    ventas = list(Venta.objects.select_related("beneficiario"))
    assert ventas and all(v.factura for v in ventas)
    tipos = {Beneficiario.Tipo.ARMADA, Beneficiario.Tipo.ACUICULTORA}
    assert tipos <= {v.beneficiario.tipo for v in ventas}
    documentos = {}
    for d in DocumentoVenta.objects.all():
        documentos.setdefault(d.venta_id, {})[d.tipo] = d
    for v in ventas:
        requeridos = documentos_requeridos(v.beneficiario.tipo, v.beneficiario.actividad)
        assert set(documentos[v.id]) == set(requeridos)
        assert all(d.referencia and d.al_momento_de_la_venta for d in documentos[v.id].values())
        if v.beneficiario_id == armada.id:
            assert convenio.vigente_desde <= v.fecha <= convenio.vigente_hasta
            assert documentos[v.id]["convenio"].referencia == convenio.numero
