"""Notice to the beneficiary of every exempt sale in its name (core.mensajes.avisos), and its "no fui yo"."""

import datetime as dt
import re

import pytest
from django.test import Client

from core.mensajes import avisos
from core.models import Alerta, MensajeSaliente
from core.registro import enlace_alerta
from core.tests.factories import DistribuidorFactory
from cupos.tests.factories import AcuicultoraFactory
from distribuidores.tests.factories import certificado_de, con_cupo
from distribuidores.tests.test_conciliacion_selectors import mayorista, vender
from zarpes.tests.factories import nave_con_cupo

D = dt.date


def aviso_de_venta(venta) -> MensajeSaliente:
    return MensajeSaliente.objects.get(tipo=avisos.TIPO_MENSAJE, clave=f"aviso:venta:{venta.id}")


@pytest.mark.django_db
def test_aviso_acuicultora_sale_discounted_from_its_cupo():
    petromar = mayorista()
    acuicola = AcuicultoraFactory(distribuidor=petromar.distribuidor, correo="gerencia@acuicola.example.com")
    con_cupo(acuicola, anual="24000")
    venta = vender(petromar, acuicola, "1234.5")
    aviso = aviso_de_venta(venta)
    assert aviso.payload["correo"] == "gerencia@acuicola.example.com" and aviso.payload["celular"] == ""
    texto = aviso.payload["texto"]
    assert "Petromar S.A.S. (NIT 900456123) registró la venta exenta de 1.234,50 galones" in texto
    assert "se descontaron de su cupo" in texto and "21 de marzo de 2026" in texto


@pytest.mark.django_db
def test_aviso_vessel_sale_redeems_its_certificate_and_no_fui_yo_links_to_it():
    petromar = mayorista()
    nave, _ = nave_con_cupo(celular="3001234567")
    certificado = certificado_de(nave, "100")
    venta = vender(petromar, nave, "100", certificado)
    aviso = aviso_de_venta(venta)
    assert f"con el certificado {certificado.numero}, que queda redimido" in aviso.payload["texto"]
    assert f"/verificar/{certificado.codigo_verificacion}/" in aviso.payload["texto"]
    url = re.search(r"/avisos/no-fui-yo/[^/\s]+/", aviso.payload["sms"]).group(0)
    assert Client().post(url).status_code == 200
    [alerta] = Alerta.objects.filter(tipo=Alerta.Tipo.AVISO_NO_FUI_YO)
    assert alerta.referencia == f"venta:{venta.id}" and certificado.numero in alerta.detalle
    assert alerta.distribuidor_id is None  # the wholesaler reported against does not see it
    assert enlace_alerta(alerta) == (f"Certificado {certificado.numero}",
                                     f"/verificar/{certificado.codigo_verificacion}/")


@pytest.mark.django_db
def test_aviso_sale_to_a_beneficiary_without_contact_data_sends_nothing():
    petromar = mayorista()
    acuicola = AcuicultoraFactory(distribuidor=DistribuidorFactory(nit="900111222"))
    acuicola.distribuidor = petromar.distribuidor
    acuicola.save()
    con_cupo(acuicola)
    vender(petromar, acuicola, "10")
    assert not MensajeSaliente.objects.filter(tipo=avisos.TIPO_MENSAJE).exists()
