from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.errores_validacion import ErroresValidacion
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v1/auth/token/",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | Error | ErroresValidacion | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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
) -> Response[Any | Error | Error | ErroresValidacion]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Any | Error | Error | ErroresValidacion]:
    """POST {"username","password","codigo"?} → {"token","expira"}; DELETE revokes the token that
    authenticates it.

    A user who signs or decides acts (analysts, Dimar, MinMinas, administrators) gets a token only with
    `codigo`, a fresh 6-digit code of their authenticator app (else 401 segundo_factor_requerido), and
    it
    lasts at most 12 hours. Other tokens expire after API_TOKEN_DIAS (30 days by default). Only a
    token's
    hash is stored. Failed logins and wrong codes are throttled (django-axes, per username and address,
    and per address).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Error | ErroresValidacion]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Any | Error | Error | ErroresValidacion | None:
    """POST {"username","password","codigo"?} → {"token","expira"}; DELETE revokes the token that
    authenticates it.

    A user who signs or decides acts (analysts, Dimar, MinMinas, administrators) gets a token only with
    `codigo`, a fresh 6-digit code of their authenticator app (else 401 segundo_factor_requerido), and
    it
    lasts at most 12 hours. Other tokens expire after API_TOKEN_DIAS (30 days by default). Only a
    token's
    hash is stored. Failed logins and wrong codes are throttled (django-axes, per username and address,
    and per address).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Error | ErroresValidacion
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Any | Error | Error | ErroresValidacion]:
    """POST {"username","password","codigo"?} → {"token","expira"}; DELETE revokes the token that
    authenticates it.

    A user who signs or decides acts (analysts, Dimar, MinMinas, administrators) gets a token only with
    `codigo`, a fresh 6-digit code of their authenticator app (else 401 segundo_factor_requerido), and
    it
    lasts at most 12 hours. Other tokens expire after API_TOKEN_DIAS (30 days by default). Only a
    token's
    hash is stored. Failed logins and wrong codes are throttled (django-axes, per username and address,
    and per address).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Error | ErroresValidacion]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Any | Error | Error | ErroresValidacion | None:
    """POST {"username","password","codigo"?} → {"token","expira"}; DELETE revokes the token that
    authenticates it.

    A user who signs or decides acts (analysts, Dimar, MinMinas, administrators) gets a token only with
    `codigo`, a fresh 6-digit code of their authenticator app (else 401 segundo_factor_requerido), and
    it
    lasts at most 12 hours. Other tokens expire after API_TOKEN_DIAS (30 days by default). Only a
    token's
    hash is stored. Failed logins and wrong codes are throttled (django-axes, per username and address,
    and per address).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Error | ErroresValidacion
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
