"""POST /api/v1/usuarios/: administrators create users with a role and its scope."""

import pytest

from core.identidad.roles import Rol
from core.models import RegistroAuditoria, Usuario
from core.tests.factories import CapitaniaFactory, DistribuidorFactory

URL = "/api/v1/usuarios/"
CLAVE = "Una.Clave.Larga.2026"


@pytest.mark.django_db
def test_admin_creates_an_officer_of_a_capitania(admin_api):
    CapitaniaFactory(codigo="CP03", nombre="Barranquilla")
    r = admin_api.post(
        URL, {"username": "of1", "password": CLAVE, "rol": "capitania_oficial", "capitania": "CP03"}, format="json"
    )
    assert r.status_code == 201, r.json()
    assert r.json()["rol"] == "capitania_oficial" and r.json()["capitania"] == "CP03"
    assert {"id", "username", "rol"} <= set(r.json())
    usuario = Usuario.objects.get(username="of1")
    assert usuario.check_password(CLAVE)
    entrada = RegistroAuditoria.objects.get(accion="usuario.crear", objeto_id=str(usuario.pk))
    assert entrada.actor == admin_api.usuario
    assert "password" not in entrada.despues


@pytest.mark.django_db
def test_admin_creates_a_wholesaler_user_and_a_beneficiary_user(admin_api):
    from cupos.tests.factories import NaveFactory

    DistribuidorFactory(nit="900111222")
    nave = NaveFactory()
    r = admin_api.post(
        URL,
        {"username": "d1", "password": CLAVE, "rol": "distribuidor", "distribuidor_nit": "900111222"},
        format="json",
    )
    assert r.status_code == 201 and r.json()["distribuidor_nit"] == "900111222"
    r = admin_api.post(
        URL, {"username": "b1", "password": CLAVE, "rol": "beneficiario", "beneficiario": nave.pk}, format="json"
    )
    assert r.status_code == 201 and r.json()["beneficiario"] == nave.pk


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("datos", "campo"),
    [
        ({"rol": "capitania_oficial"}, "capitania"),
        ({"rol": "capitania_oficial", "capitania": "XX99"}, "capitania"),
        ({"rol": "distribuidor", "distribuidor_nit": "123"}, "distribuidor_nit"),
        ({"rol": "beneficiario", "beneficiario": 999999}, "beneficiario"),
        ({"rol": "inventado"}, "rol"),
        ({"rol": "auditor", "password": "123"}, "password"),
    ],
)
def test_missing_scope_or_bad_data_is_400_with_the_field(admin_api, datos, campo):
    cuerpo = {"username": "nuevo", "password": CLAVE, **datos}
    r = admin_api.post(URL, cuerpo, format="json")
    assert r.status_code == 400
    assert campo in r.json()
    assert not Usuario.objects.filter(username="nuevo").exists()


@pytest.mark.django_db
def test_duplicate_username_is_refused(admin_api):
    admin_api.post(URL, {"username": "rep", "password": CLAVE, "rol": "auditor"}, format="json")
    r = admin_api.post(URL, {"username": "rep", "password": CLAVE, "rol": "auditor"}, format="json")
    assert r.status_code == 400 and "username" in r.json()
    assert Usuario.objects.filter(username="rep").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("rol", [r for r in Rol.values if r != Rol.ADMINISTRADOR])
def test_only_administrators_create_users(cliente, rol):
    r = cliente(rol).post(URL, {"username": "x", "password": CLAVE, "rol": "auditor"}, format="json")
    assert r.status_code == 403
