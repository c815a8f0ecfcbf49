"""The wholesaler's monthly report pages (R-20): upload, progress, scope."""

import sys
import types

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import get_resolver

from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory
from distribuidores.models import Discrepancia, ErrorFilaReporte, ReporteMensual
from distribuidores.tests.factories import certificado_de
from distribuidores.tests.test_conciliacion_selectors import (
    MARZO,
    mayorista,
    reporte,
    vender,
)
from distribuidores.tests.test_ventas_views import texto
from zarpes.tests.factories import nave_con_cupo

# --- Monthly reports ---


@pytest.fixture
def ingesta_falsa(monkeypatch):
    """Stands in for distribuidores.services.reportes.ingesta (built by the ingestion work)."""
    llamadas = []

    def reporte_upload(*, actor, distribuidor_nit, periodo, archivo):
        llamadas.append({"nit": distribuidor_nit, "periodo": periodo, "nombre": archivo.name})
        if periodo.year < 2020:
            from core.comun.errors import ApplicationError

            raise ApplicationError("periodo_invalido", "No se reciben reportes de ese periodo.")
        return ReporteMensual.objects.create(
            distribuidor=actor.distribuidor,
            periodo=periodo,
            version=ReporteMensual.objects.filter(distribuidor=actor.distribuidor, periodo=periodo).count() + 1,
            vigente=False,
            archivo="reportes/x.csv",
            nombre_original=archivo.name,
            subido_por=actor,
        )

    get_resolver().resolve("/")  # load the URLconf (it imports the real ingestion API) before patching
    try:
        import distribuidores.services.reportes.ingesta as real
    except ImportError:
        modulo = types.ModuleType("distribuidores.services.reportes.ingesta")
        modulo.reporte_upload = reporte_upload
        monkeypatch.setitem(sys.modules, "distribuidores.services.reportes.ingesta", modulo)
    else:
        monkeypatch.setattr(real, "reporte_upload", reporte_upload)
    return llamadas


def archivo_csv():
    return SimpleUploadedFile(
        "marzo.csv", b"fecha,identificacion_beneficiario,certificado,galones\n", content_type="text/csv"
    )


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
        estado="procesado",
        progreso=100,
        filas_validas=10,
        filas_con_error=1,
        extemporaneo=True,
    )
    ErrorFilaReporte.objects.create(
        reporte=rep, fila=7, campo="galones", mensaje="«abc» no es una cantidad de galones."
    )
    Discrepancia.objects.create(
        reporte=rep, periodo=MARZO, fila=3, codigo="certificado_redimido", detalle="Ya redimido."
    )
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
    assert r.status_code == 400 and "No se reciben reportes de ese periodo." in texto(r)
    assert "periodo_invalido" not in texto(r)  # issue 45: no internal code on the page
    monkeypatch.setitem(sys.modules, "distribuidores.services.reportes.ingesta", None)  # not built yet
    r = cliente.post("/distribuidores/reportes/", {"periodo": "2026-03", "archivo": archivo_csv()})
    assert r.status_code == 400 and "aún no está disponible" in texto(r)


@pytest.mark.django_db
def test_upload_through_the_real_ingestion_service(entrar, settings, tmp_path, django_capture_on_commit_callbacks):
    pytest.importorskip("distribuidores.services.reportes.ingesta")
    settings.MEDIA_ROOT = str(tmp_path)
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    cert = certificado_de(nave, "800")
    vender(petromar, nave, "800", cert)
    contenido = (
        f"fecha,identificacion_beneficiario,certificado,galones\n2026-03-21,{nave.identificacion},{cert.numero},800\n"
    )
    cliente = entrar(petromar)
    with django_capture_on_commit_callbacks(execute=False):
        r = cliente.post(
            "/distribuidores/reportes/",
            {
                "periodo": "2026-03",
                "archivo": SimpleUploadedFile("marzo.csv", contenido.encode(), content_type="text/csv"),
            },
        )
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


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("nombre", "contenido"),
    [
        ("notas.txt", b"fecha,identificacion_beneficiario,certificado,galones\n"),
        ("reporte.pdf", b"%PDF-1.4\n"),
        ("marzo.csv", b"%PDF-1.4\n%\xe2\xe3\n"),  # a PDF renamed
        ("marzo.csv", b"PK\x03\x04" + b"\x00" * 60),  # a workbook renamed
        ("marzo.xlsx", b"fecha,identificacion_beneficiario\n"),  # a CSV renamed
        ("sin_extension", b"fecha,identificacion_beneficiario,certificado,galones\n"),
    ],
)
def test_a_file_that_is_not_csv_nor_xlsx_is_refused_before_storing_anything(
    entrar, settings, tmp_path, nombre, contenido
):
    """Issue 26, defect 4: a .txt became «versión 1 … Rechazado»; now the page refuses it, as other uploads do."""
    settings.MEDIA_ROOT = str(tmp_path)
    cliente = entrar(mayorista())
    archivo = SimpleUploadedFile(nombre, contenido, content_type="application/octet-stream")
    r = cliente.post("/distribuidores/reportes/", {"periodo": "2026-03", "archivo": archivo})
    assert r.status_code == 400
    assert "Elija un archivo CSV (.csv) o un libro de Excel (.xlsx)" in texto(r)
    assert not ReporteMensual.objects.exists()
    assert not any(p.is_file() for p in tmp_path.rglob("*"))


@pytest.mark.django_db
def test_a_csv_or_xlsx_passes_the_type_check(entrar, ingesta_falsa):
    cliente = entrar(mayorista())
    for periodo, nombre, contenido in (
        ("2026-02", "marzo.csv", b"fecha;galones\n"),
        ("2026-03", "MARZO.XLSX", b"PK\x03\x04" + b"\x00" * 60),
    ):
        archivo = SimpleUploadedFile(nombre, contenido)
        assert cliente.post("/distribuidores/reportes/", {"periodo": periodo, "archivo": archivo}).status_code == 302
    assert [c["nombre"] for c in ingesta_falsa] == ["marzo.csv", "MARZO.XLSX"]


@pytest.mark.django_db
def test_issue45_enviar_otra_vez_un_mes_pide_confirmar_el_reemplazo(entrar, ingesta_falsa):
    petromar = mayorista()
    cliente = entrar(petromar)
    assert (
        cliente.post("/distribuidores/reportes/", {"periodo": "2026-03", "archivo": archivo_csv()}).status_code == 302
    )

    r = cliente.post("/distribuidores/reportes/", {"periodo": "2026-03", "archivo": archivo_csv()})
    html = texto(r)
    assert r.status_code == 400 and len(ingesta_falsa) == 1 and ReporteMensual.objects.count() == 1
    assert "Ya envió el reporte de marzo de 2026 (versión 1" in html and "marque esta casilla" in html

    otro_mes = cliente.post("/distribuidores/reportes/", {"periodo": "2026-04", "archivo": archivo_csv()})
    assert otro_mes.status_code == 302 and len(ingesta_falsa) == 2

    r = cliente.post("/distribuidores/reportes/", {"periodo": "2026-03", "archivo": archivo_csv(), "reemplazar": "on"})
    assert r.status_code == 302 and len(ingesta_falsa) == 3
    mensajes = texto(cliente.get(r["Location"]))
    assert "Se recibió el reporte de marzo de 2026" in mensajes and "2026-03" not in mensajes
