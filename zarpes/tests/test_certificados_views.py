"""A beneficiary's own certificates, the certificate's PDF, and the officer's annulment page."""

from decimal import Decimal

import pytest
from django.urls import reverse

from core.comun.galones import galones_texto
from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.tests.factories import CapitaniaFactory
from cupos.selectors import saldos as cupo_selectors
from zarpes.models import Anulacion, Certificado
from zarpes.tests.factories import baja_dimar, nave_con_cupo, vender
from zarpes.tests.paginas import HOY, URL, D, expedir, html, pedir

# --- Beneficiaries ---


@pytest.mark.django_db
def test_beneficiario_sees_only_its_own_certificates(entrar, dona_lucia, oficial, crear_usuario):
    otra, _ = nave_con_cupo(matricula="MC-05-0888")
    propio = pedir(oficial, dona_lucia, HOY, 100).certificado
    ajeno = pedir(oficial, otra, HOY, 100).certificado
    cliente = entrar(Rol.BENEFICIARIO, beneficiario=dona_lucia)
    cuerpo = html(cliente.get(URL))
    assert "Mis certificados de cupo de exención" in cuerpo
    assert propio.numero in cuerpo and ajeno.numero not in cuerpo
    assert reverse("zarpes:certificado-pdf", args=[propio.numero]) in cuerpo
    assert cliente.get(reverse("zarpes:certificado-pdf", args=[ajeno.numero])).status_code == 404


@pytest.mark.django_db
def test_certificate_pdf_page(entrar, dona_lucia, oficial):
    certificado = pedir(oficial, dona_lucia, HOY, 100).certificado
    r = entrar(oficial).get(reverse("zarpes:certificado-pdf", args=[certificado.numero]))
    assert r.status_code == 200
    assert r["Content-Type"] == "application/pdf"
    assert r.content.startswith(b"%PDF")
    assert entrar(oficial).get(reverse("zarpes:certificado-pdf", args=["CP05-2026-999999"])).status_code == 404


# --- Annulment: a confirmation page that says what will happen, then the POST that does it ---


@pytest.mark.django_db
def test_annulment_page_says_what_will_happen_then_the_post_does_it(entrar, dona_lucia, oficial):
    primero = pedir(oficial, dona_lucia, HOY, 100).certificado
    certificado = pedir(oficial, dona_lucia, HOY, 800, primero.numero).certificado
    cliente = entrar(oficial)
    url = reverse("zarpes:anular", args=[certificado.numero])
    assert url in html(cliente.get(URL))  # the action is on the day's row

    cuerpo = html(cliente.get(url))
    assert (
        f"Se anulará el certificado {certificado.numero} y se reintegrarán 800,00 galones al cupo de Doña Lucía"
    ) in cuerpo
    assert f"En el próximo zarpe la nave presentará el certificado {primero.numero}" in cuerpo
    assert Certificado.objects.get(pk=certificado.pk).estado == "vigente"  # the page itself changes nothing

    r = cliente.post(url, {"motivo": "La nave no zarpó por mal tiempo."}, follow=True)
    assert r.status_code == 200
    assert f"Se anuló el certificado {certificado.numero}. Se reintegraron 800,00 galones" in html(r)
    assert "Certificado anulado el 20 de marzo de 2026: La nave no zarpó por mal tiempo." in html(r)
    assert Certificado.objects.get(pk=certificado.pk).estado == "anulado"
    assert cupo_selectors.beneficiario_saldo(beneficiario_id=dona_lucia.id, fecha=HOY).disponible == Decimal("867.74")
    assert RegistroAuditoria.objects.filter(accion="certificado.anular", objeto_id=str(certificado.pk)).exists()


@pytest.mark.django_db
def test_annulment_without_a_reason_is_a_spanish_error_and_annuls_nothing(entrar, dona_lucia, oficial):
    certificado = pedir(oficial, dona_lucia, HOY, 800).certificado
    r = entrar(oficial).post(reverse("zarpes:anular", args=[certificado.numero]), {"motivo": "  "})
    assert r.status_code == 400 and "Indique el motivo de la anulación." in html(r)
    assert not Anulacion.objects.exists()


