"""API.md: annulment of a certificate, its state on public verification, and the new refusals (R-17, R-24)."""

import datetime as dt

import pytest

from core.identidad.roles import Rol
from core.tests.factories import CapitaniaFactory
from zarpes.tests.factories import baja_dimar, nave_con_cupo, vender
from zarpes.tests.test_zarpes_apis import zarpe

D = dt.date


@pytest.fixture
def oficial(cliente):
    return cliente(Rol.CAPITANIA_OFICIAL)


def anular(api, numero, **cuerpo):
    return api.post(f"/api/v1/certificados/{numero}/anular/", cuerpo, format="json")


@pytest.mark.django_db
def test_annul_returns_the_certificate_annulled_and_refunds_it(oficial, cliente):
    nave, cupo = nave_con_cupo()
    cert = zarpe(oficial, nave).json()["certificado"]

    r = anular(oficial, cert["numero"], motivo="La nave no zarpó.", fecha="2026-03-21")

    assert r.status_code == 200, r.content
    cuerpo = r.json()
    assert (cuerpo["numero"], cuerpo["estado"], cuerpo["matricula"]) == (cert["numero"], "anulado", nave.matricula)
    assert cuerpo["anulacion"] == {"fecha": "2026-03-21", "motivo": "La nave no zarpó.", "reintegro": "800.00",
                                   "ventana_cerrada": False}
    saldo = cliente(Rol.UPME_ANALISTA).get(f"/api/v1/cupos/{cupo.id}/saldo/", {"fecha": "2026-03-21"}).json()
    assert saldo["disponible"] == "967.74"
    assert oficial.get(f"/api/v1/certificados/{cert['numero']}/").json()["estado"] == "anulado"


@pytest.mark.django_db
def test_verification_shows_anulado(oficial, client):
    nave, _ = nave_con_cupo()
    cert = zarpe(oficial, nave).json()["certificado"]
    anular(oficial, cert["numero"], motivo="No zarpó.", fecha="2026-03-21")

    r = client.get(f"/api/v1/verificar/{cert['codigo_verificacion']}/")
    assert r.status_code == 200 and r.json()["estado"] == "anulado"
    pagina = client.get(f"/verificar/{cert['codigo_verificacion']}/").content.decode()
    assert "Certificado ANULADO." in pagina and "no autoriza la compra de combustible exento" in pagina


@pytest.mark.django_db
def test_annul_refusals(oficial, cliente):
    nave, _ = nave_con_cupo()
    numero = zarpe(oficial, nave).json()["certificado"]["numero"]

    r = anular(oficial, numero, motivo="  ")
    assert r.status_code == 400 and "motivo" in r.json()
    r = anular(oficial, numero)
    assert r.status_code == 400 and "motivo" in r.json()
    otra = cliente(Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP01", nombre="Buenaventura"))
    assert anular(otra, numero, motivo="No zarpó.").status_code == 404
    assert anular(cliente(Rol.DIMAR), numero, motivo="No zarpó.").status_code == 403
    assert anular(oficial, "CP05-2026-999999", motivo="No zarpó.").status_code == 404

    vender(nave.certificados.get(numero=numero), 800, D(2026, 3, 21))
    r = anular(oficial, numero, motivo="No zarpó.")
    assert r.status_code == 409 and r.json()["codigo"] == "certificado_redimido"
    assert r.json()["detalle"].startswith(f"El certificado {numero} ya fue redimido")


@pytest.mark.django_db
def test_r17_api_inspection_below_the_sale_is_409(oficial):
    nave, _ = nave_con_cupo()
    z = zarpe(oficial, nave).json()
    vender(nave.certificados.get(), 800, D(2026, 3, 21))
    r = oficial.post(f"/api/v1/zarpes/{z['id']}/inspeccion/", {"fecha": "2026-03-22", "galones_verificados": "700"},
                     format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "inspeccion_menor_que_venta"
    r = oficial.post(f"/api/v1/zarpes/{z['id']}/inspeccion/", {"fecha": "2026-03-22", "galones_verificados": "800"},
                     format="json")
    assert r.status_code == 200 and r.json()["reintegro"] == "0.00"


@pytest.mark.django_db
def test_r24_api_zarpe_after_the_baja_is_409_nave_dada_de_baja(oficial):
    nave, _ = nave_con_cupo()
    baja_dimar(nave, D(2026, 3, 19))
    r = zarpe(oficial, nave)  # 2026-03-20
    assert r.status_code == 409 and r.json()["codigo"] == "nave_dada_de_baja"
    assert "Dimar reportó la baja" in r.json()["detalle"]
    assert oficial.get("/api/v1/zarpes/").json()["count"] == 0
