from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.acto import Acto
from ...models.error import Error
from ...models.errores_validacion import ErroresValidacion
from ...models.escaneo_acto import EscaneoActo
from ...types import UNSET, Response, Unset


def _get_kwargs(
    acto_id: int,
    *,
    body: EscaneoActo | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/actos/{acto_id}/escaneo/".format(
            acto_id=quote(str(acto_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Acto | Error | Error | ErroresValidacion | None:
    if response.status_code == 201:
        response_201 = Acto.from_dict(response.json())

        return response_201

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
) -> Response[Acto | Error | Error | ErroresValidacion]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    acto_id: int,
    *,
    client: AuthenticatedClient,
    body: EscaneoActo | Unset = UNSET,
) -> Response[Acto | Error | Error | ErroresValidacion]:
    """R-05: multipart {"archivo"}: the PDF or scan of a transcribed paper act, attached by the staff of
    the
    authority that issued it; GET actos/{id}/pdf/ answers it from then on.

    Args:
        acto_id (int):
        body (EscaneoActo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Acto | Error | Error | ErroresValidacion]
    """

    kwargs = _get_kwargs(
        acto_id=acto_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    acto_id: int,
    *,
    client: AuthenticatedClient,
    body: EscaneoActo | Unset = UNSET,
) -> Acto | Error | Error | ErroresValidacion | None:
    """R-05: multipart {"archivo"}: the PDF or scan of a transcribed paper act, attached by the staff of
    the
    authority that issued it; GET actos/{id}/pdf/ answers it from then on.

    Args:
        acto_id (int):
        body (EscaneoActo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Acto | Error | Error | ErroresValidacion
    """

    return sync_detailed(
        acto_id=acto_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    acto_id: int,
    *,
    client: AuthenticatedClient,
    body: EscaneoActo | Unset = UNSET,
) -> Response[Acto | Error | Error | ErroresValidacion]:
    """R-05: multipart {"archivo"}: the PDF or scan of a transcribed paper act, attached by the staff of
    the
    authority that issued it; GET actos/{id}/pdf/ answers it from then on.

    Args:
        acto_id (int):
        body (EscaneoActo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Acto | Error | Error | ErroresValidacion]
    """

    kwargs = _get_kwargs(
        acto_id=acto_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    acto_id: int,
    *,
    client: AuthenticatedClient,
    body: EscaneoActo | Unset = UNSET,
) -> Acto | Error | Error | ErroresValidacion | None:
    """R-05: multipart {"archivo"}: the PDF or scan of a transcribed paper act, attached by the staff of
    the
    authority that issued it; GET actos/{id}/pdf/ answers it from then on.

    Args:
        acto_id (int):
        body (EscaneoActo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Acto | Error | Error | ErroresValidacion
    """

    return (
        await asyncio_detailed(
            acto_id=acto_id,
            client=client,
            body=body,
        )
    ).parsed
