"""Every answer of the API tests checked against the OpenAPI schema (openapi-core).

The root conftest wraps APIClient.request for the API test modules (API_MODULOS): a documented
operation that answers a status the schema does not list, or a body that does not match its schema,
fails the test that made the call. Paths and methods the schema does not have (the tests of a 404 for
an unknown route, a 405 for a wrong method) are not contract answers and are left alone.
"""

import functools
import json

from django.http.request import RawPostDataException
from openapi_core import OpenAPI
from openapi_core.contrib.django import DjangoOpenAPIRequest, DjangoOpenAPIResponse
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound, ServerNotFound

PREFIJO = "/api/v1/"


@functools.cache
def openapi() -> OpenAPI:
    from core.management.commands.generar_sdk import esquema_api

    return OpenAPI.from_dict(json.loads(json.dumps(esquema_api())))


class RespuestaFueraDelEsquema(AssertionError):
    pass


class _Peticion(DjangoOpenAPIRequest):
    """A multipart request's body was read by its view (uploads): the answer is what is checked."""

    @property
    def body(self) -> bytes:
        try:
            return super().body
        except RawPostDataException:
            return b""


def revisar(respuesta) -> None:
    """Raise RespuestaFueraDelEsquema when the answer of an /api/v1/ call is not what the schema says."""
    peticion = getattr(respuesta, "wsgi_request", None)
    if peticion is None or not peticion.path.startswith(PREFIJO) or respuesta.streaming:
        return
    try:
        openapi().validate_response(_Peticion(peticion), DjangoOpenAPIResponse(respuesta))
    except (PathNotFound, OperationNotFound, ServerNotFound):
        return
    except Exception as exc:  # openapi-core's validation errors: the status or the body
        causas = getattr(exc, "schema_errors", None) or [exc.__cause__ or exc]
        detalle = "; ".join(str(c)[:300] for c in causas[:3])
        cuerpo = respuesta.content[:300]
        raise RespuestaFueraDelEsquema(
            f"{peticion.method} {peticion.path} → {respuesta.status_code} no es lo que dice el esquema: "
            f"{type(exc).__name__}: {detalle}\n{cuerpo!r}"
        ) from exc
