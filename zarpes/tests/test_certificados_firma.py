"""The certificate's PDF is signed with its Capitanía's seal and kept once; the public verification (page
and API) re-validates the stored file; a copy a citizen uploads is recognised, a changed one is not."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.firma.validacion import validar_pdf
from core.identidad.roles import Rol
from core.models import DocumentoFirmado
from zarpes.tests.factories import nave_con_cupo
from zarpes.tests.test_zarpes_apis import zarpe


@pytest.fixture
def oficial(cliente):
    return cliente(Rol.CAPITANIA_OFICIAL)


@pytest.mark.django_db
def test_the_certificate_pdf_is_signed_by_its_capitania_and_kept_once(oficial):
    nave, _ = nave_con_cupo()
    cert = zarpe(oficial, nave).json()["certificado"]

    primero = oficial.get(f"/api/v1/certificados/{cert['numero']}/pdf/")
    segundo = oficial.get(f"/api/v1/certificados/{cert['numero']}/pdf/")

    assert primero.status_code == 200 and primero.content == segundo.content
    v = validar_pdf(primero.content)
    assert v.valida, v.problemas
    assert (v.firmante, v.cargo) == ("Capitanía de Puerto de Cartagena", "Sello electrónico de la capitanía")
    assert DocumentoFirmado.objects.filter(tipo="certificado", referencia=cert["numero"]).count() == 1


@pytest.mark.django_db
def test_public_verification_revalidates_the_stored_file(oficial, client):
    nave, _ = nave_con_cupo()
    cert = zarpe(oficial, nave).json()["certificado"]

    r = client.get(f"/api/v1/verificar/{cert['codigo_verificacion']}/")

    firma = r.json()["firma"]
    assert firma["valida"] is True and firma["nivel"] == "B-B"
    assert (firma["firmante"], firma["entidad"]) == (
        "Capitanía de Puerto de Cartagena",
        "Dirección General Marítima (Dimar)",
    )
    pagina = client.get(f"/verificar/{cert['codigo_verificacion']}/").content.decode()
    assert "Firmado digitalmente por Capitanía de Puerto de Cartagena" in pagina
    assert "sin sello de tiempo (nivel PAdES B-B)" in pagina

    # Someone changes the stored file on disk: both say so.
    documento = DocumentoFirmado.objects.get(tipo="certificado")
    datos = bytearray(documento.archivo.read())
    documento.archivo.close()
    posicion = bytes(datos).index(b"/Contents <") - 100
    datos[posicion] = ord("A") if datos[posicion] != ord("A") else ord("B")
    with open(documento.archivo.path, "wb") as archivo:
        archivo.write(datos)

    firma = client.get(f"/api/v1/verificar/{cert['codigo_verificacion']}/").json()["firma"]
    assert firma["valida"] is False and "cambió después de firmado" in firma["detalle"]
    assert "La firma digital no es válida" in client.get(f"/verificar/{cert['codigo_verificacion']}/").content.decode()


@pytest.mark.django_db
def test_the_upload_box_recognises_the_portals_copy_and_refuses_a_changed_one(oficial, client):
    nave, _ = nave_con_cupo()
    cert = zarpe(oficial, nave).json()["certificado"]
    original = oficial.get(f"/api/v1/certificados/{cert['numero']}/pdf/").content

    r = client.post("/firma/verificar/", {"documento": SimpleUploadedFile("c.pdf", original)})
    html = r.content.decode()
    assert r.status_code == 200 and "Es un documento expedido por el portal" in html
    assert f"/verificar/{cert['codigo_verificacion']}/" in html

    alterado = original + b"\n% una linea agregada\n"
    html = client.post("/firma/verificar/", {"documento": SimpleUploadedFile("c.pdf", alterado)}).content.decode()
    assert "no coincide con ninguno de los documentos" in html or "no coincide con ninguno de los que" in html

    r = client.post("/firma/verificar/", {"documento": SimpleUploadedFile("c.txt", b"hola")})
    assert r.status_code == 400 and "no es un archivo PDF" in r.content.decode()
    assert validar_pdf(io.BytesIO(original).getvalue()).valida
