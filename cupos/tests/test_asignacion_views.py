"""The analyst's allocation pages (issue 12): beneficiaries' registration and edit, the year's
resolution, the proposal workspace, XLSX import and export, and the issuing with its confirmation."""

import pytest
from django.urls import reverse

from core.models import RegistroAuditoria as Auditoria
from core.roles import Rol
from core.tests.factories import CapitaniaFactory, DistribuidorFactory
from cupos.models import Beneficiario
from cupos.tests.factories import NaveFactory

OTROS_ROLES = (Rol.CAPITANIA_OFICIAL, Rol.DISTRIBUIDOR, Rol.BENEFICIARIO, Rol.DIMAR, Rol.AUDITOR)


# --- Beneficiaries (R-01, R-02) -----------------------------------------------------------------


@pytest.mark.django_db
def test_registration_asks_the_kind_then_its_fields(entrar):
    CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    cliente = entrar()
    url = reverse("cupos:beneficiario-nuevo")
    html = cliente.get(url).content.decode()
    assert "Tipo de beneficiario" in html and "Seleccione el tipo de beneficiario" in html
    html = cliente.get(url, {"tipo": "nave_extranjera"}).content.decode()
    assert "Matrícula" in html and "NIT de la empresa colombiana afiliada" in html
    assert "Distribuidor designado" not in html
    html = cliente.get(url, {"tipo": "acuicultora"}).content.decode()
    assert "Distribuidor designado" in html and "Matrícula" not in html
    # htmx asks only the form for the kind chosen.
    parcial = cliente.get(url, {"tipo": "armada"}, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in parcial and "Distribuidor designado" in parcial


@pytest.mark.django_db
def test_registering_a_national_vessel(entrar):
    CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    cliente = entrar()
    datos = {
        "tipo": "nave_nacional",
        "nombre": "Doña Lucía",
        "identificacion": "900123456",
        "matricula": "mc-05-0777",
        "trb": "120,5",
        "actividad": "pesca",
        "capacidad_combustible_gal": "3000",
        "capitania": "CP05",
        "correo": "",
        "celular": "",
    }
    r = cliente.post(reverse("cupos:beneficiario-nuevo"), datos, follow=True)
    assert r.status_code == 200
    nave = Beneficiario.objects.get(matricula="MC-05-0777")
    assert nave.bandera == "CO" and str(nave.trb) == "120.50"
    assert "Se registró el beneficiario Doña Lucía." in r.content.decode()
    assert Auditoria.objects.filter(accion="beneficiario.crear").count() == 1


@pytest.mark.django_db
def test_registration_errors_are_spanish_next_to_fields_and_save_nothing(entrar):
    CapitaniaFactory(codigo="CP05", nombre="Capitanía de Puerto de Cartagena")
    NaveFactory(matricula="MC-05-0001")
    cliente = entrar()
    url = reverse("cupos:beneficiario-nuevo")
    antes = Beneficiario.objects.count()
    # A foreign vessel without its Colombian company, with a CO flag and a cabotage activity.
    r = cliente.post(
        url,
        {
            "tipo": "nave_extranjera",
            "nombre": "Atún del Pacífico",
            "identificacion": "X-1",
            "matricula": "PA-1",
            "bandera": "co",
            "trb": "300",
            "actividad": "cabotaje",
            "capacidad_combustible_gal": "9000",
            "capitania": "CP05",
        },
    )
    html = r.content.decode()
    assert r.status_code == 400
    assert "Una nave extranjera no puede tener bandera CO." in html
    assert "debe estar afiliada a una empresa colombiana" in html
    assert "solo como nave de pesca" in html
    assert 'id="id_empresa_nit_error"' in html
    # Letters in a number, a duplicate matrícula.
    r = cliente.post(
        url,
        {
            "tipo": "nave_nacional",
            "nombre": "Otra",
            "identificacion": "1",
            "matricula": "MC-05-0001",
            "trb": "abc",
            "actividad": "pesca",
            "capacidad_combustible_gal": "3000",
            "capitania": "CP05",
        },
    )
    assert r.status_code == 400 and "Escriba un número" in r.content.decode()
    r = cliente.post(
        url,
        {
            "tipo": "nave_nacional",
            "nombre": "Otra",
            "identificacion": "1",
            "matricula": "MC-05-0001",
            "trb": "10",
            "actividad": "pesca",
            "capacidad_combustible_gal": "3000",
            "capitania": "CP05",
        },
    )
    assert r.status_code == 400 and "Ya existe una nave con matrícula MC-05-0001." in r.content.decode()
    # An acuicultora without its designated wholesaler.
    r = cliente.post(url, {"tipo": "acuicultora", "nombre": "Acuícola", "identificacion": "901"})
    assert r.status_code == 400 and "necesitan su distribuidor designado" in r.content.decode()
    assert Beneficiario.objects.count() == antes


@pytest.mark.django_db
def test_registering_an_acuicultora_with_its_wholesaler(entrar):
    DistribuidorFactory(nit="900456123", razon_social="Petromar S.A.S.")
    r = entrar().post(
        reverse("cupos:beneficiario-nuevo"),
        {
            "tipo": "acuicultora",
            "nombre": "Acuícola del Sinú",
            "identificacion": "901222333",
            "distribuidor_nit": "900456123",
        },
    )
    assert r.status_code == 302
    assert Beneficiario.objects.get(identificacion="901222333").distribuidor.nit == "900456123"


@pytest.mark.django_db
def test_editing_is_audited_and_refusals_change_nothing(entrar):
    nave = NaveFactory(nombre="Doña Lucía", matricula="MC-05-0777")
    cliente = entrar()
    url = reverse("cupos:beneficiario-editar", args=[nave.id])
    html = cliente.get(url).content.decode()
    assert 'value="MC-05-0777"' in html and "Editar los datos de Doña Lucía" in html
    datos = {
        "nombre": "Doña Lucía II",
        "identificacion": nave.identificacion,
        "matricula": "MC-05-0777",
        "trb": "130",
        "actividad": "pesca",
        "capacidad_combustible_gal": "0",
        "capitania": "CP05",
    }
    r = cliente.post(url, datos)
    assert r.status_code == 400 and "debe ser mayor que cero" in r.content.decode()
    nave.refresh_from_db()
    assert nave.nombre == "Doña Lucía" and not Auditoria.objects.filter(accion="beneficiario.actualizar").exists()
    r = cliente.post(url, datos | {"capacidad_combustible_gal": "3500"})
    assert r.status_code == 302
    nave.refresh_from_db()
    assert nave.nombre == "Doña Lucía II" and str(nave.capacidad_combustible_gal) == "3500.00"
    assert Auditoria.objects.filter(accion="beneficiario.actualizar").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("rol", OTROS_ROLES)
def test_only_the_analyst_registers_or_edits(entrar, rol):
    nave = NaveFactory()
    cliente = entrar(rol)
    assert cliente.get(reverse("cupos:beneficiario-nuevo")).status_code == 403
    assert cliente.get(reverse("cupos:beneficiario-editar", args=[nave.id])).status_code == 403
    r = cliente.post(reverse("cupos:beneficiario-nuevo"), {"tipo": "armada", "nombre": "X", "identificacion": "1"})
    assert r.status_code == 403
