"""Users of the new roles (API.md "Users and roles") and the registries' scope."""

import pytest
from django.db import IntegrityError, transaction

from core.identidad.roles import Rol
from core.models import Usuario

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("rol", "campo", "valor"),
    [
        (Rol.AGENTE_MARITIMO, "agencia_nit", "800123456"),
        (Rol.USUARIO_CARGA, "nit", "900555123"),
        (Rol.CONFERENCIA, "conferencia", "CONF-CARIBE"),
    ],
)
def test_el_administrador_crea_usuarios_de_los_nuevos_roles_con_su_alcance(admin_api, rol, campo, valor):
    cuerpo = {"username": f"u-{rol}", "password": "Una.Clave.Larga.2026", "rol": rol}
    r = admin_api.post("/api/v1/usuarios/", cuerpo, format="json")
    assert r.status_code == 400 and campo in r.json()
    r = admin_api.post("/api/v1/usuarios/", {**cuerpo, campo: valor}, format="json")
    assert r.status_code == 201 and r.json()[campo] == valor and r.json()["rol"] == rol


def test_un_nit_mal_escrito_es_400(admin_api):
    r = admin_api.post(
        "/api/v1/usuarios/",
        {"username": "x", "password": "Una.Clave.Larga.2026", "rol": "usuario_carga", "nit": "no es nit"},
        format="json",
    )
    assert r.status_code == 400 and "nit" in r.json()


def test_la_base_de_datos_exige_el_alcance_de_los_nuevos_roles():
    for rol in (Rol.AGENTE_MARITIMO, Rol.USUARIO_CARGA, Rol.CONFERENCIA):
        with pytest.raises(IntegrityError), transaction.atomic():
            Usuario.objects.create(username=f"sin-{rol}", rol=rol)


def test_yo_muestra_el_alcance(cliente):
    agente = cliente(Rol.AGENTE_MARITIMO)
    assert agente.get("/api/v1/yo/").json()["agencia_nit"] == "800123456"


def test_puertos_paginados_con_su_capitania(registros, dimar):
    from reserva.models import Puerto

    Puerto.objects.create(codigo="COCTG", nombre="Cartagena", capitania=registros["cartagena"])
    datos = dimar.get("/api/v1/reserva/puertos/").json()
    assert datos["count"] == 1 and datos["results"][0]["capitania"] == "CP05"
