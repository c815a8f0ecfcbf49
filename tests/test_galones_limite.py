"""An absurd amount of gallons is a 400 naming the field, never a database overflow (a 500)."""

from decimal import Decimal

import pytest

from core.comun.galones import GALONES_MAXIMO
from core.identidad.roles import Rol
from zarpes.tests.factories import nave_con_cupo

DEMASIADO = str(GALONES_MAXIMO + Decimal("0.01"))  # 10000000000.00: 14 digits, one more than numeric(12, 2) holds

ENTRADAS = [  # (path, a role that may write there, the gallons field)
    ("/api/v1/zarpes/", Rol.CAPITANIA_OFICIAL, "galones_solicitados"),
    ("/api/v1/zarpes/1/inspeccion/", Rol.CAPITANIA_OFICIAL, "galones_verificados"),
    ("/api/v1/ventas/", Rol.DISTRIBUIDOR, "galones"),
    ("/api/v1/declaraciones/", Rol.UPME_ANALISTA, "galones_adquiridos"),
    ("/api/v1/beneficiarios/", Rol.UPME_ANALISTA, "capacidad_combustible_gal"),
    ("/api/v1/cupos/", Rol.UPME_ANALISTA, "galones_anuales"),
    ("/api/v1/fronteras/estaciones/", Rol.UPME_ANALISTA, "capacidad_certificada_gal"),
    ("/api/v1/fronteras/compras/", Rol.UPME_ANALISTA, "galones"),
    ("/api/v1/fronteras/despachos/", Rol.DISTRIBUIDOR, "galones"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("ruta", "rol", "campo"), ENTRADAS)
def test_every_gallons_input_refuses_more_than_its_column_holds(cliente, ruta, rol, campo):
    r = cliente(rol).post(ruta, {campo: DEMASIADO}, format="json")
    assert r.status_code == 400, r.content
    assert "9999999999.99" in " ".join(r.json()[campo]), r.json()


@pytest.mark.django_db
def test_a_zarpe_asking_for_too_many_gallons_is_refused_and_writes_nothing(cliente):
    from zarpes.models import Zarpe

    nave, _ = nave_con_cupo()
    cuerpo = {"nave": nave.id, "capitania": "CP05", "fecha": "2026-04-01", "certificado_anterior": None}
    api = cliente(Rol.CAPITANIA_OFICIAL)
    r = api.post("/api/v1/zarpes/", {**cuerpo, "galones_solicitados": DEMASIADO}, format="json")
    assert r.status_code == 400 and list(r.json()) == ["galones_solicitados"]
    assert not Zarpe.objects.exists()
    r = api.post("/api/v1/zarpes/", {**cuerpo, "galones_solicitados": str(GALONES_MAXIMO)}, format="json")
    assert r.status_code == 201 and r.json()["estado"] == "certificado"  # the largest amount is a valid request
