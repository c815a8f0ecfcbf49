"""Registered sales (R-18, R-19), through the API.md contract."""

import datetime as dt
import threading
from decimal import Decimal

import pytest
from django.db import connection
from rest_framework.test import APIClient

from core.api.auth import token_emitir
from core.roles import Rol
from core.tests.factories import DistribuidorFactory
from cupos.selectors import saldos as cupo_selectors
from cupos.services.cupos import cupo_declare_firm, cupo_grant
from cupos.tests.factories import AcuicultoraFactory, ArmadaFactory, ResolucionFactory
from distribuidores.models import Venta
from zarpes.models import Certificado
from zarpes.services.zarpes import zarpe_request
from zarpes.tests.factories import nave_con_cupo

D = dt.date


@pytest.fixture
def mayorista(cliente):
    return cliente(Rol.DISTRIBUIDOR)  # NIT 900456123


def certificado_de(nave, galones="800", fecha=D(2026, 3, 20), anterior=None):
    from core.tests.factories import CapitaniaFactory, UsuarioFactory

    oficial = UsuarioFactory(rol=Rol.CAPITANIA_OFICIAL, capitania=CapitaniaFactory(codigo="CP05"))
    zarpe = zarpe_request(
        actor=oficial,
        nave_id=nave.id,
        capitania="CP05",
        fecha=fecha,
        galones_solicitados=Decimal(galones),
        certificado_anterior=anterior,
    )
    return zarpe.certificado


def con_cupo(beneficiario, anual="24000", firmeza=D(2026, 3, 1)):
    from core.tests.factories import UsuarioFactory

    analista = UsuarioFactory(rol=Rol.UPME_ANALISTA)
    cupo = cupo_grant(
        actor=analista, resolucion=ResolucionFactory(), beneficiario=beneficiario, galones_anuales=Decimal(anual)
    )
    return cupo_declare_firm(actor=analista, cupo=cupo, fecha_firmeza=firmeza)


def vender(api, beneficiario, galones, certificado=None, fecha="2026-03-21", nit="900456123"):
    return api.post(
        "/api/v1/ventas/",
        {
            "distribuidor_nit": nit,
            "beneficiario": beneficiario.id,
            "fecha": fecha,
            "galones": galones,
            "certificado": certificado,
        },
        format="json",
    )


@pytest.mark.django_db
def test_r19_vessel_sale_redeems_its_certificate_once(mayorista):
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave)
    r = vender(mayorista, nave, "750", cert.numero)
    assert r.status_code == 201 and r.json()["certificado"] == cert.numero
    cert.refresh_from_db()
    assert cert.estado == "redimido"
    r = vender(mayorista, nave, "10", cert.numero)
    assert r.status_code == 409 and r.json()["codigo"] == "certificado_redimido"


@pytest.mark.django_db
def test_r16_sale_above_the_certificate_and_certificate_of_another_vessel(mayorista):
    nave, _ = nave_con_cupo()
    otra, _ = nave_con_cupo()
    cert = certificado_de(nave)
    r = vender(mayorista, nave, "800.01", cert.numero)
    assert r.status_code == 409 and r.json()["codigo"] == "excede_certificado"
    r = vender(mayorista, otra, "100", cert.numero)
    assert r.status_code == 409 and r.json()["codigo"] == "certificado_de_otra_nave"
    assert not Venta.objects.exists()


@pytest.mark.django_db
def test_vessel_sale_without_certificate_is_400(mayorista):
    nave, _ = nave_con_cupo()
    r = vender(mayorista, nave, "100", None)
    assert r.status_code == 400 and "certificado" in r.json()


