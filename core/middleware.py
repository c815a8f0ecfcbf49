"""Requests PostgreSQL could not even compare: a NUL character in the path, the query string or a form."""

from django.conf import settings
from django.http import HttpResponseBadRequest, JsonResponse

from core.errors import ErrorCore

DETALLE_NUL = "La solicitud contiene un carácter nulo (%00), que no es válido en ningún dato del portal."
URLENCODED = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"


def _formulario_pequeno(request) -> bool:
    """A form body small enough to parse here: url-encoded, or multipart without a large upload."""
    if request.content_type == URLENCODED:
        return True
    try:
        largo = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False
    return request.content_type == MULTIPART and largo <= settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def _con_nulo(datos) -> bool:
    return any("\x00" in k or "\x00" in v for k, vs in datos.lists() for v in vs)


class CaracterNuloMiddleware:
    """400 for a NUL in the path, a query parameter or a form field, before any view passes it to a query.

    PostgreSQL text cannot hold NUL, so a lookup with one fails in the driver (a 500). Forms and
    serializers already refuse NUL in the fields they validate; this covers what a view reads
    straight from the request (a certificate number, a verification code, a search term, a
    filter). A form body is parsed here rather than a little later by the CSRF middleware: the
    same work, once. A multipart body above DATA_UPLOAD_MAX_MEMORY_SIZE (an upload) is left
    alone, so the upload views can still refuse an oversized file before reading it; their
    fields go through forms, which refuse NUL. JSON goes through the API's serializers, which
    refuse NUL too.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or _con_nulo(request.GET) or (
            request.method == "POST" and _formulario_pequeno(request) and _con_nulo(request.POST)
        ):
            if request.path.startswith("/api/"):
                return JsonResponse({"codigo": ErrorCore.CARACTER_NULO, "detalle": DETALLE_NUL}, status=400)
            return HttpResponseBadRequest(DETALLE_NUL, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
