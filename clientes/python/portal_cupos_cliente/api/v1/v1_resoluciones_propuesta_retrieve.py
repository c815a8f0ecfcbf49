from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.errores_validacion import ErroresValidacion
from ...models.propuesta import Propuesta
from ...models.v1_resoluciones_propuesta_retrieve_diferencia import V1ResolucionesPropuestaRetrieveDiferencia
from ...models.v1_resoluciones_propuesta_retrieve_orden import V1ResolucionesPropuestaRetrieveOrden
from ...models.v1_resoluciones_propuesta_retrieve_origen import V1ResolucionesPropuestaRetrieveOrigen
from ...models.v1_resoluciones_propuesta_retrieve_tipo import V1ResolucionesPropuestaRetrieveTipo
from ...types import UNSET, Response, Unset


def _get_kwargs(
    resolucion_id: int,
    *,
    buscar: str | Unset = UNSET,
    capitania: str | Unset = UNSET,
    diferencia: V1ResolucionesPropuestaRetrieveDiferencia | Unset = UNSET,
    orden: V1ResolucionesPropuestaRetrieveOrden | Unset = UNSET,
    origen: V1ResolucionesPropuestaRetrieveOrigen | Unset = UNSET,
    tipo: V1ResolucionesPropuestaRetrieveTipo | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["buscar"] = buscar

    params["capitania"] = capitania

    json_diferencia: str | Unset = UNSET
    if not isinstance(diferencia, Unset):
        json_diferencia = diferencia.value

    params["diferencia"] = json_diferencia

    json_orden: str | Unset = UNSET
    if not isinstance(orden, Unset):
        json_orden = orden.value

    params["orden"] = json_orden

    json_origen: str | Unset = UNSET
    if not isinstance(origen, Unset):
        json_origen = origen.value

    params["origen"] = json_origen

    json_tipo: str | Unset = UNSET
    if not isinstance(tipo, Unset):
        json_tipo = tipo.value

    params["tipo"] = json_tipo

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/resoluciones/{resolucion_id}/propuesta/".format(
            resolucion_id=quote(str(resolucion_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Error | ErroresValidacion | Propuesta | None:
    if response.status_code == 200:
        response_200 = Propuesta.from_dict(response.json())

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
) -> Response[Error | Error | ErroresValidacion | Propuesta]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    resolucion_id: int,
    *,
    client: AuthenticatedClient,
    buscar: str | Unset = UNSET,
    capitania: str | Unset = UNSET,
    diferencia: V1ResolucionesPropuestaRetrieveDiferencia | Unset = UNSET,
    orden: V1ResolucionesPropuestaRetrieveOrden | Unset = UNSET,
    origen: V1ResolucionesPropuestaRetrieveOrigen | Unset = UNSET,
    tipo: V1ResolucionesPropuestaRetrieveTipo | Unset = UNSET,
) -> Response[Error | Error | ErroresValidacion | Propuesta]:
    """
    Args:
        resolucion_id (int):
        buscar (str | Unset):
        capitania (str | Unset):
        diferencia (V1ResolucionesPropuestaRetrieveDiferencia | Unset):
        orden (V1ResolucionesPropuestaRetrieveOrden | Unset):
        origen (V1ResolucionesPropuestaRetrieveOrigen | Unset):
        tipo (V1ResolucionesPropuestaRetrieveTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | ErroresValidacion | Propuesta]
    """

    kwargs = _get_kwargs(
        resolucion_id=resolucion_id,
        buscar=buscar,
        capitania=capitania,
        diferencia=diferencia,
        orden=orden,
        origen=origen,
        tipo=tipo,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    resolucion_id: int,
    *,
    client: AuthenticatedClient,
    buscar: str | Unset = UNSET,
    capitania: str | Unset = UNSET,
    diferencia: V1ResolucionesPropuestaRetrieveDiferencia | Unset = UNSET,
    orden: V1ResolucionesPropuestaRetrieveOrden | Unset = UNSET,
    origen: V1ResolucionesPropuestaRetrieveOrigen | Unset = UNSET,
    tipo: V1ResolucionesPropuestaRetrieveTipo | Unset = UNSET,
) -> Error | Error | ErroresValidacion | Propuesta | None:
    """
    Args:
        resolucion_id (int):
        buscar (str | Unset):
        capitania (str | Unset):
        diferencia (V1ResolucionesPropuestaRetrieveDiferencia | Unset):
        orden (V1ResolucionesPropuestaRetrieveOrden | Unset):
        origen (V1ResolucionesPropuestaRetrieveOrigen | Unset):
        tipo (V1ResolucionesPropuestaRetrieveTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | ErroresValidacion | Propuesta
    """

    return sync_detailed(
        resolucion_id=resolucion_id,
        client=client,
        buscar=buscar,
        capitania=capitania,
        diferencia=diferencia,
        orden=orden,
        origen=origen,
        tipo=tipo,
    ).parsed


async def asyncio_detailed(
    resolucion_id: int,
    *,
    client: AuthenticatedClient,
    buscar: str | Unset = UNSET,
    capitania: str | Unset = UNSET,
    diferencia: V1ResolucionesPropuestaRetrieveDiferencia | Unset = UNSET,
    orden: V1ResolucionesPropuestaRetrieveOrden | Unset = UNSET,
    origen: V1ResolucionesPropuestaRetrieveOrigen | Unset = UNSET,
    tipo: V1ResolucionesPropuestaRetrieveTipo | Unset = UNSET,
) -> Response[Error | Error | ErroresValidacion | Propuesta]:
    """
    Args:
        resolucion_id (int):
        buscar (str | Unset):
        capitania (str | Unset):
        diferencia (V1ResolucionesPropuestaRetrieveDiferencia | Unset):
        orden (V1ResolucionesPropuestaRetrieveOrden | Unset):
        origen (V1ResolucionesPropuestaRetrieveOrigen | Unset):
        tipo (V1ResolucionesPropuestaRetrieveTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | ErroresValidacion | Propuesta]
    """

    kwargs = _get_kwargs(
        resolucion_id=resolucion_id,
        buscar=buscar,
        capitania=capitania,
        diferencia=diferencia,
        orden=orden,
        origen=origen,
        tipo=tipo,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    resolucion_id: int,
    *,
    client: AuthenticatedClient,
    buscar: str | Unset = UNSET,
    capitania: str | Unset = UNSET,
    diferencia: V1ResolucionesPropuestaRetrieveDiferencia | Unset = UNSET,
    orden: V1ResolucionesPropuestaRetrieveOrden | Unset = UNSET,
    origen: V1ResolucionesPropuestaRetrieveOrigen | Unset = UNSET,
    tipo: V1ResolucionesPropuestaRetrieveTipo | Unset = UNSET,
) -> Error | Error | ErroresValidacion | Propuesta | None:
    """
    Args:
        resolucion_id (int):
        buscar (str | Unset):
        capitania (str | Unset):
        diferencia (V1ResolucionesPropuestaRetrieveDiferencia | Unset):
        orden (V1ResolucionesPropuestaRetrieveOrden | Unset):
        origen (V1ResolucionesPropuestaRetrieveOrigen | Unset):
        tipo (V1ResolucionesPropuestaRetrieveTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | ErroresValidacion | Propuesta
    """

    return (
        await asyncio_detailed(
            resolucion_id=resolucion_id,
            client=client,
            buscar=buscar,
            capitania=capitania,
            diferencia=diferencia,
            orden=orden,
            origen=origen,
            tipo=tipo,
        )
    ).parsed
