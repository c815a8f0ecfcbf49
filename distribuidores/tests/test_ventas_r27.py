"""R-23 and R-27 at the sale: the invoice and every document of the beneficiary's kind, each with its reference
(400 naming each missing one); the Armada's convenio in force with that seller on the sale's date (409
sin_convenio); the acuicultora's cultivation permit on the sale's date (409 permiso_cultivo_vencido). Through the
API, the service and the wholesaler's sale page."""

import datetime as dt
from decimal import Decimal

import pytest

from core.comun.errors import ApplicationError, DatosInvalidos
from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory
from cupos.tests.factories import AcuicultoraFactory, ArmadaFactory, convenio
from distribuidores.models import DocumentoVenta, Venta
from distribuidores.services.ventas import venta_register
from distribuidores.tests.factories import (
    certificado_de,
    con_cupo,
    documentos_de_venta,
    soportes_de_venta,
    soportes_en_formulario,
)
from distribuidores.tests.test_conciliacion_selectors import mayorista as usuario_mayorista
from zarpes.models import Certificado
from zarpes.tests.factories import nave_con_cupo

D = dt.date
NIT = "900456123"


@pytest.fixture
def mayorista(cliente):
    return cliente(Rol.DISTRIBUIDOR)  # NIT 900456123


def venta(beneficiario, *, fecha="2026-03-21", galones="100", **campos):
    return {"distribuidor_nit": NIT, "beneficiario": beneficiario.id, "fecha": fecha, "galones": galones, **campos}


