"""R-23 through the sale's page: attach, mark as kept, download, in scope."""

from decimal import Decimal

import pytest

from core.identidad.roles import Rol
from cupos.tests.factories import AcuicultoraFactory
from distribuidores.tests.factories import con_cupo, sin_documentos
from distribuidores.tests.test_conciliacion_selectors import mayorista, vender
from distribuidores.tests.test_documentos_services import PDF, subir


@pytest.fixture(autouse=True)
def _medios(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)


@pytest.mark.django_db
def test_the_sale_page_attaches_marks_and_serves_the_file_in_scope(venta_nave, entrar, crear_usuario):
    petromar, venta = venta_nave
    cliente = entrar(petromar)
    pagina = f"/distribuidores/ventas/{venta.id}/"
    html = cliente.get(pagina).content.decode()
    assert "0 de 4 documentos completos" in html and html.count(">Adjuntar el archivo<") == 4

    r = cliente.post(f"{pagina}documentos/zarpe/adjuntar/", {"zarpe-archivo": subir("z.pdf", PDF)})
    assert r.status_code == 302 and r["Location"] == pagina
    r = cliente.post(
        f"{pagina}documentos/licencia_pesca/conservar/", {"licencia_pesca-c-observacion": "Caja 3"}, follow=True
    )
    html = r.content.decode()
    assert "2 de 4 documentos completos" in html and "Original en archivo: Caja 3" in html
    assert "quedó marcado como original en archivo" in html

    r = cliente.post(
        f"{pagina}documentos/certificado_exencion/adjuntar/",
        {"certificado_exencion-archivo": subir("x.pdf", b"GIF89a")},
    )
    assert r.status_code == 400 and "Solo se aceptan archivos PDF, PNG o JPEG" in r.content.decode()
    assert cliente.post(f"{pagina}documentos/convenio/conservar/", {}).status_code == 404

    r = cliente.get(f"{pagina}documentos/zarpe/archivo/")
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    assert r["X-Content-Type-Options"] == "nosniff" and "attachment" in r["Content-Disposition"]
    assert b"".join(r.streaming_content) == PDF
    assert cliente.get(f"{pagina}documentos/licencia_pesca/archivo/").status_code == 404  # kept, no file

    otro = entrar(mayorista(nit="860002400"))
    assert otro.get(pagina).status_code == 404
    assert otro.get(f"{pagina}documentos/zarpe/archivo/").status_code == 404
    assert otro.post(f"{pagina}documentos/zarpe/conservar/", {}).status_code == 404

    auditor = entrar(crear_usuario(Rol.AUDITOR))
    assert auditor.get(f"{pagina}documentos/zarpe/archivo/").status_code == 200
    assert auditor.post(f"{pagina}documentos/zarpe/conservar/", {}).status_code == 403


@pytest.mark.django_db
def test_an_acuicultora_sale_lists_its_three_documents(entrar):
    petromar = mayorista()
    acuicola = AcuicultoraFactory(distribuidor=petromar.distribuidor)
    con_cupo(acuicola, anual="12000")
    venta = sin_documentos(vender(petromar, acuicola, "10"))
    html = entrar(petromar).get(f"/distribuidores/ventas/{venta.id}/").content.decode()
    for nombre in ("Permiso de cultivo vigente", "Declaración expresa de la acuicultora", "Resolución UPME del cupo"):
        assert nombre in html
    principal = html[html.index("<main") :]  # the menu has a «Zarpes y ventas» group (issue 26)
    assert "Zarpe" not in principal and venta.galones == Decimal("10.00")
