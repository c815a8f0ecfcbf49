"""core.archivos.exportar.descarga: the one attachment response the API's file downloads share."""

from core.archivos.exportar import XLSX, descarga


def test_descarga_is_an_attachment_of_its_type_that_is_not_sniffed():
    respuesta = descarga(b"PK\x03\x04", XLSX, "plantilla.xlsx")
    assert respuesta.status_code == 200
    assert respuesta.content == b"PK\x03\x04"
    assert respuesta["Content-Type"] == XLSX
    assert respuesta["Content-Disposition"] == 'attachment; filename="plantilla.xlsx"'
    assert respuesta["X-Content-Type-Options"] == "nosniff"
