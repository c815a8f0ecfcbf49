from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.errores_validacion import ErroresValidacion
from ...models.pagina_interesado import PaginaInteresado
from ...types import UNSET, Response, Unset


def _get_kwargs(
    acto_id: int,
    *,
    beneficiario: str | Unset = UNSET,
    nit: str | Unset = UNSET,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["beneficiario"] = beneficiario

    params["nit"] = nit

    params["page"] = page

    params["page_size"] = page_size

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/actos/{acto_id}/interesados/".format(
            acto_id=quote(str(acto_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Error | ErroresValidacion | PaginaInteresado | None:
    if response.status_code == 200:
        response_200 = PaginaInteresado.from_dict(response.json())

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
) -> Response[Error | Error | ErroresValidacion | PaginaInteresado]:
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
    beneficiario: str | Unset = UNSET,
    nit: str | Unset = UNSET,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Response[Error | Error | ErroresValidacion | PaginaInteresado]:
    """The persons an act concerns (the caller's own, for a person concerned): notification, term,
    recursos,
    firmeza; ?beneficiario=<id> and ?nit=<NIT>.

    Args:
        acto_id (int):
        beneficiario (str | Unset):
        nit (str | Unset):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | ErroresValidacion | PaginaInteresado]
    """

    kwargs = _get_kwargs(
        acto_id=acto_id,
        beneficiario=beneficiario,
        nit=nit,
        page=page,
        page_size=page_size,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    acto_id: int,
    *,
    client: AuthenticatedClient,
    beneficiario: str | Unset = UNSET,
    nit: str | Unset = UNSET,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Error | Error | ErroresValidacion | PaginaInteresado | None:
    """The persons an act concerns (the caller's own, for a person concerned): notification, term,
    recursos,
    firmeza; ?beneficiario=<id> and ?nit=<NIT>.

    Args:
        acto_id (int):
        beneficiario (str | Unset):
        nit (str | Unset):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | ErroresValidacion | PaginaInteresado
    """

    return sync_detailed(
        acto_id=acto_id,
        client=client,
        beneficiario=beneficiario,
        nit=nit,
        page=page,
        page_size=page_size,
    ).parsed


async def asyncio_detailed(
    acto_id: int,
    *,
    client: AuthenticatedClient,
    beneficiario: str | Unset = UNSET,
    nit: str | Unset = UNSET,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Response[Error | Error | ErroresValidacion | PaginaInteresado]:
    """The persons an act concerns (the caller's own, for a person concerned): notification, term,
    recursos,
    firmeza; ?beneficiario=<id> and ?nit=<NIT>.

    Args:
        acto_id (int):
        beneficiario (str | Unset):
        nit (str | Unset):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | ErroresValidacion | PaginaInteresado]
    """

    kwargs = _get_kwargs(
        acto_id=acto_id,
        beneficiario=beneficiario,
        nit=nit,
        page=page,
        page_size=page_size,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    acto_id: int,
    *,
    client: AuthenticatedClient,
    beneficiario: str | Unset = UNSET,
    nit: str | Unset = UNSET,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Error | Error | ErroresValidacion | PaginaInteresado | None:
    """The persons an act concerns (the caller's own, for a person concerned): notification, term,
    recursos,
    firmeza; ?beneficiario=<id> and ?nit=<NIT>.

    Args:
        acto_id (int):
        beneficiario (str | Unset):
        nit (str | Unset):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | ErroresValidacion | PaginaInteresado
    """

    return (
        await asyncio_detailed(
            acto_id=acto_id,
            client=client,
            beneficiario=beneficiario,
            nit=nit,
            page=page,
            page_size=page_size,
        )
    ).parsed
