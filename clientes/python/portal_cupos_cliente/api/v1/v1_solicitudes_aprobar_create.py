from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.errores_validacion import ErroresValidacion
from ...models.solicitud import Solicitud
from ...models.solicitud_aprobar import SolicitudAprobar
from ...types import Response


def _get_kwargs(
    solicitud_id: int,
    *,
    body: SolicitudAprobar,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/solicitudes/{solicitud_id}/aprobar/".format(
            solicitud_id=quote(str(solicitud_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Error | ErroresValidacion | Solicitud | None:
    if response.status_code == 200:
        response_200 = Solicitud.from_dict(response.json())

        return response_200

    if response.status_code == 400:

        def _parse_response_400(data: object) -> Error | ErroresValidacion:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_0 = Error.from_dict(data)

                return response_400_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_400_type_1 = ErroresValidacion.from_dict(data)

            return response_400_type_1

        response_400 = _parse_response_400(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | Error | ErroresValidacion | Solicitud]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    solicitud_id: int,
    *,
    client: AuthenticatedClient,
    body: SolicitudAprobar,
) -> Response[Error | Error | ErroresValidacion | Solicitud]:
    """R-03: approve the application (a radicada one is reviewed and approved at once). Missing documents:
    `409 solicitud_incompleta` naming them (`faltantes`); late without a justified cause (R-04):
    `409 informacion_extemporanea`.

    Args:
        solicitud_id (int):
        body (SolicitudAprobar):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | ErroresValidacion | Solicitud]
    """

    kwargs = _get_kwargs(
        solicitud_id=solicitud_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    solicitud_id: int,
    *,
    client: AuthenticatedClient,
    body: SolicitudAprobar,
) -> Error | Error | ErroresValidacion | Solicitud | None:
    """R-03: approve the application (a radicada one is reviewed and approved at once). Missing documents:
    `409 solicitud_incompleta` naming them (`faltantes`); late without a justified cause (R-04):
    `409 informacion_extemporanea`.

    Args:
        solicitud_id (int):
        body (SolicitudAprobar):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | ErroresValidacion | Solicitud
    """

    return sync_detailed(
        solicitud_id=solicitud_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    solicitud_id: int,
    *,
    client: AuthenticatedClient,
    body: SolicitudAprobar,
) -> Response[Error | Error | ErroresValidacion | Solicitud]:
    """R-03: approve the application (a radicada one is reviewed and approved at once). Missing documents:
    `409 solicitud_incompleta` naming them (`faltantes`); late without a justified cause (R-04):
    `409 informacion_extemporanea`.

    Args:
        solicitud_id (int):
        body (SolicitudAprobar):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | ErroresValidacion | Solicitud]
    """

    kwargs = _get_kwargs(
        solicitud_id=solicitud_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    solicitud_id: int,
    *,
    client: AuthenticatedClient,
    body: SolicitudAprobar,
) -> Error | Error | ErroresValidacion | Solicitud | None:
    """R-03: approve the application (a radicada one is reviewed and approved at once). Missing documents:
    `409 solicitud_incompleta` naming them (`faltantes`); late without a justified cause (R-04):
    `409 informacion_extemporanea`.

    Args:
        solicitud_id (int):
        body (SolicitudAprobar):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | ErroresValidacion | Solicitud
    """

    return (
        await asyncio_detailed(
            solicitud_id=solicitud_id,
            client=client,
            body=body,
        )
    ).parsed
