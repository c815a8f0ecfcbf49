"""Notices to the vessel of every act in its name (core.mensajes.avisos): the certificate, the inspector's
refund, the annulment; and its answer "no fui yo" from the notice's signed link."""

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.core import mail, signing
from django.test import Client

from core.identidad.access import alertas_visibles
from core.identidad.roles import Rol
from core.mensajes import avisos
from core.mensajes.outbox import outbox_deliver
from core.mensajes.sms import RegistroSms
from core.models import Alerta, MensajeSaliente, RegistroAuditoria
from core.registro import enlace_alerta
from zarpes.services.certificados import certificado_annul
from zarpes.services.inspecciones import zarpe_inspect
from zarpes.services.zarpes import zarpe_request
from zarpes.tests.factories import nave_con_cupo

D = dt.date
CONTACTO = {"correo": "capitan@example.com", "celular": "+573001112233"}


def expedir(oficial, nave, galones="1234.56", fecha=D(2026, 3, 20), anterior=None):
    return zarpe_request(actor=oficial, nave_id=nave.id, capitania="CP05", fecha=fecha,
                         galones_solicitados=Decimal(galones), certificado_anterior=anterior)


def avisos_de(clase: str) -> list[MensajeSaliente]:
    return list(MensajeSaliente.objects.filter(tipo=avisos.TIPO_MENSAJE, clave__startswith=f"aviso:{clase}:"))


def enlace_no_fui_yo(mensaje: MensajeSaliente) -> str:
    url = re.search(r"https?://\S+/avisos/no-fui-yo/[^/\s]+/", mensaje.payload["texto"]).group(0)
    assert url in mensaje.payload["sms"]  # the SMS carries the same link
    return url.split("://", 1)[1].split("/", 1)[1].join(["/", ""])


@pytest.mark.django_db
def test_aviso_issuance_writes_exactly_one_notice_with_the_amount(oficial, ambas_rutas, settings):
    settings.PORTAL_URL_PUBLICA = "https://cupos.upme.gov.co"
    nave, _ = nave_con_cupo(anual="120000", **CONTACTO)
    z = expedir(oficial, nave)
    c = z.certificado
    [aviso] = avisos_de("certificado")
    assert aviso.clave == f"aviso:certificado:{c.numero}" and aviso.estado == MensajeSaliente.Estado.PENDIENTE
    texto = aviso.payload["texto"]
    assert f"expidió el certificado {c.numero} por 1.234,56 galones" in texto
    assert "Capitanía de Puerto" in texto and "(CP05)" in texto and "20 de marzo de 2026" in texto
    assert f"https://cupos.upme.gov.co/verificar/{c.codigo_verificacion}/" in texto
    assert (aviso.payload["correo"], aviso.payload["celular"]) == (CONTACTO["correo"], CONTACTO["celular"])


@pytest.mark.django_db
def test_aviso_is_delivered_by_mail_and_sms(oficial, ambas_rutas, caplog, settings):
    settings.SMS_PASARELA = "core.mensajes.sms.RegistroSms"
    nave, _ = nave_con_cupo(anual="120000", **CONTACTO)
    c = expedir(oficial, nave).certificado
    [aviso] = avisos_de("certificado")
    with caplog.at_level("INFO", logger="core.mensajes.sms"):
        assert outbox_deliver(mensaje_id=aviso.id).estado == MensajeSaliente.Estado.ENTREGADO
    [correo] = mail.outbox
    assert correo.to == [CONTACTO["correo"]] and c.numero in correo.subject and "1.234,56" in correo.body
    assert f"SMS a {CONTACTO['celular']}" in caplog.text and "1.234,56" in caplog.text


class SmsCaido(RegistroSms):
    def enviar(self, telefono, texto):
        raise ConnectionError("operador no responde")


@pytest.mark.django_db
def test_aviso_a_failing_sms_gateway_is_retried_never_lost(oficial, settings):
    settings.SMS_PASARELA = "zarpes.tests.test_avisos_services.SmsCaido"
    nave, _ = nave_con_cupo(anual="120000", **CONTACTO)
    expedir(oficial, nave)
    [aviso] = avisos_de("certificado")
    aviso = outbox_deliver(mensaje_id=aviso.id)
    assert aviso.estado == MensajeSaliente.Estado.PENDIENTE and aviso.proximo_intento
    assert "operador" in aviso.ultimo_error


