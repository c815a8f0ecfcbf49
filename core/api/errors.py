"""One shape for API errors: {"codigo", "detalle"} for everything but validation (DRF's field map).

Two layers produce errors under /api/: DRF's exception handler (what a view raises: refusals,
401/403/404, 405, 415, a body that is not JSON, throttling), and ErroresApiJsonMiddleware for what
never reaches a DRF view or escapes it (an unknown path, a request Django itself refuses, an
unhandled exception), with DEBUG on too (`make run`). Pages keep their HTML.
"""

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, JsonResponse
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.comun.errors import ApplicationError, DatosInvalidos, ErrorCore

PREFIJO_API = "/api/"


def _detalle_http(exc: exceptions.APIException, request) -> tuple[str, str]:
    """(codigo, detalle in Spanish) for an HTTP-level refusal DRF raised."""
    if exc.default_code == ErrorCore.SEGUNDO_FACTOR_REQUERIDO:  # core.api.auth: a 401 or 403 of its own
        return ErrorCore.SEGUNDO_FACTOR_REQUERIDO, str(exc.detail)
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        return ErrorCore.NO_AUTENTICADO, str(exc.detail)
    if isinstance(exc, exceptions.PermissionDenied):
        return ErrorCore.PERMISO_DENEGADO, str(exc.detail)
    if isinstance(exc, exceptions.NotFound):
        return ErrorCore.NO_ENCONTRADO, str(exc.detail)
    if isinstance(exc, exceptions.MethodNotAllowed):
        metodo = request.method if request is not None else ""
        return ErrorCore.METODO_NO_PERMITIDO, f"El método {metodo} no está permitido en esta ruta."
    if isinstance(exc, exceptions.NotAcceptable):
        return ErrorCore.NO_ACEPTABLE, "No se puede responder en el formato pedido (encabezado Accept): use JSON."
    if isinstance(exc, exceptions.UnsupportedMediaType):
        tipo = request.content_type if request is not None else ""
        return ErrorCore.TIPO_NO_SOPORTADO, (
            f"Tipo de contenido «{tipo}» no admitido: envíe application/json "
            "(o multipart/form-data cuando adjunta un archivo)."
        )
    if isinstance(exc, exceptions.ParseError):
        return ErrorCore.SOLICITUD_MAL_FORMADA, (
            "El cuerpo de la solicitud no se pudo leer: no es JSON válido (o el multipart está mal formado)."
        )
    if isinstance(exc, exceptions.Throttled):
        espera = f" Intente de nuevo en {int(exc.wait) + 1} segundos." if exc.wait is not None else ""
        return ErrorCore.DEMASIADAS_SOLICITUDES, "Demasiadas solicitudes." + espera
    return str(exc.default_code), str(exc.detail)


def exception_handler(exc, context):
    if isinstance(exc, DatosInvalidos):
        return Response(exc.errores, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ApplicationError):
        return Response({"codigo": exc.codigo, "detalle": exc.detalle, **exc.extra}, status=exc.status_code)
    if isinstance(exc, DjangoValidationError):
        datos = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        return Response(datos, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound("No encontrado.")
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    respuesta = drf_exception_handler(exc, context)
    if respuesta is not None and isinstance(exc, exceptions.ValidationError) and isinstance(respuesta.data, list):
        # A field's validation run outside a serializer (a query parameter parsed by hand) has no field
        # name: a bare list of messages is no error shape a client knows; {codigo, detalle} is.
        respuesta.data = {"codigo": str(ErrorCore.DATOS_INVALIDOS), "detalle": " ".join(map(str, respuesta.data))}
        return respuesta
    if respuesta is None or isinstance(exc, exceptions.ValidationError):
        return respuesta  # unhandled → Django's handler500 (logged, then JSON below); validation → field map
    codigo, detalle = _detalle_http(exc, context.get("request"))
    respuesta.data = {"codigo": str(codigo), "detalle": detalle}
    return respuesta


DETALLES_HTTP = {
    400: (ErrorCore.SOLICITUD_MAL_FORMADA, "La solicitud no es válida."),
    401: (ErrorCore.NO_AUTENTICADO, "Falta el token o no es válido."),
    403: (ErrorCore.PERMISO_DENEGADO, "Su rol no permite esta operación."),
    404: (ErrorCore.NO_ENCONTRADO, "No existe esa ruta en la API. Consulte /api/docs/."),
    405: (ErrorCore.METODO_NO_PERMITIDO, "El método no está permitido en esta ruta."),
    429: (ErrorCore.DEMASIADAS_SOLICITUDES, "Demasiadas solicitudes."),
    500: (ErrorCore.ERROR_INTERNO, "Error interno del servidor. Quedó registrado; intente más tarde."),
}


class ErroresApiJsonMiddleware:
    """An error under /api/ that did not come from a DRF view (an unknown path, a request Django
    refuses before any view, an unhandled exception) reaches the client as HTML: Django's error
    page, or with DEBUG (make run) its technical page. Here it becomes {"codigo","detalle"}."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        respuesta = self.get_response(request)
        if (
            respuesta.status_code >= 400
            and request.path.startswith(PREFIJO_API)
            and not respuesta.get("Content-Type", "").startswith("application/json")
        ):
            estado = respuesta.status_code
            codigo, detalle = DETALLES_HTTP.get(estado) or DETALLES_HTTP[500 if estado >= 500 else 400]
            json = JsonResponse({"codigo": str(codigo), "detalle": detalle}, status=estado)
            for cabecera in ("Retry-After", "Allow", "WWW-Authenticate"):
                if cabecera in respuesta:
                    json[cabecera] = respuesta[cabecera]
            return json
        return respuesta
