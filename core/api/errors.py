"""One shape for errors: domain refusals as {"codigo", "detalle"}, validation as DRF's field map."""

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import ApplicationError, DatosInvalidos


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
    return drf_exception_handler(exc, context)
