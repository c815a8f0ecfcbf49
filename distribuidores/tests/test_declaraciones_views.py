"""R-21: the declarations page."""

from decimal import Decimal

import pytest

from core.identidad.roles import Rol
from cupos.tests.factories import AcuicultoraFactory, ArmadaFactory, NaveFactory
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
    assert "Es extemporánea" in html and "Extemporánea: no tenida en cuenta para la próxima asignación" in html
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
    armada = entrar(crear_usuario(Rol.BENEFICIARIO, beneficiario=ArmadaFactory()))
    assert "no presenta esta declaración" in texto(armada.get("/distribuidores/declaraciones/"))
    assert (
        armada.post("/distribuidores/declaraciones/", {"periodo": "2026-03", "galones_adquiridos": "1"}).status_code
        == 403
    )
    assert entrar(crear_usuario(Rol.DISTRIBUIDOR)).get("/distribuidores/declaraciones/").status_code == 403


@pytest.mark.django_db
def test_r21_an_acuicultora_declares_monthly_too(entrar, crear_usuario):
    """R-21 (D1505 art. 1: aquaculture is fishing; art. 21 par. 1): the acuicultora declares."""
    acuicola = entrar(crear_usuario(Rol.BENEFICIARIO, beneficiario=AcuicultoraFactory(nombre="Acuícola del Sinú")))
    assert "Presentar la declaración" in texto(acuicola.get("/distribuidores/declaraciones/"))
    datos = {"periodo": "2026-03", "galones_adquiridos": "800"}
    r = acuicola.post("/distribuidores/declaraciones/", datos, follow=True)
    assert r.status_code == 200
    assert Declaracion.objects.get().beneficiario.nombre == "Acuícola del Sinú"


@pytest.mark.django_db
def test_r21_ecopetrol_reads_every_declaration_and_has_the_menu_entry(entrar, crear_usuario):
    """R-21: declared to UPME "con copia a Ecopetrol S. A."."""
    declarar(NaveFactory(nombre="Don Lucho"), "5")
    declarar(AcuicultoraFactory(nombre="Acuícola del Sinú"), "7")
    ecopetrol = entrar(crear_usuario(Rol.ECOPETROL))
    html = texto(ecopetrol.get("/distribuidores/declaraciones/"))
    assert "Don Lucho" in html and "Acuícola del Sinú" in html and "Presentar la declaración" not in html
    assert 'href="/distribuidores/declaraciones/"' in ecopetrol.get("/").content.decode()
    assert (
        ecopetrol.post("/distribuidores/declaraciones/", {"periodo": "2026-03", "galones_adquiridos": "1"}).status_code
        == 403
    )
