from http import HTTPStatus
from io import BytesIO
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.documento_en_curso import DocumentoEnCurso
from ...models.error import Error
from ...models.errores_validacion import ErroresValidacion
from ...types import File, Response


def _get_kwargs(
    acto_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/actos/{acto_id}/pdf/".format(
            acto_id=quote(str(acto_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DocumentoEnCurso | Error | Error | ErroresValidacion | File | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

        return response_200

    if response.status_code == 202:
        response_202 = DocumentoEnCurso.from_dict(response.json())

        return response_202

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
) -> Response[DocumentoEnCurso | Error | Error | ErroresValidacion | File]:
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
) -> Response[DocumentoEnCurso | Error | Error | ErroresValidacion | File]:
    """The act's signed PDF, stating the recursos that proceed against it (P-02), or 202 while it is being
    built;
    a transcribed paper act answers a record of its transcription, unsigned.

    Args:
        acto_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DocumentoEnCurso | Error | Error | ErroresValidacion | File]
    """

    kwargs = _get_kwargs(
        acto_id=acto_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    acto_id: int,
    *,
    client: AuthenticatedClient,
) -> DocumentoEnCurso | Error | Error | ErroresValidacion | File | None:
    """The act's signed PDF, stating the recursos that proceed against it (P-02), or 202 while it is being
    built;
    a transcribed paper act answers a record of its transcription, unsigned.

    Args:
        acto_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DocumentoEnCurso | Error | Error | ErroresValidacion | File
    """

    return sync_detailed(
        acto_id=acto_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    acto_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[DocumentoEnCurso | Error | Error | ErroresValidacion | File]:
    """The act's signed PDF, stating the recursos that proceed against it (P-02), or 202 while it is being
    built;
    a transcribed paper act answers a record of its transcription, unsigned.

    Args:
        acto_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DocumentoEnCurso | Error | Error | ErroresValidacion | File]
    """

    kwargs = _get_kwargs(
        acto_id=acto_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    acto_id: int,
    *,
    client: AuthenticatedClient,
) -> DocumentoEnCurso | Error | Error | ErroresValidacion | File | None:
    """The act's signed PDF, stating the recursos that proceed against it (P-02), or 202 while it is being
    built;
    a transcribed paper act answers a record of its transcription, unsigned.

    Args:
        acto_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DocumentoEnCurso | Error | Error | ErroresValidacion | File
    """

    return (
        await asyncio_detailed(
            acto_id=acto_id,
            client=client,
        )
    ).parsed
