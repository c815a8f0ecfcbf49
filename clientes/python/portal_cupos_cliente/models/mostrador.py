from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Mostrador")


@_attrs_define
class Mostrador:
    """
    Attributes:
        id (int):
        nombre (str):
        capitania (str):
        huella (str): Huella SHA-256 (RFC 7638) de la clave pública del dispositivo.
        ultimo_latido (datetime.datetime | None):
        ultima_sincronizacion (datetime.datetime | None):
        pendientes (int):
    """

    id: int
    nombre: str
    capitania: str
    huella: str
    ultimo_latido: datetime.datetime | None
    ultima_sincronizacion: datetime.datetime | None
    pendientes: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        nombre = self.nombre

        capitania = self.capitania

        huella = self.huella

        ultimo_latido: None | str
        if isinstance(self.ultimo_latido, datetime.datetime):
            ultimo_latido = self.ultimo_latido.isoformat()
        else:
            ultimo_latido = self.ultimo_latido

        ultima_sincronizacion: None | str
        if isinstance(self.ultima_sincronizacion, datetime.datetime):
            ultima_sincronizacion = self.ultima_sincronizacion.isoformat()
        else:
            ultima_sincronizacion = self.ultima_sincronizacion

        pendientes = self.pendientes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "nombre": nombre,
                "capitania": capitania,
                "huella": huella,
                "ultimo_latido": ultimo_latido,
                "ultima_sincronizacion": ultima_sincronizacion,
                "pendientes": pendientes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        nombre = d.pop("nombre")

        capitania = d.pop("capitania")

        huella = d.pop("huella")

        def _parse_ultimo_latido(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ultimo_latido_type_0 = datetime.datetime.fromisoformat(data)

                return ultimo_latido_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ultimo_latido = _parse_ultimo_latido(d.pop("ultimo_latido"))

        def _parse_ultima_sincronizacion(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ultima_sincronizacion_type_0 = datetime.datetime.fromisoformat(data)

                return ultima_sincronizacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ultima_sincronizacion = _parse_ultima_sincronizacion(d.pop("ultima_sincronizacion"))

        pendientes = d.pop("pendientes")

        mostrador = cls(
            id=id,
            nombre=nombre,
            capitania=capitania,
            huella=huella,
            ultimo_latido=ultimo_latido,
            ultima_sincronizacion=ultima_sincronizacion,
            pendientes=pendientes,
        )

        mostrador.additional_properties = d
        return mostrador

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
