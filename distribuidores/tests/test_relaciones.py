"""Art. 15 D1505: the wholesaler's relación of exempt fuel sold, for Ecopetrol (API and pages)."""

import io
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from core.identidad.roles import Rol
from core.tests.factories import DistribuidorFactory, UsuarioFactory
from distribuidores.models import ReporteMensual, Venta
from distribuidores.services.documentos import documento_venta_mark_kept
from distribuidores.tests.archivos import csv_bytes
from distribuidores.tests.archivos.escenario import NIT, construir_mundo, registrar_ventas, subir
from distribuidores.tests.factories import sin_documentos

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def reporte_vigente(crear_usuario, django_capture_on_commit_callbacks):
    """Petromar's April report in force: a vessel's sale (its documents kept) and an acuicultora's
    whose name a spreadsheet would read as a formula."""
    mayorista = crear_usuario(Rol.DISTRIBUIDOR)
    mundo = construir_mundo(mayorista)
    mundo.acuicultora.nombre = '=HYPERLINK("http://x.example","clic")'
    mundo.acuicultora.save(update_fields=["nombre"])
    registrar_ventas(mundo)
    venta_nave = Venta.objects.get(beneficiario=mundo.nave)
    # Both sales as registered before R-23 asked for their documents at the sale: the vessel's are marked kept
    # afterwards, the acuicultora's are missing.
    sin_documentos(venta_nave)
    sin_documentos(Venta.objects.get(beneficiario=mundo.acuicultora))
    for tipo in ("licencia_pesca", "zarpe", "certificado_desembarque", "certificado_exencion"):
        documento_venta_mark_kept(actor=mayorista, venta_id=venta_nave.id, tipo=tipo)
    contenido = csv_bytes([mundo.fila_nave(), mundo.fila_acuicultora()])
    reporte = subir(django_capture_on_commit_callbacks, mayorista, contenido)
    assert reporte.estado == "procesado" and reporte.vigente
    return reporte, mundo


def _hoja(contenido: bytes):
    return list(load_workbook(io.BytesIO(contenido), read_only=True)["Relación"].iter_rows(values_only=True))


@pytest.mark.django_db
def test_art15_ecopetrol_lists_and_downloads_every_wholesalers_relacion(reporte_vigente, cliente):
    reporte, mundo = reporte_vigente
    ecopetrol = cliente(Rol.ECOPETROL)
    r = ecopetrol.get("/api/v1/relaciones/", {"periodo": "2026-04"})
    assert r.status_code == 200 and r.json()["count"] == 1
    (relacion,) = r.json()["results"]
    assert relacion["distribuidor_nit"] == NIT and relacion["periodo"] == "2026-04"
    assert relacion["total_galones"] == "1050.00" and relacion["reporte"] == reporte.id

    r = ecopetrol.get(relacion["xlsx"])
    assert r.status_code == 200 and r["Content-Type"] == XLSX
    assert f'relacion-exento-{NIT}-2026-04.xlsx' in r["Content-Disposition"]
    filas = _hoja(r.content)
    assert "Decreto 1505 de 2002, art. 15" in filas[0][0]
    encabezado = next(i for i, f in enumerate(filas) if f and f[0] == "Fila del reporte")
    nave, acuicola = filas[encabezado + 1], filas[encabezado + 2]
    assert nave[2] == mundo.nave.nombre and nave[7] == mundo.cert.numero and Decimal(str(nave[8])) == 750
    assert nave[9].startswith("Sí") and "Último certificado de desembarque: original en archivo" in nave[10]
    # The same formula escaping as the reconciliation workbook: literal text, never a formula.
    assert acuicola[2] == "'" + mundo.acuicultora.nombre
    assert "Permiso de cultivo vigente: falta" in acuicola[10]

    r = ecopetrol.get(relacion["pdf"])
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf" and r.content.startswith(b"%PDF")


@pytest.mark.django_db
def test_art15_a_wholesaler_reads_only_its_own_relacion(reporte_vigente, cliente):
    reporte, _ = reporte_vigente
    otro = cliente(Rol.DISTRIBUIDOR, distribuidor=DistribuidorFactory(nit="860002400"))
    assert otro.get("/api/v1/relaciones/").json()["count"] == 0
    assert otro.get(f"/api/v1/relaciones/{reporte.id}/xlsx/").status_code == 404
    propio = cliente(Rol.DISTRIBUIDOR)
    assert propio.get(f"/api/v1/relaciones/{reporte.id}/xlsx/").status_code == 200
    for rol in (Rol.BENEFICIARIO, Rol.CAPITANIA_OFICIAL, Rol.DIMAR, Rol.MINMINAS):
        assert cliente(rol).get("/api/v1/relaciones/").status_code == 403


