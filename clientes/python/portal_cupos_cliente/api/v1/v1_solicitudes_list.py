from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.errores_validacion import ErroresValidacion
from ...models.pagina_solicitud import PaginaSolicitud
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    anio: int | Unset = UNSET,
    beneficiario: int | Unset = UNSET,
    estado: str | Unset = UNSET,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["anio"] = anio

    params["beneficiario"] = beneficiario

    params["estado"] = estado

    params["page"] = page

    params["page_size"] = page_size

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/solicitudes/",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Error | ErroresValidacion | PaginaSolicitud | None:
    if response.status_code == 200:
        response_200 = PaginaSolicitud.from_dict(response.json())

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
) -> Response[Error | Error | ErroresValidacion | PaginaSolicitud]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    anio: int | Unset = UNSET,
    beneficiario: int | Unset = UNSET,
    estado: str | Unset = UNSET,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Response[Error | Error | ErroresValidacion | PaginaSolicitud]:
    """R-03: an application for a year's cupo, with the documents the applicant reports by reference. The
    answer
    names the required documents still missing (`faltantes`); a second application of the beneficiary
    for the same
    year is `409 solicitud_duplicada`.

    Args:
        anio (int | Unset):
        beneficiario (int | Unset):
        estado (str | Unset):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | ErroresValidacion | PaginaSolicitud]
    """

    kwargs = _get_kwargs(
        anio=anio,
        beneficiario=beneficiario,
        estado=estado,
        page=page,
        page_size=page_size,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    anio: int | Unset = UNSET,
    beneficiario: int | Unset = UNSET,
    estado: str | Unset = UNSET,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Error | Error | ErroresValidacion | PaginaSolicitud | None:
    """R-03: an application for a year's cupo, with the documents the applicant reports by reference. The
    answer
    names the required documents still missing (`faltantes`); a second application of the beneficiary
    for the same
    year is `409 solicitud_duplicada`.

    Args:
        anio (int | Unset):
        beneficiario (int | Unset):
        estado (str | Unset):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | ErroresValidacion | PaginaSolicitud
    """

    return sync_detailed(
        client=client,
        anio=anio,
        beneficiario=beneficiario,
        estado=estado,
        page=page,
        page_size=page_size,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    anio: int | Unset = UNSET,
    beneficiario: int | Unset = UNSET,
    estado: str | Unset = UNSET,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Response[Error | Error | ErroresValidacion | PaginaSolicitud]:
    """R-03: an application for a year's cupo, with the documents the applicant reports by reference. The
    answer
    names the required documents still missing (`faltantes`); a second application of the beneficiary
    for the same
    year is `409 solicitud_duplicada`.

    Args:
        anio (int | Unset):
        beneficiario (int | Unset):
        estado (str | Unset):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | ErroresValidacion | PaginaSolicitud]
    """

    kwargs = _get_kwargs(
        anio=anio,
        beneficiario=beneficiario,
        estado=estado,
        page=page,
        page_size=page_size,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    anio: int | Unset = UNSET,
    beneficiario: int | Unset = UNSET,
    estado: str | Unset = UNSET,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Error | Error | ErroresValidacion | PaginaSolicitud | None:
    """R-03: an application for a year's cupo, with the documents the applicant reports by reference. The
    answer
    names the required documents still missing (`faltantes`); a second application of the beneficiary
    for the same
    year is `409 solicitud_duplicada`.

    Args:
        anio (int | Unset):
        beneficiario (int | Unset):
        estado (str | Unset):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | ErroresValidacion | PaginaSolicitud
    """

    return (
        await asyncio_detailed(
            client=client,
            anio=anio,
            beneficiario=beneficiario,
            estado=estado,
            page=page,
            page_size=page_size,
        )
    ).parsed
