"""R-21: the declarations page."""

from decimal import Decimal

import pytest

from core.roles import Rol
from cupos.tests.factories import AcuicultoraFactory, NaveFactory
from distribuidores.models import Declaracion
from distribuidores.tests.test_conciliacion_selectors import (
    declarar,
)
from distribuidores.tests.test_ventas_views import texto

G = Decimal


# --- Declarations ---


@pytest.mark.django_db
def test_a_vessel_declares_and_sees_the_late_flag(entrar, crear_usuario):
    nave = NaveFactory(nombre="Don Lucho")
    cliente = entrar(crear_usuario(Rol.BENEFICIARIO, beneficiario=nave))
    assert "Presentar la declaración" in texto(cliente.get("/distribuidores/declaraciones/"))
    r = cliente.post(
        "/distribuidores/declaraciones/", {"periodo": "2026-03", "galones_adquiridos": "1200,5"}, follow=True
    )
    declaracion = Declaracion.objects.get()
    assert declaracion.galones_adquiridos == G("1200.50") and declaracion.extemporanea
    html = texto(r)
    assert "Es extemporánea" in html and "Extemporánea: no cuenta para la próxima asignación" in html
    r = cliente.post("/distribuidores/declaraciones/", {"periodo": "2026-03", "galones_adquiridos": "1"})
    assert r.status_code == 409 and "declaracion_duplicada" in texto(r)
    r = cliente.post("/distribuidores/declaraciones/", {"periodo": "2099-01", "galones_adquiridos": "1"})
    assert r.status_code == 400 and "Solo se declaran meses ya terminados" in texto(r)


@pytest.mark.django_db
def test_declarations_for_other_roles(entrar, crear_usuario):
    declarar(NaveFactory(nombre="Don Lucho"), "5")
    html = texto(entrar(crear_usuario(Rol.UPME_ANALISTA)).get("/distribuidores/declaraciones/"))
    assert "Don Lucho" in html and "Presentar la declaración" not in html
    otra = entrar(crear_usuario(Rol.BENEFICIARIO, beneficiario=NaveFactory()))
    assert "Don Lucho" not in texto(otra.get("/distribuidores/declaraciones/"))
    acuicola = entrar(crear_usuario(Rol.BENEFICIARIO, beneficiario=AcuicultoraFactory()))
    assert "no presenta esta declaración" in texto(acuicola.get("/distribuidores/declaraciones/"))
    assert (
        acuicola.post("/distribuidores/declaraciones/", {"periodo": "2026-03", "galones_adquiridos": "1"}).status_code
        == 403
    )
    assert entrar(crear_usuario(Rol.DISTRIBUIDOR)).get("/distribuidores/declaraciones/").status_code == 403
