"""Public pages of the signed acts: the chain that validates them offline (`/firma/cadena.pem`), and the
check of any PDF a citizen has in hand (`/firma/verificar/`): is it signed, by whom, unchanged, and is it
this very file the portal issued."""

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods

from core import registro
from core.firma import demo, documentos
from core.web.views.limites import limitado_por_direccion

LIMITE_ARCHIVO = 60 * 1024 * 1024  # a 10,000-cupo resolution is about 5 MB


@require_GET
def cadena(request):
    from core.firma import claves  # pyHanko: imported where a key is used, not by every process's URLs

    respuesta = HttpResponse(claves.cadena_pem(), content_type="application/x-pem-file")
    respuesta["Content-Disposition"] = 'inline; filename="cadena.pem"'
    respuesta["Cache-Control"] = "public, max-age=3600"
    return respuesta


@require_GET
def crl_demo(request):
    """The demo CA's CRL (DER), where its certificates say it is: only while the portal signs with it."""
    if not settings.FIRMA_DEMO:
        raise Http404("El portal no firma con la autoridad de certificación de demostración.")
    respuesta = HttpResponse(demo.crl(), content_type="application/pkix-crl")
    respuesta["Content-Disposition"] = 'inline; filename="demo.crl"'
    respuesta["Cache-Control"] = "public, max-age=60"
    return respuesta


def _error(request, mensaje: str):
    return render(request, "core/firma_verificar.html", {"error": mensaje}, status=400)


@require_http_methods(["GET", "POST"])
@limitado_por_direccion("verificacion_archivo")
def verificar_archivo(request):
    if request.method == "GET":
        return render(request, "core/firma_verificar.html")
    archivo = request.FILES.get("documento")
    if archivo is None:
        return _error(request, "Seleccione el archivo PDF que quiere verificar.")
    if not archivo.size:
        return _error(request, "El archivo está vacío.")
    if archivo.size > LIMITE_ARCHIVO:
        return _error(request, "El archivo pesa más de 60 MB: no es un acto expedido por el portal.")
    datos = archivo.read()
    if not datos.startswith(b"%PDF-"):
        return _error(request, f"«{archivo.name[:80]}» no es un archivo PDF.")
    verificacion, documento = documentos.reconocer(datos)
    contexto = {"verificacion": verificacion, "documento": documento, "nombre": archivo.name[:80]}
    if documento is not None:
        firmable = registro.firmable(documento.tipo)
        contexto.update(
            acto=firmable.etiqueta,
            enlace=firmable.enlace(documento.codigo_verificacion) if documento.codigo_verificacion else None,
        )
    return render(request, "core/firma_verificar.html", contexto)