@pytest.mark.django_db
def test_aviso_a_vessel_without_contact_data_gets_none(oficial, ambas_rutas):
    nave, _ = nave_con_cupo()
    assert expedir(oficial, nave).certificado.numero
    assert not MensajeSaliente.objects.filter(tipo=avisos.TIPO_MENSAJE).exists()


@pytest.mark.django_db
def test_aviso_inspector_refund(oficial):
    nave, _ = nave_con_cupo(anual="120000", **CONTACTO)
    z = expedir(oficial, nave, "1000")
    inspeccion = zarpe_inspect(actor=oficial, zarpe_id=z.id, fecha=D(2026, 3, 21), galones_verificados=Decimal(900))
    [aviso] = avisos_de("reintegro")
    assert aviso.clave == f"aviso:reintegro:{inspeccion.id}"
    assert "se reintegraron 100,00 galones a su cupo el 21 de marzo de 2026" in aviso.payload["texto"]
    assert z.certificado.numero in aviso.payload["texto"]


@pytest.mark.django_db
def test_aviso_annulment_refund(oficial):
    nave, _ = nave_con_cupo(anual="120000", **CONTACTO)
    c = expedir(oficial, nave, "1500").certificado
    anulacion = certificado_annul(actor=oficial, numero=c.numero, motivo="La nave no zarpó.", fecha=D(2026, 3, 21)
                                  ).anulacion
    [aviso] = avisos_de("anulacion")
    assert aviso.clave == f"aviso:anulacion:{anulacion.id}"
    assert f"anuló el certificado {c.numero}" in aviso.payload["texto"]
    assert "se reintegraron 1.500,00 galones a su cupo" in aviso.payload["texto"]


@pytest.mark.django_db
def test_aviso_no_fui_yo_opens_one_alert_for_dimar_and_upme(oficial, crear_usuario):
    nave, _ = nave_con_cupo(anual="120000", **CONTACTO)
    c = expedir(oficial, nave).certificado
    [aviso] = avisos_de("certificado")
    url = enlace_no_fui_yo(aviso)
    navegador = Client()
    pagina = navegador.get(url)
    assert pagina.status_code == 200 and c.numero in pagina.content.decode() and "Confirmo" in pagina.content.decode()
    assert not Alerta.objects.exists()  # the GET only asks
    for _ in range(2):  # reporting twice raises nothing twice
        respuesta = navegador.post(url)
        assert respuesta.status_code == 200 and "Reporte recibido" in respuesta.content.decode()
    [alerta] = Alerta.objects.filter(tipo=Alerta.Tipo.AVISO_NO_FUI_YO)
    assert alerta.referencia == f"certificado:{c.numero}" and c.numero in alerta.detalle
    assert alerta.beneficiario_id == nave.id and alerta.resuelta is None
    assert enlace_alerta(alerta) == (f"Certificado {c.numero}", f"/verificar/{c.codigo_verificacion}/")
    for rol in (Rol.DIMAR, Rol.UPME_ANALISTA):
        assert alerta in alertas_visibles(crear_usuario(rol))
    assert alerta not in alertas_visibles(crear_usuario(Rol.DISTRIBUIDOR))
    assert RegistroAuditoria.objects.filter(accion="aviso.no_fui_yo").count() == 2


@pytest.mark.django_db
def test_aviso_no_fui_yo_a_tampered_or_expired_link_raises_nothing(oficial, settings):
    nave, _ = nave_con_cupo(anual="120000", **CONTACTO)
    expedir(oficial, nave)
    url = enlace_no_fui_yo(avisos_de("certificado")[0])
    token = url.rstrip("/").rsplit("/", 1)[1]
    alterado = url.replace(token, token[:-2] + ("AA" if not token.endswith("AA") else "BB"))
    for respuesta in (Client().get(alterado), Client().post(alterado)):
        assert respuesta.status_code == 400 and "no es válido" in respuesta.content.decode()
    otro = url.replace(token, signing.dumps("certificado:X", salt="otra-sal"))
    assert Client().post(otro).status_code == 400
    settings.AVISO_ENLACE_DIAS = 0
    respuesta = Client().post(url)
    assert respuesta.status_code == 400 and "venció" in respuesta.content.decode()
    assert not Alerta.objects.exists()
