"""Registered sales (R-18, R-19), through the API.md contract."""

import datetime as dt
from decimal import Decimal

import pytest

from core.api.auth import token_emitir
from core.identidad.roles import Rol
from core.tests.concurrencia import a_la_vez
from core.tests.factories import DistribuidorFactory
from cupos.selectors import saldos as cupo_selectors
from cupos.tests.factories import AcuicultoraFactory, ArmadaFactory
from distribuidores.models import Venta
from distribuidores.tests.factories import certificado_de, con_cupo, soportes_de_venta
from zarpes.models import Certificado
from zarpes.tests.factories import nave_con_cupo

D = dt.date


@pytest.fixture
def mayorista(cliente):
    return cliente(Rol.DISTRIBUIDOR)  # NIT 900456123


def codigo_de(numero):
    """The verification code printed on the certificate the vessel hands over (API.md "Wholesalers")."""
    from zarpes.models import Certificado

    return Certificado.objects.filter(numero=numero).values_list("codigo_verificacion", flat=True).first()


def vender(api, beneficiario, galones, certificado=None, fecha="2026-03-21", nit="900456123"):
    return api.post(
        "/api/v1/ventas/",
        {
            "distribuidor_nit": nit,
            "beneficiario": beneficiario.id,
            "fecha": fecha,
            "galones": galones,
            "certificado": certificado,
            "codigo_verificacion": codigo_de(certificado) if certificado else None,
            **soportes_de_venta(beneficiario, certificado=certificado),
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
    estados = a_la_vez(tokens, lambda api: vender(api, nave, "500", cert.numero).status_code)
    assert sorted(estados) == [201] + [409] * 9
    assert Venta.objects.filter(certificado=cert).count() == 1


# --- who delivers; R-17: a sale after the inspection ---

HABILITADA = {
    "habilitacion_numero": "MME-EDSM-0412",
    "habilitacion_fecha": D(2026, 1, 15),
    "habilitacion_vigente_hasta": D(2026, 3, 20),
}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("campos", "fecha", "esperado"),
    [
        ({"tipo": "mayorista"}, "2026-03-21", 201),
        ({"tipo": "mayorista", "activo": False}, "2026-03-21", 409),
        ({"tipo": "tercero"}, "2026-03-21", 409),
        ({"tipo": "estacion_maritima"}, "2026-03-21", 409),  # no habilitation recorded
        ({"tipo": "estacion_maritima", **HABILITADA}, "2026-03-20", 201),  # last day of its validity
        ({"tipo": "estacion_maritima", **HABILITADA}, "2026-03-21", 409),  # lapsed on the sale date
        ({"tipo": "estacion_maritima", **HABILITADA, "activo": False}, "2026-03-20", 409),
    ],
)
def test_r18_only_an_active_wholesaler_or_a_habilitated_station_sells(cliente, campos, fecha, esperado):
    vendedor = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit="800234567", **campos))
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "800", fecha=D(2026, 3, 20))
    r = vender(vendedor, nave, "500", cert.numero, fecha=fecha, nit="800234567")
    assert r.status_code == esperado, r.json()
    if esperado == 409:
        assert r.json()["codigo"] == "distribuidor_no_habilitado" and r.json()["detalle"]
        cert.refresh_from_db()
        assert cert.estado == "vigente" and not Venta.objects.exists()


@pytest.mark.django_db
def test_r18_a_tercero_does_not_sell_to_an_acuicultora_either(cliente):
    tercero = DistribuidorFactory(nit="830112233", tipo="tercero")
    acuicola = AcuicultoraFactory(distribuidor=tercero)
    con_cupo(acuicola, anual="12000")
    r = vender(cliente(Rol.DISTRIBUIDOR, distribuidor=tercero), acuicola, "100", nit="830112233")
    assert r.status_code == 409 and r.json()["codigo"] == "distribuidor_no_habilitado"


@pytest.mark.django_db
def test_r18_the_registry_api_takes_a_station_with_its_habilitation(admin_api):
    r = admin_api.post(
        "/api/v1/distribuidores/",
        {
            "nit": "800234567", "razon_social": "Estación Marítima Bocagrande", "tipo": "estacion_maritima",
            "habilitacion_numero": "MME-EDSM-0412", "habilitacion_fecha": "2025-01-15",
            "habilitacion_vigente_hasta": "2030-01-14",
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    assert r.json()["habilitacion_vigente_hasta"] == "2030-01-14" and r.json()["activo"] is True
    # API.md's body is still enough: a wholesaler, or a station whose habilitation comes later.
    r = admin_api.post(
        "/api/v1/distribuidores/", {"nit": "860002400", "razon_social": "Terpel", "tipo": "mayorista"}, format="json"
    )
    assert r.status_code == 201 and r.json()["habilitacion_numero"] == ""
    r = admin_api.post(
        "/api/v1/distribuidores/", {"nit": "900987321", "razon_social": "EDSM", "tipo": "estacion_maritima"},
        format="json",
    )
    assert r.status_code == 201
    # Half a habilitation, or one for a wholesaler, is a 400 naming the field.
    r = admin_api.post(
        "/api/v1/distribuidores/",
        {"nit": "811000111", "razon_social": "X", "tipo": "estacion_maritima", "habilitacion_numero": "A-1"},
        format="json",
    )
    assert r.status_code == 400 and "habilitacion_fecha" in r.json()
    r = admin_api.post(
        "/api/v1/distribuidores/",
        {"nit": "811000112", "razon_social": "Y", "tipo": "mayorista", **{k: str(v) for k, v in HABILITADA.items()}},
        format="json",
    )
    assert r.status_code == 400 and "habilitacion_numero" in r.json()


def _inspeccionado(verificados: str):
    """A vessel and its 800-gallon certificate, whose delivery the inspection verified at `verificados` (R-17)."""
    from distribuidores.tests.test_conciliacion_selectors import inspeccionar

    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "800")
    inspeccionar(cert, verificados)
    return nave, cert


@pytest.mark.django_db
def test_r17_after_the_inspection_a_sale_takes_at_most_the_verified_gallons(mayorista):
    nave, cert = _inspeccionado("600")
    r = vender(mayorista, nave, "600.01", cert.numero)
    assert r.status_code == 409 and r.json()["codigo"] == "excede_certificado"
    assert "verificó 600,00" in r.json()["detalle"]
    assert vender(mayorista, nave, "600", cert.numero).status_code == 201


@pytest.mark.django_db
def test_r17_a_certificate_refunded_to_zero_redeems_nothing(mayorista):
    nave, cert = _inspeccionado("0")
    r = vender(mayorista, nave, "1", cert.numero)
    assert r.status_code == 409 and r.json()["codigo"] == "excede_certificado"
    cert.refresh_from_db()
    assert cert.estado == "vigente"


@pytest.mark.django_db
def test_r17_before_the_inspection_the_authorized_gallons_apply(mayorista):
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "800")
    assert vender(mayorista, nave, "800", cert.numero).status_code == 201


