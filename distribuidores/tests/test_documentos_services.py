"""R-23: the documents a wholesaler keeps per sale: attached (checked by content) or marked as kept."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.comun.errors import DatosInvalidos, NoEncontrado, PermisoDenegado
from core.identidad.roles import Rol
from core.models import RegistroAuditoria
from core.tests.factories import UsuarioFactory
from cupos.tests.factories import ArmadaFactory
from distribuidores.models import DocumentoVenta
from distribuidores.selectors.documentos import documentos_de, documentos_requeridos
from distribuidores.services.documentos import documento_venta_attach, documento_venta_mark_kept
from distribuidores.tests.factories import con_cupo, sin_documentos
from distribuidores.tests.test_conciliacion_selectors import mayorista, vender

PDF = b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 32


@pytest.fixture(autouse=True)
def _medios(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)


def subir(nombre, contenido, tipo="application/pdf"):
    return SimpleUploadedFile(nombre, contenido, content_type=tipo)


def test_required_documents_by_kind_of_beneficiary():
    assert documentos_requeridos("nave_nacional", "pesca") == (
        "licencia_pesca",
        "zarpe",
        "certificado_desembarque",
        "certificado_exencion",
    )
    assert documentos_requeridos("nave_extranjera", "pesca") == documentos_requeridos("nave_nacional", "pesca")
    assert documentos_requeridos("armada") == ("convenio",)
    assert documentos_requeridos("acuicultora") == ("permiso_cultivo", "declaracion_expresa", "resolucion_upme")


@pytest.mark.parametrize("actividad", ["cabotaje", "remolque"])
def test_r23_the_last_landing_certificate_is_for_fishing_vessels_only(actividad):
    """R-23 (D1505 art. 5 par. 1 num. 4): "último desembarque de productos pesqueros" — a fishing
    vessel's document; a cabotage vessel or a tug keeps the other three."""
    assert documentos_requeridos("nave_nacional", actividad) == ("licencia_pesca", "zarpe", "certificado_exencion")
    # A foreign vessel fishes: it keeps its landing certificate whatever activity was recorded.
    assert "certificado_desembarque" in documentos_requeridos("nave_extranjera", actividad)


@pytest.mark.django_db
def test_r23_a_cabotage_sale_lists_and_accepts_only_its_documents(venta_nave):
    petromar, venta = venta_nave
    venta.beneficiario.actividad = "cabotaje"
    venta.beneficiario.save(update_fields=["actividad"])
    assert [d["tipo"] for d in documentos_de(venta)] == ["licencia_pesca", "zarpe", "certificado_exencion"]
    with pytest.raises(DatosInvalidos):
        documento_venta_mark_kept(actor=petromar, venta_id=venta.id, tipo="certificado_desembarque", observacion="")


@pytest.mark.django_db
@pytest.mark.parametrize(("contenido", "extension"), [(PDF, "pdf"), (PNG, "png"), (JPEG, "jpg")])
def test_attach_a_pdf_png_or_jpeg_named_by_the_portal(venta_nave, contenido, extension):
    petromar, venta = venta_nave
    doc = documento_venta_attach(
        actor=petromar, venta_id=venta.id, tipo="zarpe", archivo=subir("../../etc/passwd.exe", contenido, "text/plain")
    )
    assert doc.archivo.name.startswith("ventas/") and doc.archivo.name.endswith(f"venta-{venta.id}-zarpe.{extension}")
    assert doc.archivo.read() == contenido and doc.registrado_por == petromar and not doc.conservado
    registro = RegistroAuditoria.objects.get(accion="documento_venta.adjuntar")
    assert registro.objeto_id == str(doc.id) and registro.antes is None


@pytest.mark.django_db
def test_attach_again_replaces_and_audits_the_previous_file(venta_nave):
    petromar, venta = venta_nave
    primero = documento_venta_attach(actor=petromar, venta_id=venta.id, tipo="zarpe", archivo=subir("a.pdf", PDF))
    segundo = documento_venta_attach(
        actor=petromar, venta_id=venta.id, tipo="zarpe", archivo=subir("b.png", PNG, "image/png")
    )
    assert segundo.pk == primero.pk and segundo.archivo.name.endswith(".png")
    assert DocumentoVenta.objects.filter(venta=venta).count() == 1
    ultimo = RegistroAuditoria.objects.filter(accion="documento_venta.adjuntar").latest("id")
    assert ultimo.antes["archivo"].endswith(".pdf") and ultimo.despues["archivo"].endswith(".png")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("contenido", "error"),
    [
        (b"MZ\x90\x00 not a pdf", "Solo se aceptan archivos PDF, PNG o JPEG"),
        (b"<html><script>alert(1)</script></html>", "Solo se aceptan archivos PDF, PNG o JPEG"),
        (b"", "vacío"),
    ],
)
def test_files_are_checked_by_content_not_by_name(venta_nave, contenido, error):
    petromar, venta = venta_nave
    with pytest.raises(DatosInvalidos) as exc:
        documento_venta_attach(actor=petromar, venta_id=venta.id, tipo="zarpe", archivo=subir("zarpe.pdf", contenido))
    assert error in exc.value.errores["archivo"][0]
    assert not DocumentoVenta.objects.exists()


