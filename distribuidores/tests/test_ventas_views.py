"""The wholesalers' pages: reconciliation, the sale check, sales, reports, declarations, menu."""

import datetime as dt
import json
import re
import sys
import types
from decimal import Decimal
from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import get_resolver
from openpyxl import load_workbook

from core.roles import Rol
from core.tests.factories import DistribuidorFactory
from cupos.tests.factories import AcuicultoraFactory, ArmadaFactory, NaveFactory
from distribuidores.models import Declaracion, Discrepancia, ErrorFilaReporte, ReporteMensual, Venta
from distribuidores.tests.test_conciliacion import (
    MARZO,
    declarar,
    mayorista,
    mes_en_regla,
    reporte,
    vender,
)
from distribuidores.tests.test_ventas import certificado_de, con_cupo
from zarpes.models import Certificado
from zarpes.tests.factories import nave_con_cupo

D = dt.date
G = Decimal
CONCILIACION = "/distribuidores/conciliacion/"


@pytest.fixture
def entrar(client):
    def _entrar(usuario):
        client.force_login(usuario)
        return client

    return _entrar


def texto(respuesta) -> str:
    return respuesta.content.decode()


# --- Reconciliation ---


def mes_con_discrepancias():
    petromar, nave, cert, _ = mes_en_regla()
    terpel = mayorista(nit="860002400", razon_social="Terpel Marítima S.A.")
    otra, _ = nave_con_cupo(nombre="Doña Inés")
    reporte(terpel.distribuidor, [(nave, "800", cert.numero), (otra, "25", "")])
    return petromar, terpel, nave, otra


@pytest.mark.django_db
def test_upme_sees_the_month_with_chart_table_filters_and_export(entrar, crear_usuario):
    mes_con_discrepancias()
    r = entrar(crear_usuario(Rol.UPME_ANALISTA)).get(CONCILIACION, {"periodo": "2026-03"})
    assert r.status_code == 200
    html = texto(r)
    assert "Conciliación mensual de marzo de 2026" in html
    datos = json.loads(re.search(r'<script id="datos-conciliacion" type="application/json">(.*?)</script>', html, re.S).group(1))
    assert [s["clave"] for s in datos["series"]] == ["certificados", "verificados", "vendido", "reportado", "declarado"]
    assert len(datos["etiquetas"]) == 12 and datos["etiquetas"][-1] == "mar 2026"
    assert datos["series"][2]["datos"][-1] == 1200.0
    assert 'src="/static/js/conciliacion.js"' in html and "<script>" not in html  # no inline script
    assert 'role="img"' in html and "Galones por mes, de abril de 2025 a marzo de 2026" in html
    for codigo in ("certificado_usado_dos_veces", "venta_sin_certificado_valido", "reportado_distinto_de_vendido"):
        assert codigo in html
    assert "Terpel Marítima S.A." in html and "Exportar a Excel" in html
    assert "/distribuidores/conciliacion/exportar.xlsx?periodo=2026-03" in html


