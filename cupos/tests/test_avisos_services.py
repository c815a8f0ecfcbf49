"""Notice to the beneficiary when UPME cancels its cupo (core.mensajes.avisos), and its "no fui yo"."""

import datetime as dt
import re

import pytest
from django.test import Client

from core.mensajes import avisos
from core.models import Alerta, MensajeSaliente
from core.registro import enlace_alerta
from cupos.services.cupos import cupo_declare_firm
from cupos.tests.factories import NaveFactory, cancelar_en_firme
from cupos.tests.test_cupos_services import otorgar

D = dt.date


@pytest.mark.django_db
def test_aviso_cupo_cancellation(analista):
    nave = NaveFactory(correo="armador@example.com", celular="+573009998877")
    cupo = cupo_declare_firm(actor=analista, cupo=otorgar(analista, nave), fecha_firmeza=D(2026, 3, 1))
    cancelar_en_firme(actor=analista, cupo=cupo, fecha=D(2026, 4, 10), causal="baja_dimar",
                      soporte="Novedades de Dimar de abril de 2026", motivo="Baja de matrícula reportada por Dimar")
    [aviso] = MensajeSaliente.objects.filter(tipo=avisos.TIPO_MENSAJE)
    assert aviso.clave == f"aviso:cancelacion:{cupo.id}"
    texto = aviso.payload["texto"]
    assert "canceló el cupo de combustible exento" in texto and "10 de abril de 2026" in texto
    assert "24.000,00 galones anuales" in texto and "Motivo: Baja de matrícula reportada por Dimar" in texto
    url = re.search(r"/avisos/no-fui-yo/[^/\s]+/", aviso.payload["sms"]).group(0)
    assert Client().post(url).status_code == 200
    [alerta] = Alerta.objects.filter(tipo=Alerta.Tipo.AVISO_NO_FUI_YO)
    assert alerta.referencia == f"cancelacion:{cupo.id}" and alerta.cupo_id == cupo.id
    assert enlace_alerta(alerta) == (str(nave), f"/beneficiarios/{nave.id}/")
