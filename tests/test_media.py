"""Uploaded files are served only by the download views that check who asks, never at /media/ —
not even with DEBUG on (`make run`)."""

import importlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import Resolver404, clear_url_caches, resolve

from core.identidad.roles import Rol
from cupos.models import DocumentoSolicitud
from cupos.tests.factories import PDF, AcuicultoraFactory, pdf, radicar
from distribuidores.models import DocumentoVenta
from distribuidores.tests.test_conciliacion_selectors import mayorista, vender
from distribuidores.tests.test_ventas_apis import certificado_de
from zarpes.tests.factories import nave_con_cupo


@pytest.fixture
def urls_con_debug(settings):
    """config.urls as `make run` builds it (DEBUG on)."""
    import config.urls

    settings.DEBUG = True
    clear_url_caches()
    importlib.reload(config.urls)
    yield config.urls
    settings.DEBUG = False
    clear_url_caches()
    importlib.reload(config.urls)


def test_no_hay_ruta_de_media_ni_con_debug(urls_con_debug):
    for ruta in ("/media/ventas/2026/11/venta-1-permiso_cultivo.pdf", "/media/solicitudes/x.pdf"):
        with pytest.raises(Resolver404):
            resolve(ruta, urlconf=urls_con_debug)


@pytest.fixture
def medios(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    return tmp_path


@pytest.mark.django_db
def test_documento_de_solicitud_solo_por_su_vista(medios, urls_con_debug, entrar, crear_usuario, client):
    analista = crear_usuario(Rol.UPME_ANALISTA)
    propia = AcuicultoraFactory()
    solicitud = radicar(analista, propia)
    web = entrar(Rol.BENEFICIARIO, beneficiario=propia)
    url = f"/solicitudes/{solicitud.pk}/documentos/permiso_cultivo/"
    assert web.post(url, {"archivo": pdf("permiso.pdf")}).status_code == 302
    guardado = DocumentoSolicitud.objects.get(solicitud=solicitud).archivo.name
    assert (medios / guardado).is_file()
    assert client.get(f"/media/{guardado}").status_code == 404
    assert web.get(f"/media/{guardado}").status_code == 404
    r = web.get(f"{url}archivo/")
    assert r.status_code == 200 and b"".join(r.streaming_content) == PDF


@pytest.mark.django_db
def test_documento_de_venta_solo_por_su_vista(medios, urls_con_debug, entrar, client):
    petromar = mayorista()
    nave, _ = nave_con_cupo()
    venta = vender(petromar, nave, "100", certificado_de(nave, "100"))
    web = entrar(petromar)
    pagina = f"/distribuidores/ventas/{venta.id}/"
    archivo = SimpleUploadedFile("z.pdf", PDF, content_type="application/pdf")
    assert web.post(f"{pagina}documentos/zarpe/adjuntar/", {"zarpe-archivo": archivo}).status_code == 302
    guardado = DocumentoVenta.objects.get(venta=venta, tipo="zarpe").archivo.name
    assert (medios / guardado).is_file()
    assert client.get(f"/media/{guardado}").status_code == 404
    assert web.get(f"/media/{guardado}").status_code == 404
    r = web.get(f"{pagina}documentos/zarpe/archivo/")
    assert r.status_code == 200 and b"".join(r.streaming_content) == PDF