# --- the Armada's convenio ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_r27_venta_a_la_armada_sin_convenio_vigente_con_ese_mayorista_es_409(mayorista):
    armada = ArmadaFactory(distribuidor=DistribuidorFactory(nit=NIT), convenio=False)
    con_cupo(armada)
    r = mayorista.post("/api/v1/ventas/", venta(armada, **soportes_de_venta(armada)), format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "sin_convenio"
    assert "convenio vigente" in r.json()["detalle"] and "21 de marzo de 2026" in r.json()["detalle"]
    # A convenio that ended the day before, or one with another wholesaler, is not one in force with this seller.
    convenio(armada, vigente_desde=D(2025, 1, 1), vigente_hasta=D(2026, 3, 20))
    convenio(armada, distribuidor=DistribuidorFactory(nit="860002400"), vigente_hasta=D(2030, 12, 31))
    r = mayorista.post("/api/v1/ventas/", venta(armada, **soportes_de_venta(armada)), format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "sin_convenio"
    assert not Venta.objects.exists()
    assert mayorista.post(
        "/api/v1/ventas/", venta(armada, fecha="2026-03-20", **soportes_de_venta(armada)), format="json"
    ).status_code == 201  # its last day
    convenio(armada, numero="ARC-2026", vigente_desde=D(2026, 3, 21), vigente_hasta=D(2027, 3, 20))
    r = mayorista.post("/api/v1/ventas/", venta(armada, **soportes_de_venta(armada)), format="json")
    assert r.status_code == 201, r.json()
    assert Venta.objects.count() == 2


@pytest.mark.django_db
def test_r27_el_servicio_niega_la_venta_a_la_armada_sin_convenio_vigente():
    vendedor = usuario_mayorista()
    armada = ArmadaFactory(distribuidor=vendedor.distribuidor, convenio=False)
    con_cupo(armada)
    datos = {"actor": vendedor, "distribuidor_nit": NIT, "beneficiario_id": armada.id, "fecha": D(2026, 3, 21),
             "galones": Decimal("100"), **soportes_de_venta(armada)}
    with pytest.raises(ApplicationError) as exc:
        venta_register(**datos)
    assert exc.value.codigo == "sin_convenio" and exc.value.status_code == 409
    convenio(armada)
    assert venta_register(**datos).movimiento is not None


@pytest.mark.django_db
def test_r27_la_armada_compra_al_mayorista_de_su_convenio_aunque_designara_otro(cliente):
    armada = ArmadaFactory(distribuidor=DistribuidorFactory(nit="860002400"), convenio=False)
    con_cupo(armada)
    petromar = cliente(Rol.DISTRIBUIDOR)  # 900456123, not designated
    r = petromar.post("/api/v1/ventas/", venta(armada, **soportes_de_venta(armada)), format="json")
    assert r.status_code == 409 and r.json()["codigo"] == "distribuidor_no_autorizado"
    convenio(armada, distribuidor=petromar.usuario.distribuidor)
    r = petromar.post("/api/v1/ventas/", venta(armada, **soportes_de_venta(armada)), format="json")
    assert r.status_code == 201, r.json()


# --- the invoice and the documents ------------------------------------------------------------------------


@pytest.mark.django_db
def test_r23_venta_sin_factura_ni_documentos_es_400_nombrando_cada_faltante(mayorista):
    nave, _ = nave_con_cupo()  # a fishing vessel
    cert = certificado_de(nave)
    cuerpo = venta(nave, certificado=cert.numero, codigo_verificacion=cert.codigo_verificacion)
    r = mayorista.post("/api/v1/ventas/", cuerpo, format="json")
    assert r.status_code == 400
    assert "factura" in " ".join(r.json()["factura"])
    faltan = " ".join(r.json()["documentos"])
    for tipo, nombre in (("licencia_pesca", "Licencia de pesca"), ("zarpe", "Zarpe"),
                         ("certificado_desembarque", "Último certificado de desembarque"),
                         ("certificado_exencion", "certificado de cupo de exención")):
        assert tipo in faltan and nombre in faltan
    # One given without its reference is still missing; the others are not named.
    documentos = documentos_de_venta(nave, certificado=cert.numero)
    documentos[1]["referencia"] = "  "
    r = mayorista.post("/api/v1/ventas/", {**cuerpo, "factura": "FE-1", "documentos": documentos}, format="json")
    assert r.status_code == 400 and "factura" not in r.json()
    faltan = " ".join(r.json()["documentos"])
    assert "zarpe (Zarpe)" in faltan and "licencia_pesca" not in faltan
    assert not Venta.objects.exists() and not DocumentoVenta.objects.exists()
    assert Certificado.objects.get(pk=cert.pk).estado == Certificado.Estado.VIGENTE  # nothing redeemed
    r = mayorista.post("/api/v1/ventas/", {**cuerpo, **soportes_de_venta(nave, certificado=cert.numero)},
                       format="json")
    assert r.status_code == 201, r.json()
    assert {d["tipo"]: d["referencia"] for d in r.json()["documentos"]}["certificado_exencion"] == cert.numero


@pytest.mark.django_db
def test_r23_el_numero_del_documento_vale_como_su_referencia(mayorista):
    armada = ArmadaFactory(distribuidor=DistribuidorFactory(nit=NIT))
    con_cupo(armada)
    cuerpo = venta(armada, factura="FE-5", documentos=[{"tipo": "convenio", "numero": "ARC-CONV-9"}])
    r = mayorista.post("/api/v1/ventas/", cuerpo, format="json")
    assert r.status_code == 201, r.json()
    assert r.json()["documentos"] == [{"tipo": "convenio", "referencia": "ARC-CONV-9", "vigente_hasta": None}]


@pytest.mark.django_db
def test_r23_los_documentos_como_los_escribe_api_md_solo_sus_tipos(mayorista):
    """API.md lists `documentos` as «the types of DOMAIN R-23 received at the moment of sale»: a client that sends
    only the types records the sale; one that leaves a type out gets the 400 naming it."""
    nave, _ = nave_con_cupo()  # a fishing vessel
    cert = certificado_de(nave)
    cuerpo = venta(nave, certificado=cert.numero, codigo_verificacion=cert.codigo_verificacion, factura="FE-77")
    tipos = ["licencia_pesca", "zarpe", "certificado_desembarque", "certificado_exencion"]
    r = mayorista.post("/api/v1/ventas/", {**cuerpo, "documentos": tipos[:3]}, format="json")
    assert r.status_code == 400 and "certificado_exencion" in " ".join(r.json()["documentos"])
    r = mayorista.post("/api/v1/ventas/", {**cuerpo, "documentos": ["licencia"]}, format="json")
    assert r.status_code == 400 and not Venta.objects.exists()
    r = mayorista.post("/api/v1/ventas/", {**cuerpo, "documentos": tipos}, format="json")
    assert r.status_code == 201, r.json()
    assert sorted(d["tipo"] for d in r.json()["documentos"]) == sorted(tipos)


@pytest.mark.django_db
def test_r23_cada_tipo_de_beneficiario_tiene_sus_documentos(mayorista):
    cabotaje, _ = nave_con_cupo(actividad="cabotaje")
    cert = certificado_de(cabotaje)
    r = mayorista.post("/api/v1/ventas/", venta(cabotaje, certificado=cert.numero,
                                                codigo_verificacion=cert.codigo_verificacion, factura="FE-2"),
                       format="json")
    assert r.status_code == 400 and "certificado_desembarque" not in " ".join(r.json()["documentos"])
    armada = ArmadaFactory(distribuidor=DistribuidorFactory(nit=NIT))
    con_cupo(armada)
    r = mayorista.post("/api/v1/ventas/", venta(armada, factura="FE-3"), format="json")
    assert r.status_code == 400 and "convenio (Convenio con la Armada Nacional)" in " ".join(r.json()["documentos"])
    acuicola = AcuicultoraFactory(distribuidor=DistribuidorFactory(nit=NIT),
                                  permiso_cultivo_vigente_hasta=D(2027, 1, 1))
    con_cupo(acuicola)
    r = mayorista.post("/api/v1/ventas/", venta(acuicola, factura="FE-4", documentos=[
        {"tipo": "permiso_cultivo", "referencia": "AUNAP-1"}]), format="json")
    faltan = " ".join(r.json()["documentos"])
    assert r.status_code == 400 and "declaracion_expresa" in faltan and "resolucion_upme" in faltan
    assert "permiso_cultivo (" not in faltan
    assert not Venta.objects.exists()


@pytest.mark.django_db
def test_r23_el_servicio_exige_factura_y_documentos_y_los_guarda_con_la_venta():
    vendedor = usuario_mayorista()
    acuicola = AcuicultoraFactory(distribuidor=vendedor.distribuidor, permiso_cultivo_vigente_hasta=D(2027, 1, 1))
    con_cupo(acuicola)
    datos = {"actor": vendedor, "distribuidor_nit": NIT, "beneficiario_id": acuicola.id, "fecha": D(2026, 3, 21),
             "galones": Decimal("100")}
    with pytest.raises(DatosInvalidos) as exc:
        venta_register(**datos)
    assert set(exc.value.errores) == {"factura", "documentos"}
    venta_hecha = venta_register(**datos, **soportes_de_venta(acuicola, factura="FE-77"))
    assert venta_hecha.factura == "FE-77"
    guardados = dict(DocumentoVenta.objects.filter(venta=venta_hecha).values_list("tipo", "referencia"))
    assert guardados == {d["tipo"]: d["referencia"] for d in documentos_de_venta(acuicola)}
    assert DocumentoVenta.objects.get(venta=venta_hecha, tipo="permiso_cultivo").vigente_hasta == D(2027, 1, 1)


# --- the acuicultora's permit at the sale -------------------------------------------------------------------


@pytest.mark.django_db
def test_r27_el_servicio_niega_la_venta_con_el_permiso_de_cultivo_vencido():
    vendedor = usuario_mayorista()
    acuicola = AcuicultoraFactory(distribuidor=vendedor.distribuidor, permiso_cultivo_vigente_hasta=D(2026, 3, 20))
    con_cupo(acuicola)
    datos = {"actor": vendedor, "distribuidor_nit": NIT, "beneficiario_id": acuicola.id, "galones": Decimal("10")}
    # The permit presented says more than UPME's record: the record governs (a renewal is UPME's to record).
    soportes = soportes_de_venta(acuicola)
    soportes["documentos"][0]["vigente_hasta"] = D(2027, 3, 20)
    with pytest.raises(ApplicationError) as exc:
        venta_register(**datos, fecha=D(2026, 3, 21), **soportes)
    assert exc.value.codigo == "permiso_cultivo_vencido" and "venció el 20 de marzo de 2026" in exc.value.detalle
    assert venta_register(**datos, fecha=D(2026, 3, 20), **soportes)
    assert Venta.objects.count() == 1


# --- The wholesaler's sale page -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_r23_la_forma_de_venta_nombra_los_documentos_faltantes_y_conserva_lo_escrito(entrar):
    petromar = usuario_mayorista()
    nave, _ = nave_con_cupo(nombre="Santa Marta I")
    cert = certificado_de(nave, "800", fecha=D(2026, 11, 20))
    cliente = entrar(petromar)
    html = cliente.get("/distribuidores/verificar/", {"certificado": cert.numero,
                                                       "codigo": cert.codigo_verificacion}).content.decode()
    assert "Número de la factura" in html and "Licencia de pesca o permiso de cabotaje: número o referencia" in html
    assert f'name="documento_certificado_exencion" value="{cert.numero}"' in html  # filled in: the one redeemed
    datos = {"beneficiario": nave.id, "certificado": cert.numero, "codigo": cert.codigo_verificacion,
             "fecha": "2026-11-21", "galones": "500", "factura": "FE-2026-0999",
             "documento_licencia_pesca": "AUNAP-LP-4411", "documento_certificado_exencion": cert.numero}
    r = cliente.post("/distribuidores/ventas/registrar/", datos)
    html = r.content.decode()
    assert r.status_code == 400
    assert "Faltan documentos de la venta" in html
    assert "zarpe (Zarpe)" in html and "certificado_desembarque (Último certificado de desembarque)" in html
    assert "licencia_pesca (" not in html
    assert 'value="AUNAP-LP-4411"' in html and 'value="FE-2026-0999"' in html  # what was typed stays
    assert not Venta.objects.exists()
    r = cliente.post("/distribuidores/ventas/registrar/",
                     {**datos, **soportes_en_formulario(nave, certificado=cert.numero), "confirmado": "1"})
    assert r.status_code == 302, r.content.decode()[-2000:]
    venta_hecha = Venta.objects.get()
    assert venta_hecha.factura == "FE-2026-0001"
    assert DocumentoVenta.objects.filter(venta=venta_hecha).count() == 4
    html = cliente.get(f"/distribuidores/ventas/{venta_hecha.id}/").content.decode()
    assert "FE-2026-0001" in html and f"N.º o referencia: LICENCIA_PESCA-{nave.id}" in html


@pytest.mark.django_db
def test_r27_la_forma_de_venta_a_la_armada_sin_convenio_dice_por_que(entrar):
    petromar = usuario_mayorista()
    armada = ArmadaFactory(distribuidor=petromar.distribuidor, convenio=False)
    con_cupo(armada)
    cliente = entrar(petromar)
    html = cliente.get("/distribuidores/verificar/", {"beneficiario": armada.id}).content.decode()
    assert "Venta exenta no permitida" in html and "no tiene un convenio vigente" in html
    r = cliente.post("/distribuidores/ventas/registrar/", {
        "beneficiario": armada.id, "fecha": "2026-03-21", "galones": "100", **soportes_en_formulario(armada),
        "confirmado": "1"})
    assert r.status_code == 409 and "no tiene un convenio vigente" in r.content.decode()
    assert not Venta.objects.exists()
