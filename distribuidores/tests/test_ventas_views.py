"""The wholesalers' pages: the sale check and registering the sale, the sales list, the menu."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.identidad.roles import Rol
from core.vencimientos.calendario import today
from cupos.errors import ErrorCupos
from cupos.tests.factories import AcuicultoraFactory, ArmadaFactory
from distribuidores.errors import ErrorDistribuidores
from distribuidores.models import Venta
from distribuidores.tests.factories import certificado_de, con_cupo, estacion_maritima, soportes_en_formulario
from distribuidores.tests.test_conciliacion_selectors import (
    mayorista,
    vender,
)
from zarpes.models import Certificado
from zarpes.tests.factories import nave_con_cupo

D = dt.date
G = Decimal


def texto(respuesta) -> str:
    return respuesta.content.decode()


# --- The sale check and registering the sale ---


@pytest.mark.django_db
def test_check_a_valid_certificate_then_register_the_sale(entrar):
    petromar = mayorista()
    nave, _ = nave_con_cupo(nombre="Santa Marta I", matricula="MC-05-0777")
    cert = certificado_de(nave, "800", fecha=D(2026, 11, 20))
    cliente = entrar(petromar)
    # Without the code printed under the QR, the number alone says nothing of the certificate.
    html = texto(cliente.get("/distribuidores/verificar/", {"certificado": cert.numero}))
    assert "Falta el código de verificación" in html and "MC-05-0777" not in html and "Registrar la venta" not in html
    otro_codigo = {"certificado": cert.numero, "codigo": "ABCD-EFGH-JKLM-NPQR"}
    assert "No coincide el código" in texto(cliente.get("/distribuidores/verificar/", otro_codigo))
    qr = f"https://portal.example/verificar/{cert.codigo_verificacion}/"  # the QR's address, scanned
    r = cliente.get("/distribuidores/verificar/", {"certificado": cert.numero.lower(), "codigo": qr})
    html = texto(r)
    assert r.status_code == 200 and "Venta exenta permitida" in html
    assert "MC-05-0777" in html and "800,00" in html and "Registrar la venta" in html
    assert "Máximo 800,00 galones." in html
    assert not Venta.objects.exists()  # checking writes nothing
    assert f'name="codigo" value="{qr}"' in html  # carried to the sale as typed
    datos = {"beneficiario": nave.id, "certificado": cert.numero, "fecha": "2026-11-21", "galones": "750,5",
             **soportes_en_formulario(nave, certificado=cert.numero)}
    r = cliente.post("/distribuidores/ventas/registrar/", {**datos, "confirmado": "1"})
    assert r.status_code == 409, texto(r)[-3000:]
    assert not Venta.objects.exists()  # the number alone redeems nothing
    datos["codigo"] = qr
    # Issue 26, defect 8: registering redeems the certificate for good: first what will happen, nothing written.
    r = cliente.post("/distribuidores/ventas/registrar/", datos)
    html = texto(r)
    assert r.status_code == 200 and "Registrar la venta a Santa Marta I" in html
    assert f"Se redime el certificado {cert.numero}" in html and "750,50 galones" in html
    assert 'name="confirmado" value="1"' in html and "Confirmar la venta" in html
    assert not Venta.objects.exists()
    r = cliente.post("/distribuidores/ventas/registrar/", {**datos, "confirmado": "1"})
    venta = Venta.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/distribuidores/ventas/{venta.id}/"
    assert venta.galones == G("750.50") and venta.distribuidor == petromar.distribuidor
    r = cliente.get(
        "/distribuidores/verificar/", {"certificado": cert.numero, "codigo": qr}, HTTP_HX_REQUEST="true"
    )
    html = texto(r)
    assert (
        "<html" not in html
        and "Venta exenta no permitida" in html
        and ErrorDistribuidores.CERTIFICADO_REDIMIDO.label in html
        and "certificado_redimido" not in html
    )
    assert "Registrar la venta" not in html


@pytest.mark.django_db
def test_a_refused_sale_shows_its_code_and_reason(entrar):
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "800")
    r = entrar(petromar).post(
        "/distribuidores/ventas/registrar/",
        {
            "beneficiario": nave.id,
            "certificado": cert.numero,
            "codigo": cert.codigo_verificacion,
            "fecha": "2026-03-21",
            "galones": "900",
            **soportes_en_formulario(nave, certificado=cert.numero),
        },
    )
    assert r.status_code == 409
    html = texto(r)
    assert "No se registró la venta" in html and "La venta excede los galones del certificado" in html
    assert "autoriza 800,00 galones" in html and "excede_certificado" not in html
    r = entrar(petromar).post(
        "/distribuidores/ventas/registrar/",
        {
            "beneficiario": nave.id,
            "certificado": cert.numero,
            "codigo": cert.codigo_verificacion,
            "fecha": "2026-03-21",
            "galones": "1,500.00",
            **soportes_en_formulario(nave, certificado=cert.numero),
        },
    )
    assert r.status_code == 400 and "con punto para los miles y coma para los decimales" in texto(r)
    assert 'aria-describedby="id_galones_error id_galones_helptext"' in texto(r)
    assert not Venta.objects.exists()


@pytest.mark.django_db
def test_check_an_acuicultora_balance_and_designated_wholesaler(entrar):
    petromar = mayorista()
    acuicola = AcuicultoraFactory(nombre="Acuícola Bahía", distribuidor=petromar.distribuidor)
    # 1,000.00 a month, bimestral: firm on the 1st of this month, today is in its window's first month (one cuota)
    con_cupo(acuicola, anual="12000", firmeza=today().replace(day=1))
    html = texto(entrar(petromar).get("/distribuidores/verificar/", {"beneficiario": acuicola.id}))
    assert "Venta exenta permitida" in html and "1.000,00" in html and "Sí" in html
    terpel = mayorista(nit="860002400")
    # Another wholesaler does not reach it by id (API.md "Conventions"); its exact NIT finds it, with
    # the reason it cannot sell (the picker: test_a_wholesaler_never_browses_beneficiaries_outside_its_clientela).
    html = texto(entrar(terpel).get("/distribuidores/verificar/", {"beneficiario": acuicola.id}))
    assert "Venta exenta no permitida" in html and "Acuícola Bahía" not in html and "1.000,00" not in html
    armada = ArmadaFactory(distribuidor=terpel.distribuidor)  # no cupo
    html = texto(entrar(terpel).get("/distribuidores/verificar/", {"beneficiario": armada.id}))
    assert ErrorCupos.SIN_CUPO_VIGENTE.label in html and "sin_cupo_vigente" not in html


@pytest.mark.django_db
def test_picking_a_vessel_lists_its_certificates_and_search_uses_htmx(entrar):
    petromar = mayorista()
    nave, _ = nave_con_cupo(nombre="Estrella del Mar", matricula="MC-05-0321")
    vender(petromar, nave, "100", certificado_de(nave, "100"))  # a vessel it served: its clientela
    cert = certificado_de(nave, "300")
    cliente = entrar(petromar)
    r = cliente.get("/distribuidores/verificar/beneficiarios/", {"q": "estrella"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "Estrella del Mar" in texto(r) and f"beneficiario={nave.id}" in texto(r)
    html = texto(cliente.get("/distribuidores/verificar/", {"beneficiario": nave.id}))
    assert (
        ErrorDistribuidores.NAVE_REQUIERE_CERTIFICADO.label in html
        and "nave_requiere_certificado" not in html
        and f"Verificar {cert.numero}" in html
    )
    html = texto(cliente.get("/distribuidores/verificar/", {"certificado": "CP05-2026-999999"}))
    assert "No existe el certificado CP05-2026-999999" in html


@pytest.mark.django_db
def test_a_wholesaler_never_browses_beneficiaries_outside_its_clientela(entrar):
    """API.md "Conventions" (issue 27): by name or part of a number it finds only those it served or
    that designate it; another one only by its exact matrícula or identification, with no link by id;
    and by id (?beneficiario=) it reaches only its clientela."""
    petromar = mayorista()
    ajena, _ = nave_con_cupo(nombre="Estrella del Mar", matricula="MC-05-0321")
    cert = certificado_de(ajena, "300")
    acuicultora_ajena = AcuicultoraFactory(nombre="Estrella Acuícola", identificacion="901222333")
    designante = AcuicultoraFactory(nombre="Estrella del Golfo", distribuidor=petromar.distribuidor)
    cliente = entrar(petromar)
    buscar = "/distribuidores/verificar/beneficiarios/"

    html = texto(cliente.get(buscar, {"q": "estrella"}, HTTP_HX_REQUEST="true"))
    assert "Estrella del Golfo" in html and f"beneficiario={designante.id}" in html
    assert "Estrella del Mar" not in html and "Estrella Acuícola" not in html
    assert "Estrella" not in texto(cliente.get(buscar, {"q": "MC-05"}, HTTP_HX_REQUEST="true"))

    html = texto(cliente.get(buscar, {"q": "mc-05-0321"}, HTTP_HX_REQUEST="true"))  # exact matrícula
    assert "Estrella del Mar" in html and f"beneficiario={ajena.id}" not in html
    assert "verifique el número del certificado que presenta el capitán" in html
    html = texto(cliente.get(buscar, {"q": "901222333"}, HTTP_HX_REQUEST="true"))  # exact identification
    assert "Estrella Acuícola" in html and "No lo ha designado a usted" in html
    assert f"beneficiario={acuicultora_ajena.id}" not in html

    for otro in (ajena, acuicultora_ajena):
        html = texto(cliente.get("/distribuidores/verificar/", {"beneficiario": otro.id}))
        assert otro.nombre not in html and cert.numero not in html
        assert "Escriba el número de un certificado o elija un beneficiario" in html
    # The sale flow itself is by certificate: the captain presents it, the vessel need not be a client.
    por_certificado = {"certificado": cert.numero, "codigo": cert.codigo_verificacion}
    html = texto(cliente.get("/distribuidores/verificar/", por_certificado))
    assert "Venta exenta permitida" in html and "Estrella del Mar" in html


@pytest.mark.django_db
def test_only_wholesalers_check_and_sell(entrar, crear_usuario):
    upme = entrar(crear_usuario(Rol.UPME_ANALISTA))
    assert upme.get("/distribuidores/verificar/").status_code == 403
    assert upme.post("/distribuidores/ventas/registrar/", {}).status_code == 403


# --- Sales ---


@pytest.mark.django_db
def test_a_wholesaler_lists_only_its_sales_filtered_by_month(entrar):
    petromar = mayorista()
    terpel = mayorista(nit="860002400", razon_social="Terpel Marítima S.A.")
    nave, _ = nave_con_cupo(nombre="Propia")
    vender(petromar, nave, "100", certificado_de(nave, "100"))
    ajena, _ = nave_con_cupo(nombre="Ajena")
    venta_ajena = vender(terpel, ajena, "200", certificado_de(ajena, "200"))
    cliente = entrar(petromar)
    html = texto(cliente.get("/distribuidores/ventas/"))
    assert "Propia" in html and "Ajena" not in html and "Completos (4 de 4)" in html  # recorded with the sale
    assert "venta a Propia" not in texto(cliente.get("/distribuidores/ventas/", {"periodo": "2026-04"}))
    assert "venta a Propia" in texto(
        cliente.get("/distribuidores/ventas/", {"periodo": "2026-03", "beneficiario": nave.id})
    )
    assert cliente.get(f"/distribuidores/ventas/{venta_ajena.id}/").status_code == 404
    # The beneficiary filter offers only the wholesaler's buyers, keeps the choice, and ignores another's.
    html = texto(cliente.get("/distribuidores/ventas/", {"beneficiario": nave.id}))
    assert f'<option value="{nave.id}" selected>Propia' in html and f'<option value="{ajena.id}"' not in html
    r = cliente.get("/distribuidores/ventas/", {"beneficiario": ajena.id})
    assert r.status_code == 200 and "Ajena" not in texto(r) and "venta a Propia" in texto(r)


@pytest.mark.django_db
def test_sales_list_queries_do_not_grow_with_rows(entrar):
    petromar = mayorista()
    cliente = entrar(petromar)
    acuicola = AcuicultoraFactory(distribuidor=petromar.distribuidor)
    con_cupo(acuicola, anual="120000")
    vender(petromar, acuicola, "1")

    def contar():
        with CaptureQueriesContext(connection) as consultas:
            assert cliente.get("/distribuidores/ventas/").status_code == 200
        return len(consultas)

    pocos = contar()
    for _ in range(6):
        nave, _ = nave_con_cupo()
        vender(petromar, nave, "10", certificado_de(nave, "10"))
    assert contar() == pocos <= 12


@pytest.mark.django_db
def test_the_sales_count_stops_at_the_cap_and_the_filters_still_apply(entrar, monkeypatch):
    """issue 14 §1: 293,000 sales were counted for the caption; now at most TOPE_CONTEO (2 here)."""
    from distribuidores.views import ventas as vistas

    monkeypatch.setattr(vistas, "TOPE_CONTEO", 2)
    petromar = mayorista()
    naves = []
    for nombre in ("Uno", "Dos", "Tres"):
        nave, _ = nave_con_cupo(nombre=nombre)
        vender(petromar, nave, "10", certificado_de(nave, "10"))
        naves.append(nave)
    cliente = entrar(petromar)
    assert "Más de 2 ventas encontradas." in texto(cliente.get("/distribuidores/ventas/", HTTP_HX_REQUEST="true"))
    filtrada = texto(cliente.get("/distribuidores/ventas/", {"beneficiario": naves[0].id}))
    assert "venta a Uno" in filtrada and "más de" not in filtrada


@pytest.mark.django_db
def test_upme_reads_every_sale_without_document_forms(entrar, crear_usuario):
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    venta = vender(petromar, nave, "100", certificado_de(nave, "100"))
    cliente = entrar(crear_usuario(Rol.AUDITOR))
    assert "Petromar S.A.S." in texto(cliente.get("/distribuidores/ventas/"))
    html = texto(cliente.get(f"/distribuidores/ventas/{venta.id}/"))
    assert "Licencia de pesca o permiso de cabotaje" in html and "Adjuntar el archivo" not in html


# --- Menu ---


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rol", "ve", "no_ve"),
    [
        (Rol.DISTRIBUIDOR, ["Verificar venta", "Ventas", "Reportes mensuales", "Conciliación"], ["Declaraciones"]),
        (Rol.UPME_ANALISTA, ["Ventas", "Reportes mensuales", "Conciliación", "Declaraciones"], ["Verificar venta"]),
        (Rol.BENEFICIARIO, ["Declaraciones"], ["Verificar venta", "Conciliación", "Reportes mensuales"]),
    ],
)
def test_menu_entries_by_role(rol, ve, no_ve, crear_usuario):
    from core.web.menu import menu_for

    etiquetas = [e["etiqueta"] for e in menu_for(crear_usuario(rol))]
    assert all(e in etiquetas for e in ve)
    assert not any(e in etiquetas for e in no_ve)


@pytest.mark.django_db
def test_certificate_states_used_by_the_check():
    # The check never writes: a vigente certificate stays vigente after being checked.
    from distribuidores.selectors.ventas import venta_verificar

    petromar = mayorista()
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "100")
    codigo = cert.codigo_verificacion
    resultado = venta_verificar(
        distribuidor=petromar.distribuidor, certificado=cert.numero, codigo=codigo, fecha=D(2026, 3, 20)
    )
    assert resultado.permitido and resultado.galones_maximos == G("100")
    assert Certificado.objects.get(pk=cert.pk).estado == Certificado.Estado.VIGENTE
    Certificado.objects.filter(pk=cert.pk).update(estado=Certificado.Estado.ANULADO)
    anulado = venta_verificar(distribuidor=petromar.distribuidor, certificado=cert.numero, codigo=codigo)
    assert anulado.codigo == "certificado_anulado"
    sin_papel = venta_verificar(distribuidor=petromar.distribuidor, certificado=cert.numero)
    assert sin_papel.codigo == "certificado_no_presentado" and sin_papel.certificado is None
    assert venta_verificar(distribuidor=petromar.distribuidor, certificado="").codigo == "sin_datos"


# --- on the sale page ---


@pytest.mark.django_db
def test_r18_a_lapsed_station_sees_distribuidor_no_habilitado_on_the_sale_page(entrar, crear_usuario):
    estacion = estacion_maritima("900987321", "EDSM Tumaco", "MME-0187", D(2020, 3, 2), D(2026, 11, 19))
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "800", fecha=D(2026, 11, 20))
    cliente = entrar(crear_usuario(Rol.DISTRIBUIDOR, distribuidor=estacion))
    r = cliente.get("/distribuidores/verificar/", {"certificado": cert.numero})
    html = texto(r)
    assert "Venta exenta no permitida" in html and ErrorDistribuidores.DISTRIBUIDOR_NO_HABILITADO.label in html
    assert "MME-0187" in html and "Registrar la venta" not in html
    datos = {"beneficiario": nave.id, "certificado": cert.numero, "fecha": "2026-11-21", "galones": "100",
             **soportes_en_formulario(nave, certificado=cert.numero)}
    r = cliente.post("/distribuidores/ventas/registrar/", datos)
    assert r.status_code == 409 and ErrorDistribuidores.DISTRIBUIDOR_NO_HABILITADO.label in texto(r)
    assert not Venta.objects.exists()


@pytest.mark.django_db
def test_r17_the_sale_page_offers_at_most_the_verified_gallons(entrar):
    from distribuidores.tests.test_conciliacion_selectors import inspeccionar

    petromar = mayorista()
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "800", fecha=D(2026, 11, 20))
    inspeccionar(cert, "600", fecha=D(2026, 11, 21))
    cliente = entrar(petromar)
    por_certificado = {"certificado": cert.numero, "codigo": cert.codigo_verificacion}
    html = texto(cliente.get("/distribuidores/verificar/", por_certificado))
    assert "Venta exenta permitida" in html and "Máximo 600,00 galones." in html
    datos = {**por_certificado, "beneficiario": nave.id, "fecha": "2026-11-21", "galones": "700",
             **soportes_en_formulario(nave, certificado=cert.numero)}
    r = cliente.post("/distribuidores/ventas/registrar/", datos)
    assert r.status_code in (400, 409) and not Venta.objects.exists()


@pytest.mark.django_db
def test_r18_the_registry_page_and_the_admin_show_the_habilitation(entrar, crear_usuario):
    from core.tests.factories import DistribuidorFactory

    vigente = estacion_maritima("800234567", "EDSM Bocagrande", "MME-0412", D(2025, 1, 15), D(2030, 1, 14))
    estacion_maritima("900987321", "EDSM Tumaco", "MME-0187", D(2020, 3, 2), D(2025, 3, 1))
    DistribuidorFactory(nit="860002400", razon_social="Mayorista Inactivo", activo=False)
    html = texto(entrar(Rol.UPME_ANALISTA).get("/distribuidores/"))
    assert "N.º MME-0412 del 15 de enero de 2025, vigente hasta 14 de enero de 2030" in html
    assert "MME-0187" in html and "Vencida" in html and "Inactivo" in html
    admin = entrar(crear_usuario(Rol.ADMINISTRADOR))
    html = texto(admin.get(f"/admin/core/distribuidor/{vigente.id}/change/"))
    assert "habilitacion_numero" in html and "MME-0412" in html