@pytest.mark.django_db
def test_art15_only_the_report_in_force_has_a_relacion(reporte_vigente, cliente):
    reporte, _ = reporte_vigente
    ReporteMensual.objects.filter(pk=reporte.pk).update(vigente=False)
    ecopetrol = cliente(Rol.ECOPETROL)
    assert ecopetrol.get("/api/v1/relaciones/").json()["count"] == 0
    assert ecopetrol.get(f"/api/v1/relaciones/{reporte.id}/pdf/").status_code == 404


@pytest.mark.django_db
def test_art15_the_page_lists_the_relaciones_with_their_downloads(reporte_vigente, entrar):
    reporte, _ = reporte_vigente
    ecopetrol = entrar(UsuarioFactory(rol=Rol.ECOPETROL))
    html = ecopetrol.get("/distribuidores/relaciones/").content.decode()
    assert "Relación del combustible exento enajenado" in html and "Petromar" in html
    assert f"/distribuidores/relaciones/{reporte.id}/relacion.xlsx" in html
    assert 'href="/distribuidores/relaciones/"' in html  # its menu entry
    r = ecopetrol.get(f"/distribuidores/relaciones/{reporte.id}/relacion.pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    assert ecopetrol.get(f"/distribuidores/relaciones/{reporte.id}/relacion.xlsx")["Content-Type"] == XLSX
    auditor = entrar(UsuarioFactory(rol=Rol.AUDITOR))
    assert auditor.get("/distribuidores/relaciones/").status_code == 200


@pytest.mark.django_db
def test_art15_the_relacion_goes_to_the_producer_or_importer_with_the_document_copies(
    reporte_vigente, cliente, settings, django_capture_on_commit_callbacks
):
    import zipfile

    from django.core.files.uploadedfile import SimpleUploadedFile

    from core.models import MensajeSaliente
    from distribuidores.services.documentos import documento_venta_attach

    settings.OUTBOX_ENDPOINTS = {}  # no endpoint: registered at once, as the Dimar notice
    reporte, mundo = reporte_vigente
    venta = Venta.objects.get(beneficiario=mundo.nave)
    pdf = b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
    documento_venta_attach(actor=venta.registrada_por, venta_id=venta.id, tipo="zarpe",
                           archivo=SimpleUploadedFile("z.pdf", pdf, content_type="application/pdf"))
    propio = cliente(Rol.DISTRIBUIDOR)
    r = propio.get(f"/api/v1/relaciones/{reporte.id}/paquete/")
    assert r.status_code == 200 and r["Content-Type"] == "application/zip"
    paquete = zipfile.ZipFile(io.BytesIO(r.content))
    nombres = paquete.namelist()
    assert {"relacion.xlsx", "caratula.pdf"} <= set(nombres)
    assert paquete.read(f"documentos/venta-{venta.id}-zarpe.pdf") == pdf  # the copy, not only its status

    with django_capture_on_commit_callbacks(execute=True):
        r = propio.post(f"/api/v1/relaciones/{reporte.id}/envios/",
                        {"destinatario_nit": "899999068", "destinatario": "Ecopetrol S.A."}, format="json")
    assert r.status_code == 201 and r.json()["enviado"] and r.json()["acuse"] is None
    importador = propio.post(f"/api/v1/relaciones/{reporte.id}/envios/",
                             {"destinatario_nit": "900777111", "destinatario": "Importadora del Caribe S.A.S."},
                             format="json")
    assert importador.status_code == 201  # «productor y/o importador»: to each of them
    mensaje = MensajeSaliente.objects.get(tipo="relacion_art15", clave=f"relacion_art15:{reporte.id}:899999068")
    assert mensaje.payload["paquete"] == f"/api/v1/relaciones/{reporte.id}/paquete/"
    envios = propio.get(f"/api/v1/relaciones/{reporte.id}/envios/").json()["results"]
    assert {e["destinatario_nit"] for e in envios} == {"899999068", "900777111"}
    assert next(e for e in envios if e["destinatario_nit"] == "899999068")["acuse"] is not None
    otra_vez = propio.post(f"/api/v1/relaciones/{reporte.id}/envios/",
                           {"destinatario_nit": "899999068", "destinatario": "Ecopetrol S.A."}, format="json")
    assert otra_vez.status_code == 409 and otra_vez.json()["codigo"] == "relacion_enviada"
    assert cliente(Rol.ECOPETROL).post(f"/api/v1/relaciones/{reporte.id}/envios/",
                                       {"destinatario_nit": "1", "destinatario": "x"}, format="json").status_code == 403