@pytest.mark.django_db
def test_r18_a_habilitated_station_does_not_sell_to_an_acuicultora_or_the_armada(cliente):
    """D1505 art. 5 par. 2 and 3: the Armada's and an acuicultora's seller is a wholesaler (mayorista)."""
    estacion = DistribuidorFactory(nit="800234567", tipo="estacion_maritima", **HABILITADA)
    for beneficiario in (AcuicultoraFactory(distribuidor=estacion), ArmadaFactory(distribuidor=estacion)):
        con_cupo(beneficiario, anual="12000")
        r = vender(cliente(Rol.DISTRIBUIDOR, distribuidor=estacion), beneficiario, "100", fecha="2026-03-20",
                   nit="800234567")
        assert r.status_code == 409 and r.json()["codigo"] == "distribuidor_no_autorizado"
        assert "mayorista" in r.json()["detalle"]
    assert not Venta.objects.exists()


# --- documents «al momento de la venta»; the acuicultora's permit on the sale's date --------------


@pytest.mark.django_db
def test_r23_the_sale_records_the_invoice_and_the_documents_handed_over_at_the_sale(mayorista):
    from distribuidores.models import DocumentoVenta

    acuicola = AcuicultoraFactory(distribuidor=DistribuidorFactory(nit="900456123"))
    con_cupo(acuicola, anual="12000")
    documentos = [
        {"tipo": "permiso_cultivo", "referencia": "AUNAP-0456-2024", "vigente_hasta": "2026-12-31"},
        {"tipo": "declaracion_expresa", "referencia": "DE-2026-03"},
        {"tipo": "resolucion_upme", "referencia": "Resolución 000123 de 2026"},
    ]
    r = mayorista.post(
        "/api/v1/ventas/",
        {"distribuidor_nit": "900456123", "beneficiario": acuicola.id, "fecha": "2026-03-21", "galones": "100",
         "factura": "FE-889", "documentos": documentos},
        format="json",
    )
    assert r.status_code == 201, r.json()
    assert r.json()["factura"] == "FE-889"
    assert {d["tipo"]: d["referencia"] for d in r.json()["documentos"]}["declaracion_expresa"] == "DE-2026-03"
    assert Venta.objects.get(pk=r.json()["id"]).factura == "FE-889"
    guardados = {d.tipo: d for d in DocumentoVenta.objects.filter(venta_id=r.json()["id"])}
    assert set(guardados) == {"permiso_cultivo", "declaracion_expresa", "resolucion_upme"}
    assert all(d.al_momento_de_la_venta and d.conservado for d in guardados.values())
    assert guardados["permiso_cultivo"].vigente_hasta == D(2026, 12, 31)
    assert guardados["permiso_cultivo"].referencia == "AUNAP-0456-2024"
    otro = mayorista.post(
        "/api/v1/ventas/",
        {"distribuidor_nit": "900456123", "beneficiario": acuicola.id, "fecha": "2026-03-21", "galones": "100",
         "factura": "FE-890", "documentos": [*documentos, {"tipo": "zarpe", "referencia": "Z-1"}]},
        format="json",
    )
    assert otro.status_code == 400 and "zarpe" in " ".join(otro.json()["documentos"])


@pytest.mark.django_db
def test_r23_an_acuicultora_buys_only_while_its_cultivation_permit_is_in_force(mayorista):
    acuicola = AcuicultoraFactory(distribuidor=DistribuidorFactory(nit="900456123"),
                                  permiso_cultivo_vigente_hasta=D(2026, 3, 20))
    con_cupo(acuicola, anual="12000")
    assert vender(mayorista, acuicola, "100", fecha="2026-03-20").status_code == 201  # its last day
    r = vender(mayorista, acuicola, "100", fecha="2026-03-21")
    assert r.status_code == 409 and r.json()["codigo"] == "permiso_cultivo_vencido"
    assert "venció el 20 de marzo de 2026" in r.json()["detalle"]
    # The permit shown at the sale says until when it is in force: an expired one is refused too.
    documentos = soportes_de_venta(acuicola)
    documentos["documentos"][0]["vigente_hasta"] = "2026-03-01"
    r = mayorista.post(
        "/api/v1/ventas/",
        {"distribuidor_nit": "900456123", "beneficiario": acuicola.id, "fecha": "2026-03-11", "galones": "100",
         **documentos},
        format="json",
    )
    assert r.status_code == 409 and r.json()["codigo"] == "permiso_cultivo_vencido"
    assert Venta.objects.count() == 1