@pytest.mark.django_db
def test_reconciliation_list_filters_by_code_with_htmx(entrar, crear_usuario):
    _, terpel, _, otra = mes_con_discrepancias()
    cliente = entrar(crear_usuario(Rol.AUDITOR))
    r = cliente.get(CONCILIACION, {"periodo": "2026-03", "codigo": "venta_sin_certificado_valido"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    html = texto(r)
    assert "<html" not in html and "1 discrepancia encontrada" in html
    assert "Doña Inés" in html and "certificado_usado_dos_veces" not in html
    r = cliente.get(CONCILIACION, {"periodo": "2026-03", "beneficiario": otra.id, "distribuidor": terpel.distribuidor.id})
    assert r.status_code == 200 and "2 discrepancias con los filtros elegidos" in texto(r)


@pytest.mark.django_db
def test_export_follows_the_filters(entrar, crear_usuario):
    mes_con_discrepancias()
    r = entrar(crear_usuario(Rol.UPME_ANALISTA)).get(
        "/distribuidores/conciliacion/exportar.xlsx", {"periodo": "2026-03", "codigo": "certificado_usado_dos_veces"}
    )
    assert r.status_code == 200
    assert r["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert 'filename="conciliacion-2026-03.xlsx"' in r["Content-Disposition"]
    filas = list(load_workbook(BytesIO(r.content))["Discrepancias"].iter_rows(values_only=True))
    assert [f[0] for f in filas[1:]] == ["certificado_usado_dos_veces"]


@pytest.mark.django_db
def test_a_wholesaler_sees_its_own_reconciliation_only(entrar):
    _, terpel, _, _ = mes_con_discrepancias()
    declarar(NaveFactory(nombre="Nave Declarante"), "10")
    html = texto(entrar(terpel).get(CONCILIACION, {"periodo": "2026-03"}))
    assert "Terpel Marítima S.A. (NIT 860002400)" in html
    assert "Petromar" not in html and "Nave Declarante" not in html
    assert "Declarados por beneficiarios" not in html and "declarado_distinto_de_vendido" not in html
    assert 'name="distribuidor"' not in html  # no wholesaler filter: it is always itself
    r = entrar(terpel).get("/distribuidores/conciliacion/exportar.xlsx", {"periodo": "2026-03"})
    libro = load_workbook(BytesIO(r.content))
    nits = {f[3] for f in libro["Discrepancias"].iter_rows(min_row=2, values_only=True)}
    assert nits == {"860002400"}


@pytest.mark.django_db
def test_reconciliation_is_closed_to_other_roles(client, entrar, crear_usuario):
    r = client.get(CONCILIACION)
    assert r.status_code == 302 and "/ingresar/" in r["Location"]
    assert entrar(crear_usuario(Rol.BENEFICIARIO)).get(CONCILIACION).status_code == 403
    assert entrar(crear_usuario(Rol.CAPITANIA_OFICIAL)).get("/distribuidores/conciliacion/exportar.xlsx").status_code == 403


@pytest.mark.django_db
def test_reconciliation_page_queries_do_not_grow_with_the_month(entrar, crear_usuario):
    cliente = entrar(crear_usuario(Rol.UPME_ANALISTA))
    petromar = mayorista()

    def contar():
        with CaptureQueriesContext(connection) as consultas:
            assert cliente.get(CONCILIACION, {"periodo": "2026-03"}).status_code == 200
        return len(consultas)

    def ventas(n):
        filas = []
        for _ in range(n):
            nave, _ = nave_con_cupo()
            cert = certificado_de(nave, "500")
            vender(petromar, nave, "500", cert)
            filas += [(nave, "600", cert.numero), (nave, "1", cert.numero)]
        return filas

    filas = ventas(1)
    rep = reporte(petromar.distribuidor, filas)
    pocos = contar()
    rep.delete()
    reporte(petromar.distribuidor, filas + ventas(4))
    assert contar() == pocos <= 35


@pytest.mark.django_db
def test_reconciliation_api_is_scoped_like_the_page(cliente):
    _, terpel, _, _ = mes_con_discrepancias()
    r = cliente(Rol.AUDITOR).get("/api/v1/conciliacion/", {"periodo": "2026-03"})
    assert r.status_code == 200
    cuerpo = r.json()
    assert cuerpo["periodo"] == "2026-03" and cuerpo["totales"]["vendido"] == "1200.00"
    assert cuerpo["conteo"]["certificado_usado_dos_veces"] == 1 and len(cuerpo["discrepancias"]) == 4
    propio = cliente(Rol.DISTRIBUIDOR, distribuidor=terpel.distribuidor)
    cuerpo = propio.get("/api/v1/conciliacion/", {"periodo": "2026-03", "codigo": "reportado_distinto_de_vendido"}).json()
    assert cuerpo["totales"]["declarado"] is None
    assert {d["distribuidor_nit"] for d in cuerpo["discrepancias"]} == {"860002400"}
    assert cliente(Rol.AUDITOR).get("/api/v1/conciliacion/", {"periodo": "marzo"}).status_code == 400
    assert cliente(Rol.AUDITOR).get("/api/v1/conciliacion/", {"periodo": "2026-03", "codigo": "x"}).status_code == 400
    assert cliente(Rol.BENEFICIARIO).get("/api/v1/conciliacion/", {"periodo": "2026-03"}).status_code == 403


# --- The sale check and registering the sale ---


@pytest.mark.django_db
def test_check_a_valid_certificate_then_register_the_sale(entrar):
    petromar = mayorista()
    nave, _ = nave_con_cupo(nombre="Santa Marta I", matricula="MC-05-0777")
    cert = certificado_de(nave, "800", fecha=D(2026, 11, 20))
    cliente = entrar(petromar)
    r = cliente.get("/distribuidores/verificar/", {"certificado": cert.numero.lower()})
    html = texto(r)
    assert r.status_code == 200 and "Venta exenta permitida" in html
    assert "MC-05-0777" in html and "800,00" in html and "Registrar la venta" in html
    assert "Máximo 800,00 galones." in html
    assert not Venta.objects.exists()  # checking writes nothing
    r = cliente.post("/distribuidores/ventas/registrar/", {
        "beneficiario": nave.id, "certificado": cert.numero, "fecha": "2026-11-21", "galones": "750,5",
    })
    venta = Venta.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/distribuidores/ventas/{venta.id}/"
    assert venta.galones == G("750.50") and venta.distribuidor == petromar.distribuidor
    r = cliente.get("/distribuidores/verificar/", {"certificado": cert.numero}, HTTP_HX_REQUEST="true")
    html = texto(r)
    assert "<html" not in html and "Venta exenta no permitida" in html and "certificado_redimido" in html
    assert "Registrar la venta" not in html


@pytest.mark.django_db
def test_a_refused_sale_shows_its_code_and_reason(entrar):
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "800")
    r = entrar(petromar).post("/distribuidores/ventas/registrar/", {
        "beneficiario": nave.id, "certificado": cert.numero, "fecha": "2026-03-21", "galones": "900",
    })
    assert r.status_code == 409
    html = texto(r)
    assert "No se registró la venta" in html and "excede_certificado" in html and "autoriza 800.00 galones" in html
    r = entrar(petromar).post("/distribuidores/ventas/registrar/", {
        "beneficiario": nave.id, "certificado": cert.numero, "fecha": "2026-03-21", "galones": "1.500",
    })
    assert r.status_code == 400 and "sin separador de miles" in texto(r)
    assert 'aria-describedby="id_galones_error id_galones_helptext"' in texto(r)
    assert not Venta.objects.exists()


@pytest.mark.django_db
def test_check_an_acuicultora_balance_and_designated_wholesaler(entrar):
    petromar = mayorista()
    acuicola = AcuicultoraFactory(nombre="Acuícola Bahía", distribuidor=petromar.distribuidor)
    con_cupo(acuicola, anual="12000", firmeza=D(2026, 11, 1))  # 1,000.00 a month, bimestral
    html = texto(entrar(petromar).get("/distribuidores/verificar/", {"beneficiario": acuicola.id}))
    assert "Venta exenta permitida" in html and "1.000,00" in html and "Sí" in html
    terpel = mayorista(nit="860002400")
    html = texto(entrar(terpel).get("/distribuidores/verificar/", {"beneficiario": acuicola.id}))
    assert "Venta exenta no permitida" in html and "distribuidor_no_autorizado" in html
    armada = ArmadaFactory(distribuidor=terpel.distribuidor)  # no cupo
    html = texto(entrar(terpel).get("/distribuidores/verificar/", {"beneficiario": armada.id}))
    assert "sin_cupo_vigente" in html


@pytest.mark.django_db
def test_picking_a_vessel_lists_its_certificates_and_search_uses_htmx(entrar):
    petromar = mayorista()
    nave, _ = nave_con_cupo(nombre="Estrella del Mar")
    cert = certificado_de(nave, "300")
    cliente = entrar(petromar)
    r = cliente.get("/distribuidores/verificar/beneficiarios/", {"q": "estrella"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "Estrella del Mar" in texto(r) and f"beneficiario={nave.id}" in texto(r)
    html = texto(cliente.get("/distribuidores/verificar/", {"beneficiario": nave.id}))
    assert "nave_requiere_certificado" in html and f"Verificar {cert.numero}" in html
    html = texto(cliente.get("/distribuidores/verificar/", {"certificado": "CP05-2026-999999"}))
    assert "No existe el certificado CP05-2026-999999" in html


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
    assert "Propia" in html and "Ajena" not in html and "Faltan 4 de 4" in html
    assert "venta a Propia" not in texto(cliente.get("/distribuidores/ventas/", {"periodo": "2026-04"}))
    assert "venta a Propia" in texto(cliente.get("/distribuidores/ventas/", {"periodo": "2026-03", "beneficiario": nave.id}))
    assert cliente.get(f"/distribuidores/ventas/{venta_ajena.id}/").status_code == 404


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
def test_upme_reads_every_sale_without_document_forms(entrar, crear_usuario):
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    venta = vender(petromar, nave, "100", certificado_de(nave, "100"))
    cliente = entrar(crear_usuario(Rol.AUDITOR))
    assert "Petromar S.A.S." in texto(cliente.get("/distribuidores/ventas/"))
    html = texto(cliente.get(f"/distribuidores/ventas/{venta.id}/"))
    assert "Licencia de pesca o permiso de cabotaje" in html and "Adjuntar el archivo" not in html


# --- Monthly reports ---


@pytest.fixture
def ingesta_falsa(monkeypatch):
    """Stands in for distribuidores.reportes.services (built by the ingestion work)."""
    llamadas = []

    def reporte_upload(*, actor, distribuidor_nit, periodo, archivo):
        llamadas.append({"nit": distribuidor_nit, "periodo": periodo, "nombre": archivo.name})
        if periodo.year < 2020:
            from core.errors import ApplicationError

            raise ApplicationError("periodo_invalido", "No se reciben reportes de ese periodo.")
        return ReporteMensual.objects.create(
            distribuidor=actor.distribuidor, periodo=periodo, archivo="reportes/x.csv", nombre_original=archivo.name,
            subido_por=actor,
        )

    get_resolver().resolve("/")  # load the URLconf (it imports the real ingestion API) before patching
    try:
        import distribuidores.reportes.services as real
    except ImportError:
        modulo = types.ModuleType("distribuidores.reportes.services")
        modulo.reporte_upload = reporte_upload
        monkeypatch.setitem(sys.modules, "distribuidores.reportes.services", modulo)
    else:
        monkeypatch.setattr(real, "reporte_upload", reporte_upload)
    return llamadas


def archivo_csv():
    return SimpleUploadedFile("marzo.csv", b"fecha,identificacion_beneficiario,certificado,galones\n", content_type="text/csv")


@pytest.mark.django_db
def test_upload_a_report_and_follow_its_progress(entrar, ingesta_falsa):
    petromar = mayorista()
    cliente = entrar(petromar)
    html = texto(cliente.get("/distribuidores/reportes/"))
    assert "/api/v1/reportes-mensuales/plantilla.csv" in html and "/api/v1/reportes-mensuales/plantilla.xlsx" in html
    r = cliente.post("/distribuidores/reportes/", {"periodo": "2026-03", "archivo": archivo_csv()})
    rep = ReporteMensual.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/distribuidores/reportes/{rep.id}/"
    assert ingesta_falsa == [{"nit": "900456123", "periodo": MARZO, "nombre": "marzo.csv"}]

    html = texto(cliente.get(r["Location"]))
    assert 'hx-trigger="every 1s"' in html and f'hx-get="/distribuidores/reportes/{rep.id}/estado/"' in html
    assert "<progress" in html

    ReporteMensual.objects.filter(pk=rep.pk).update(estado="procesando", progreso=40)
    r = cliente.get(f"/distribuidores/reportes/{rep.id}/estado/", HTTP_HX_REQUEST="true")
    assert 'hx-trigger="every 1s"' in texto(r) and 'value="40"' in texto(r) and "<html" not in texto(r)

    ReporteMensual.objects.filter(pk=rep.pk).update(
        estado="procesado", progreso=100, filas_validas=10, filas_con_error=1, extemporaneo=True,
    )
    ErrorFilaReporte.objects.create(reporte=rep, fila=7, campo="galones", mensaje="«abc» no es una cantidad de galones.")
    Discrepancia.objects.create(reporte=rep, periodo=MARZO, fila=3, codigo="certificado_redimido", detalle="Ya redimido.")
    r = cliente.get(f"/distribuidores/reportes/{rep.id}/estado/", HTTP_HX_REQUEST="true")
    html = texto(r)
    assert "every 1s" not in html and "hx-get" not in html  # polling stops
    assert 'hx-swap-oob="innerHTML"' in html and "quedó procesado" in html
    assert "«abc» no es una cantidad de galones." in html and "<code>galones</code>" in html
    assert "certificado_redimido" in html
    html = texto(cliente.get(f"/distribuidores/reportes/{rep.id}/"))
    assert "Extemporáneo" in html and "hx-swap-oob" not in html


@pytest.mark.django_db
def test_report_upload_errors_are_shown_next_to_the_form(entrar, ingesta_falsa, monkeypatch):
    cliente = entrar(mayorista())
    r = cliente.post("/distribuidores/reportes/", {"periodo": "2026-13", "archivo": archivo_csv()})
    assert r.status_code == 400 and "AAAA-MM" in texto(r) and ingesta_falsa == []
    r = cliente.post("/distribuidores/reportes/", {"periodo": "2019-01", "archivo": archivo_csv()})
    assert r.status_code == 400 and "periodo_invalido" in texto(r)
    monkeypatch.setitem(sys.modules, "distribuidores.reportes.services", None)  # not built yet
    r = cliente.post("/distribuidores/reportes/", {"periodo": "2026-03", "archivo": archivo_csv()})
    assert r.status_code == 400 and "aún no está disponible" in texto(r)


@pytest.mark.django_db
def test_upload_through_the_real_ingestion_service(entrar, settings, tmp_path, django_capture_on_commit_callbacks):
    pytest.importorskip("distribuidores.reportes.services")
    settings.MEDIA_ROOT = str(tmp_path)
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "800")
    vender(petromar, nave, "800", cert)
    contenido = f"fecha,identificacion_beneficiario,certificado,galones\n2026-03-21,{nave.identificacion},{cert.numero},800\n"
    cliente = entrar(petromar)
    with django_capture_on_commit_callbacks(execute=False):
        r = cliente.post("/distribuidores/reportes/", {
            "periodo": "2026-03", "archivo": SimpleUploadedFile("marzo.csv", contenido.encode(), content_type="text/csv"),
        })
    rep = ReporteMensual.objects.get()
    assert r.status_code == 302 and rep.estado == ReporteMensual.Estado.RECIBIDO and rep.periodo == MARZO
    assert 'hx-trigger="every 1s"' in texto(cliente.get(r["Location"]))


@pytest.mark.django_db
def test_reports_are_scoped_and_only_wholesalers_upload(entrar, crear_usuario):
    terpel = DistribuidorFactory(nit="860002400", razon_social="Terpel Marítima S.A.")
    ajeno = reporte(terpel, [])
    petromar = mayorista()
    assert entrar(petromar).get(f"/distribuidores/reportes/{ajeno.id}/").status_code == 404
    assert entrar(petromar).get(f"/distribuidores/reportes/{ajeno.id}/estado/").status_code == 404
    assert "Terpel" not in texto(entrar(petromar).get("/distribuidores/reportes/"))
    upme = entrar(crear_usuario(Rol.UPME_ANALISTA))
    html = texto(upme.get("/distribuidores/reportes/"))
    assert "Terpel Marítima S.A." in html and "Cargar el reporte" not in html
    assert upme.post("/distribuidores/reportes/", {"periodo": "2026-03"}).status_code == 403


# --- Declarations ---


@pytest.mark.django_db
def test_a_vessel_declares_and_sees_the_late_flag(entrar, crear_usuario):
    nave = NaveFactory(nombre="Don Lucho")
    cliente = entrar(crear_usuario(Rol.BENEFICIARIO, beneficiario=nave))
    assert "Presentar la declaración" in texto(cliente.get("/distribuidores/declaraciones/"))
    r = cliente.post("/distribuidores/declaraciones/", {"periodo": "2026-03", "galones_adquiridos": "1200,5"}, follow=True)
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
    assert acuicola.post("/distribuidores/declaraciones/", {"periodo": "2026-03", "galones_adquiridos": "1"}).status_code == 403
    assert entrar(crear_usuario(Rol.DISTRIBUIDOR)).get("/distribuidores/declaraciones/").status_code == 403


# --- Menu ---


@pytest.mark.django_db
@pytest.mark.parametrize(("rol", "ve", "no_ve"), [
    (Rol.DISTRIBUIDOR, ["Verificar venta", "Ventas", "Reportes mensuales", "Conciliación"], ["Declaraciones"]),
    (Rol.UPME_ANALISTA, ["Ventas", "Reportes mensuales", "Conciliación", "Declaraciones"], ["Verificar venta"]),
    (Rol.BENEFICIARIO, ["Declaraciones"], ["Verificar venta", "Conciliación", "Reportes mensuales"]),
])
def test_menu_entries_by_role(rol, ve, no_ve, crear_usuario):
    from core.menu import menu_for

    etiquetas = [e["etiqueta"] for e in menu_for(crear_usuario(rol))]
    assert all(e in etiquetas for e in ve)
    assert not any(e in etiquetas for e in no_ve)


@pytest.mark.django_db
def test_certificate_states_used_by_the_check():
    # The check never writes: a vigente certificate stays vigente after being checked.
    from distribuidores.selectors import venta_verificar

    petromar = mayorista()
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "100")
    resultado = venta_verificar(distribuidor=petromar.distribuidor, certificado=cert.numero, fecha=D(2026, 3, 20))
    assert resultado.permitido and resultado.galones_maximos == G("100")
    assert Certificado.objects.get(pk=cert.pk).estado == Certificado.Estado.VIGENTE
    Certificado.objects.filter(pk=cert.pk).update(estado=Certificado.Estado.ANULADO)
    assert venta_verificar(distribuidor=petromar.distribuidor, certificado=cert.numero).codigo == "certificado_anulado"
    assert venta_verificar(distribuidor=petromar.distribuidor, certificado="").codigo == "sin_datos"