@pytest.mark.django_db
def test_annulment_page_of_a_redeemed_certificate_says_why_not(entrar, dona_lucia, oficial):
    certificado = pedir(oficial, dona_lucia, HOY, 800).certificado
    vender(certificado, 800, HOY)
    cliente = entrar(oficial)
    url = reverse("zarpes:anular", args=[certificado.numero])
    cuerpo = html(cliente.get(url))
    assert "Este certificado no se puede anular" in cuerpo and "ya fue redimido" in cuerpo
    assert 'name="motivo"' not in cuerpo
    r = cliente.post(url, {"motivo": "No zarpó."})
    assert r.status_code == 409 and "ya fue redimido" in html(r)
    assert not Anulacion.objects.exists()


@pytest.mark.django_db
def test_annulment_page_of_another_capitania_is_404(entrar, dona_lucia, oficial, crear_usuario):
    certificado = pedir(oficial, dona_lucia, HOY, 800).certificado
    otra = crear_usuario(Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP01", nombre="Buenaventura"))
    cliente = entrar(otra)
    url = reverse("zarpes:anular", args=[certificado.numero])
    assert cliente.get(url).status_code == 404
    assert cliente.post(url, {"motivo": "No zarpó."}).status_code == 404
    assert entrar(Rol.DIMAR).get(url).status_code == 403
    assert not Anulacion.objects.exists()


# --- on the officer's screen ---


@pytest.mark.django_db
def test_r17_page_inspection_below_the_sale_is_shown_next_to_the_field(entrar, dona_lucia, oficial):
    z = pedir(oficial, dona_lucia, HOY, 800)
    vender(z.certificado, 800, HOY)
    campos = {f"inspeccion-{z.id}-fecha": HOY.isoformat(), f"inspeccion-{z.id}-galones_verificados": "700"}
    r = entrar(oficial).post(reverse("zarpes:inspeccion", args=[z.id]), campos, HTTP_HX_REQUEST="true")
    cuerpo = html(r)
    assert r.status_code == 409
    assert "vendió 800,00 galones el 20 de marzo de 2026. El informe no puede verificar menos de lo vendido" in cuerpo
    assert 'class="formulario-inspeccion"' in cuerpo  # the officer corrects the gallons in place


@pytest.mark.django_db
def test_r24_page_shows_the_baja_and_the_refusal(entrar, dona_lucia, oficial):
    baja_dimar(dona_lucia, D(2026, 3, 19), motivo="Cancelación de la matrícula")
    cliente = entrar(oficial)
    panel = html(cliente.get(reverse("zarpes:nave", args=[dona_lucia.id]), HTTP_HX_REQUEST="true"))
    assert "Nave dada de baja por Dimar desde el 19 de marzo de 2026" in panel

    r = expedir(cliente, dona_lucia, "100", htmx=True)
    assert r.status_code == 409
    assert "Dimar reportó la baja de la nave Doña Lucía (matrícula MC-05-0777) desde el 19 de marzo de 2026" in html(r)
    assert not Certificado.objects.exists()


# --- Public verification: an entry page for the printed code, in the forms a person types it ---


@pytest.mark.django_db
def test_the_verification_entry_page_accepts_the_code_as_a_person_types_it(client, dona_lucia, oficial):
    assert "Código de verificación" in html(client.get("/verificar/"))
    certificado = pedir(oficial, dona_lucia, HOY, 1000).certificado
    for escrito in (certificado.codigo_verificacion.lower(), certificado.codigo_verificacion.replace("-", " "),
                    f"  {certificado.codigo_verificacion.replace('-', '')}  "):
        r = client.get("/verificar/", {"codigo": escrito})
        assert r.status_code == 302 and r["Location"] == f"/verificar/{certificado.codigo_verificacion}/"
    pagina = html(client.get(f"/verificar/{certificado.codigo_verificacion.lower()}/"))
    assert certificado.numero in pagina and galones_texto(certificado.galones_autorizados) in pagina
    assert client.get("/verificar/", {"codigo": "no existe"}, follow=True).status_code == 404
