"""A beneficiary's own certificates and the certificate's PDF."""

import pytest
from django.urls import reverse

from core.roles import Rol
from zarpes.tests.factories import nave_con_cupo
from zarpes.tests.paginas import HOY, URL, html, pedir

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
