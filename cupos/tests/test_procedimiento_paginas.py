"""DOMAIN §8 in the browser (Django's test client): the analyst records the notification on the act's page, the
beneficiary sees its term in «Mis actos» and files a reposición, the analyst decides it with a fresh code after a
confirmation, and the cupo becomes firm on the day after the decision is notified."""

import datetime as dt
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from core.actos.models import Interesado, Recurso
from core.actos.services import firmezas_aplicar
from core.identidad.roles import Rol
from core.tests.segundo_factor import con_codigo
from cupos.models import Cupo
from cupos.services.cupos import cupo_grant
from cupos.services.resoluciones import resolucion_create
from cupos.tests.factories import NaveFactory
from cupos.tests.test_procedimiento import hoy  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db

D = dt.date


def _como(usuario) -> Client:
    c = Client()
    c.force_login(usuario)
    return c


@pytest.fixture
def escenario(crear_usuario, hoy, settings):  # noqa: F811
    settings.OUTBOX_ENDPOINTS = {}
    analista = crear_usuario(Rol.UPME_ANALISTA)
    nave = NaveFactory(nombre="Doña Lucía", trb=Decimal("120"))
    duena = crear_usuario(Rol.BENEFICIARIO, beneficiario=nave)
    hoy(D(2026, 3, 3))
    resolucion = resolucion_create(actor=analista, anio=2026, numero="000031")
    cupo = cupo_grant(actor=analista, resolucion=resolucion, beneficiario=nave, galones_anuales=Decimal("24000"))
    return {"analista": analista, "duena": duena, "cupo": cupo, "acto": cupo.interesado.acto, "hoy": hoy}


def test_the_procedure_of_a_cupo_from_notification_to_firmeza_in_the_browser(escenario):
    e, hoy = escenario, escenario["hoy"]  # noqa: F811 (the fixture moves the day)
    acto, interesado = e["acto"], e["cupo"].interesado
    analista, duena = _como(e["analista"]), _como(e["duena"])
    pagina = analista.get(reverse("acto", args=[acto.pk]))
    texto = pagina.content.decode()
    assert pagina.status_code == 200 and "Doña Lucía" in texto and "Pendiente de notificación." in texto
    assert "recurso de reposición ante el Director General de la UPME" in texto
    # The analyst records the personal notification on 4 March.
    hoy(D(2026, 3, 4))
    url = reverse("acto-interesado", args=[acto.pk, interesado.pk])
    mala = analista.post(url, {"accion": "notificar", "notificar-medio": "personal", "notificar-fecha": "2026-03-02",
                               "notificar-soporte": "Acta"})
    assert mala.status_code == 400 and "no puede ser anterior al acto" in mala.content.decode()
    r = analista.post(url, {"accion": "notificar", "notificar-medio": "personal", "notificar-fecha": "2026-03-04",
                            "notificar-soporte": "Acta de notificación personal 12"})
    assert r.status_code == 302
    # The beneficiary sees its term in «Mis actos» and files a reposición on its act's page.
    hoy(D(2026, 3, 10))
    mios = duena.get(reverse("mis-actos")).content.decode()
    assert "puede presentar recursos hasta el 18 de marzo de 2026" in mios and url in mios
    sin_motivos = duena.post(url, {"accion": "recurrir", "recurrir-tipo": "reposicion", "recurrir-motivos": ""})
    assert sin_motivos.status_code == 400 and not Recurso.objects.exists()
    r = duena.post(url, {"accion": "recurrir", "recurrir-tipo": "reposicion",
                         "recurrir-motivos": "El consumo de 2025 justifica 30.000 galones."})
    assert r.status_code == 302
    recurso = Recurso.objects.get()
    assert recurso.fecha == D(2026, 3, 10) and recurso.presentado_por == e["duena"]
    assert "Recurso de reposición en trámite" in duena.get(url).content.decode()
    # Nobody else reaches it; the beneficiary cannot record a notification nor decide.
    assert duena.post(url, {"accion": "renunciar", "renunciar-fecha": "2026-03-10",
                            "renunciar-soporte": "x"}).status_code == 400
    decidir = reverse("recurso-decidir", args=[recurso.pk])
    assert duena.get(decidir).status_code == 403
    # The analyst decides: a confirmation first (nothing done), then the act with a fresh code.
    hoy(D(2026, 4, 6))
    datos = {"sentido": "modifica", "galones_anuales": "30000", "motivacion": "Se acredita el consumo de 2025."}
    r = analista.post(decidir, datos)
    assert r.status_code == 200 and "El cupo queda con 30.000,00 galones anuales" in r.content.decode()
    assert Recurso.objects.get().estado == Recurso.Estado.EN_TRAMITE
    sin_codigo = analista.post(decidir, {**datos, "confirmado": "1", "codigo_verificacion": "000000"})
    assert sin_codigo.status_code == 400 and Recurso.objects.get().estado == Recurso.Estado.EN_TRAMITE
    from django_otp.plugins.otp_totp.models import TOTPDevice

    TOTPDevice.objects.filter(user=e["analista"]).update(throttling_failure_count=0)  # the wrong code's wait
    r = analista.post(decidir, con_codigo(e["analista"], {**datos, "confirmado": "1"}))
    assert r.status_code == 302, r.content.decode()[:2000]
    assert Recurso.objects.get().estado == Recurso.Estado.DECIDIDO
    assert Cupo.objects.get(pk=e["cupo"].pk).galones_anuales == Decimal("30000.00")
    # The decision is notified (personally, 7 April): the cupo is firm on 8 April, by the daily job.
    decision = Recurso.objects.get().decision
    persona = decision.interesados.get()
    hoy(D(2026, 4, 7))
    r = analista.post(reverse("acto-interesado", args=[decision.pk, persona.pk]),
                      {"accion": "notificar", "notificar-medio": "personal", "notificar-fecha": "2026-04-07",
                       "notificar-soporte": "Acta 13"})
    assert r.status_code == 302
    assert Interesado.objects.get(pk=interesado.pk).en_firme_desde == D(2026, 4, 8)
    hoy(D(2026, 4, 8))
    firmezas_aplicar()
    firme = Cupo.objects.get(pk=e["cupo"].pk)
    assert firme.estado == Cupo.Estado.EN_FIRME and firme.fecha_firmeza == D(2026, 4, 8)
    assert "En firme desde el 8 de abril de 2026." in duena.get(reverse("mis-actos")).content.decode()


def test_the_act_page_finds_a_beneficiary_among_many_and_keeps_others_out(escenario, crear_usuario):
    e = escenario
    otra = crear_usuario(Rol.BENEFICIARIO, beneficiario=NaveFactory())
    assert _como(otra).get(reverse("acto", args=[e["acto"].pk])).status_code == 404
    analista = _como(e["analista"])
    r = analista.get(reverse("acto", args=[e["acto"].pk]), {"q": "lucía"})
    assert "Doña Lucía" in r.content.decode()
    r = analista.get(reverse("acto", args=[e["acto"].pk]), {"q": "nadie así"})
    assert "Ningún interesado coincide con la búsqueda." in r.content.decode()
    r = analista.get(reverse("acto", args=[e["acto"].pk]), {"estado": "recurso"})
    assert "Ningún interesado coincide" in r.content.decode()