@pytest.mark.django_db
def test_files_are_size_limited(venta_nave, settings):
    settings.DOCUMENTO_VENTA_MAX_BYTES = 1024 * 1024
    petromar, venta = venta_nave
    grande = PDF + b"0" * (1024 * 1024)
    with pytest.raises(DatosInvalidos) as exc:
        documento_venta_attach(actor=petromar, venta_id=venta.id, tipo="zarpe", archivo=subir("grande.pdf", grande))
    assert "más de 1 MB" in exc.value.errores["archivo"][0]


@pytest.mark.django_db
def test_only_the_documents_of_the_beneficiarys_kind(venta_nave):
    petromar, venta = venta_nave
    with pytest.raises(DatosInvalidos) as exc:
        documento_venta_mark_kept(actor=petromar, venta_id=venta.id, tipo="convenio")
    assert "Licencia de pesca" in exc.value.errores["tipo"][0]
    armada = ArmadaFactory(distribuidor=petromar.distribuidor)
    con_cupo(armada)
    venta_armada = sin_documentos(vender(petromar, armada, "50"))
    assert documento_venta_mark_kept(actor=petromar, venta_id=venta_armada.id, tipo="convenio").conservado
    with pytest.raises(DatosInvalidos):
        documento_venta_mark_kept(actor=petromar, venta_id=venta_armada.id, tipo="zarpe")


@pytest.mark.django_db
def test_only_the_selling_wholesaler_writes_its_documents(venta_nave):
    _, venta = venta_nave
    otro = mayorista(nit="860002400")
    with pytest.raises(NoEncontrado):
        documento_venta_attach(actor=otro, venta_id=venta.id, tipo="zarpe", archivo=subir("z.pdf", PDF))
    with pytest.raises(NoEncontrado):
        documento_venta_mark_kept(actor=otro, venta_id=venta.id, tipo="zarpe")
    with pytest.raises(PermisoDenegado):
        documento_venta_mark_kept(actor=UsuarioFactory(rol=Rol.UPME_ANALISTA), venta_id=venta.id, tipo="zarpe")
    with pytest.raises(NoEncontrado):
        documento_venta_mark_kept(actor=otro, venta_id="x", tipo="zarpe")
    assert not DocumentoVenta.objects.exists()


@pytest.mark.django_db
def test_mark_as_kept_with_an_observation_and_the_state_of_each_document(venta_nave):
    petromar, venta = venta_nave
    doc = documento_venta_mark_kept(actor=petromar, venta_id=venta.id, tipo="licencia_pesca", observacion=" Caja 12 ")
    assert doc.conservado and doc.observacion == "Caja 12"
    assert RegistroAuditoria.objects.filter(accion="documento_venta.conservado", objeto_id=str(doc.id)).exists()
    documento_venta_attach(actor=petromar, venta_id=venta.id, tipo="zarpe", archivo=subir("z.pdf", PDF))
    estados = {d["tipo"]: (d["adjunto"], d["conservado"], d["completo"]) for d in documentos_de(venta)}
    assert estados == {
        "licencia_pesca": (False, True, True),
        "zarpe": (True, False, True),
        "certificado_desembarque": (False, False, False),
        "certificado_exencion": (False, False, False),
    }
    with pytest.raises(DatosInvalidos):
        documento_venta_mark_kept(actor=petromar, venta_id=venta.id, tipo="zarpe", observacion="x" * 301)


@pytest.mark.django_db
def test_r23_a_document_recorded_after_the_sale_says_so_and_a_permit_must_cover_the_sale_date():
    import datetime as dt

    from cupos.tests.factories import AcuicultoraFactory

    petromar = mayorista()
    acuicola = AcuicultoraFactory(distribuidor=petromar.distribuidor)
    con_cupo(acuicola, anual="12000")
    venta = sin_documentos(vender(petromar, acuicola, "100"))  # 21 March 2026, no documents handed over with it
    with pytest.raises(DatosInvalidos) as exc:
        documento_venta_mark_kept(actor=petromar, venta_id=venta.id, tipo="permiso_cultivo",
                                  vigente_hasta=dt.date(2026, 3, 20))
    assert "vigente a la fecha de entrega del combustible" in exc.value.errores["vigente_hasta"][0]
    documento = documento_venta_mark_kept(actor=petromar, venta_id=venta.id, tipo="permiso_cultivo",
                                          vigente_hasta=dt.date(2026, 3, 21))
    assert documento.vigente_hasta == dt.date(2026, 3, 21) and not documento.al_momento_de_la_venta
    estado = {d["tipo"]: d for d in documentos_de(venta)}["permiso_cultivo"]
    assert estado["completo"] and not estado["al_momento_de_la_venta"]