@pytest.mark.django_db
def test_r19_acuicultora_sale_discounts_the_balance_atomically(mayorista):
    designado = DistribuidorFactory(nit="900456123")
    acuicola = AcuicultoraFactory(distribuidor=designado)
    con_cupo(acuicola, anual="12000")  # cuota 1000, bimestral
    antes = cupo_selectors.beneficiario_saldo(beneficiario_id=acuicola.id, fecha=D(2026, 3, 21)).disponible
    r = vender(mayorista, acuicola, "400")
    assert r.status_code == 201
    despues = cupo_selectors.beneficiario_saldo(beneficiario_id=acuicola.id, fecha=D(2026, 3, 21)).disponible
    assert antes - despues == Decimal("400")
    r = vender(mayorista, acuicola, "600.01")
    assert r.status_code == 409 and r.json()["codigo"] == "excede_cupo"


@pytest.mark.django_db
def test_r18_only_the_designated_wholesaler_sells_to_the_armada(cliente):
    armada = ArmadaFactory(distribuidor=DistribuidorFactory(nit="860002400"))
    con_cupo(armada)
    otro = cliente(Rol.DISTRIBUIDOR)
    r = vender(otro, armada, "100")
    assert r.status_code == 409 and r.json()["codigo"] == "distribuidor_no_autorizado"
    designado = cliente(Rol.DISTRIBUIDOR, distribuidor=armada.distribuidor)
    assert vender(designado, armada, "100", nit="860002400").status_code == 201


@pytest.mark.django_db
def test_sale_without_cupo_in_force(mayorista):
    acuicola = AcuicultoraFactory(distribuidor=DistribuidorFactory(nit="900456123"))
    r = vender(mayorista, acuicola, "10")
    assert r.status_code == 409 and r.json()["codigo"] == "sin_cupo_vigente"


@pytest.mark.django_db
def test_a_wholesaler_cannot_sell_as_another(mayorista):
    DistribuidorFactory(nit="860002400")
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave)
    r = vender(mayorista, nave, "100", cert.numero, nit="860002400")
    assert r.status_code == 403
    assert Certificado.objects.get(pk=cert.pk).estado == "vigente"


@pytest.mark.django_db
def test_a_wholesaler_sees_only_its_own_sales(mayorista, cliente):
    nave, _ = nave_con_cupo()
    venta = vender(mayorista, nave, "100", certificado_de(nave).numero).json()
    otro = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit="860002400"))
    assert otro.get("/api/v1/ventas/").json()["count"] == 0
    assert otro.get(f"/api/v1/ventas/{venta['id']}/").status_code == 404
    assert mayorista.get(f"/api/v1/ventas/{venta['id']}/").status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    "cuerpo", [{"galones": "-1"}, {"galones": "0"}, {"galones": "x"}, {"fecha": "2099-01-01"}, {"beneficiario": 0}]
)
def test_bad_sale_input_is_400(mayorista, cuerpo):
    nave, _ = nave_con_cupo()
    datos = {
        "distribuidor_nit": "900456123",
        "beneficiario": nave.id,
        "fecha": "2026-03-21",
        "galones": "10",
        "certificado": certificado_de(nave).numero,
        **cuerpo,
    }
    assert mayorista.post("/api/v1/ventas/", datos, format="json").status_code == 400
    assert not Venta.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_concurrent_redemptions_of_one_certificate_redeem_it_once(crear_usuario):
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave)
    distribuidor = DistribuidorFactory(nit="900456123")
    tokens = [
        token_emitir(crear_usuario(Rol.DISTRIBUIDOR, distribuidor=distribuidor))[1] for _ in range(10)
    ]
    barrera, estados = threading.Barrier(10), []

    def redimir(token):
        try:
            api = APIClient()
            api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
            barrera.wait()
            estados.append(vender(api, nave, "500", cert.numero).status_code)
        finally:
            connection.close()

    hilos = [threading.Thread(target=redimir, args=(t,)) for t in tokens]
    for h in hilos:
        h.start()
    for h in hilos:
        h.join()
    assert sorted(estados) == [201] + [409] * 9
    assert Venta.objects.filter(certificado=cert).count() == 1
