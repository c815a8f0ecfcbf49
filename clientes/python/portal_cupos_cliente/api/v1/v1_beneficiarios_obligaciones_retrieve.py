from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.errores_validacion import ErroresValidacion
from ...models.obligaciones import Obligaciones
from ...types import UNSET, Response, Unset


def _get_kwargs(
    beneficiario_id: int,
    *,
    anio: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["anio"] = anio

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/beneficiarios/{beneficiario_id}/obligaciones/".format(
            beneficiario_id=quote(str(beneficiario_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Error | ErroresValidacion | Obligaciones | None:
    if response.status_code == 200:
        response_200 = Obligaciones.from_dict(response.json())

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
) -> Response[Error | Error | ErroresValidacion | Obligaciones]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    beneficiario_id: int,
    *,
    client: AuthenticatedClient,
    anio: int | Unset = UNSET,
) -> Response[Error | Error | ErroresValidacion | Obligaciones]:
    """R-26: landed vs the year's minimum and vs what should be landed by today pro rata, with the
    guarantee in
    force today (or on 31 December of a past year). The beneficiary reads its own.

    Args:
        beneficiario_id (int):
        anio (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | ErroresValidacion | Obligaciones]
    """

    kwargs = _get_kwargs(
        beneficiario_id=beneficiario_id,
        anio=anio,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    beneficiario_id: int,
    *,
    client: AuthenticatedClient,
    anio: int | Unset = UNSET,
) -> Error | Error | ErroresValidacion | Obligaciones | None:
    """R-26: landed vs the year's minimum and vs what should be landed by today pro rata, with the
    guarantee in
    force today (or on 31 December of a past year). The beneficiary reads its own.

    Args:
        beneficiario_id (int):
        anio (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | ErroresValidacion | Obligaciones
    """

    return sync_detailed(
        beneficiario_id=beneficiario_id,
        client=client,
        anio=anio,
    ).parsed


async def asyncio_detailed(
    beneficiario_id: int,
    *,
    client: AuthenticatedClient,
    anio: int | Unset = UNSET,
) -> Response[Error | Error | ErroresValidacion | Obligaciones]:
    """R-26: landed vs the year's minimum and vs what should be landed by today pro rata, with the
    guarantee in
    force today (or on 31 December of a past year). The beneficiary reads its own.

    Args:
        beneficiario_id (int):
        anio (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | ErroresValidacion | Obligaciones]
    """

    kwargs = _get_kwargs(
        beneficiario_id=beneficiario_id,
        anio=anio,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    beneficiario_id: int,
    *,
    client: AuthenticatedClient,
    anio: int | Unset = UNSET,
) -> Error | Error | ErroresValidacion | Obligaciones | None:
    """R-26: landed vs the year's minimum and vs what should be landed by today pro rata, with the
    guarantee in
    force today (or on 31 December of a past year). The beneficiary reads its own.

    Args:
        beneficiario_id (int):
        anio (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | ErroresValidacion | Obligaciones
    """

    return (
        await asyncio_detailed(
            beneficiario_id=beneficiario_id,
            client=client,
            anio=anio,
        )
    ).parsed
