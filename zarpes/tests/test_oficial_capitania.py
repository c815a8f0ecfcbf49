"""Issue 24: a Capitanía officer signs with the Capitanía's seal and logs in with the password alone, so
their session is bound to their capitanía: nothing in the request chooses another one, and moving the
officer to another capitanía ends the sessions they had open."""

import pytest
from django.urls import reverse

from core.identidad.roles import Rol
from core.tests.factories import CapitaniaFactory
from zarpes.models import Zarpe
from zarpes.tests.paginas import HOY, URL, expedir, html, pedir


@pytest.mark.django_db
def test_the_request_never_chooses_the_officers_capitania(entrar, dona_lucia, crear_usuario):
    buenaventura = CapitaniaFactory(codigo="CP01", nombre="Capitanía de Puerto de Buenaventura")
    ajeno = pedir(crear_usuario(Rol.CAPITANIA_OFICIAL, capitania=buenaventura), dona_lucia, HOY, 100, capitania="CP01")
    cliente = entrar()
    # The list of the day and the issue read the user's capitanía: a capitanía in the query or the form
    # (by code or id) changes nothing.
    for consulta in ({"capitania": "CP01"}, {"capitania": buenaventura.id}, {"capitania_id": buenaventura.id}):
        cuerpo = html(cliente.get(URL, {**consulta, "dia": ajeno.fecha.isoformat()}))
        assert "Capitanía de Puerto de Cartagena" in cuerpo and ajeno.certificado.numero not in cuerpo
    cliente.post(
        reverse("zarpes:expedir"),
        {"capitania": "CP01", "capitania_id": buenaventura.id, "nave": dona_lucia.id, "galones_solicitados": "10"},
    )
    r = expedir(cliente, dona_lucia, "50", anterior=ajeno.certificado.numero)
    assert r.status_code == 302
    nuevo = Zarpe.objects.exclude(pk=ajeno.pk).get()
    assert nuevo.capitania.codigo == "CP05"


@pytest.mark.django_db
def test_moving_the_officer_to_another_capitania_ends_their_session(entrar, hoy):
    cliente = entrar()
    assert cliente.get(URL).status_code == 200
    cliente.usuario.capitania = CapitaniaFactory(codigo="CP01", nombre="Capitanía de Puerto de Buenaventura")
    cliente.usuario.save()
    r = cliente.get(URL)
    assert r.status_code == 302 and r.url.startswith(reverse("login"))
    # Logging in again gives the new capitanía.
    cliente.force_login(cliente.usuario)
    assert "Zarpes de hoy en Capitanía de Puerto de Buenaventura" in html(cliente.get(URL))


@pytest.mark.django_db
def test_other_changes_of_the_officer_keep_the_session(entrar, hoy):
    cliente = entrar()
    cliente.usuario.first_name = "Lucía"
    cliente.usuario.save()
    assert cliente.get(URL).status_code == 200
