from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.combustible_frontera_enum import CombustibleFronteraEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="DespachoNuevo")


@_attrs_define
class DespachoNuevo:
    """
    Attributes:
        distribuidor_nit (str):
        fecha (datetime.date):
        combustible (CombustibleFronteraEnum): * `gasolina` - Gasolina motor
            * `acpm` - ACPM
            * `electrocombustible` - Electrocombustible
        galones (str):
        estacion (int | None | Unset):
        gran_consumidor (int | None | Unset):
    """

    distribuidor_nit: str
    fecha: datetime.date
    combustible: CombustibleFronteraEnum
    galones: str
    estacion: int | None | Unset = UNSET
    gran_consumidor: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        distribuidor_nit = self.distribuidor_nit

        fecha = self.fecha.isoformat()

        combustible = self.combustible.value

        galones = self.galones

        estacion: int | None | Unset
        if isinstance(self.estacion, Unset):
            estacion = UNSET
        else:
            estacion = self.estacion

        gran_consumidor: int | None | Unset
        if isinstance(self.gran_consumidor, Unset):
            gran_consumidor = UNSET
        else:
            gran_consumidor = self.gran_consumidor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "distribuidor_nit": distribuidor_nit,
                "fecha": fecha,
                "combustible": combustible,
                "galones": galones,
            }
        )
        if estacion is not UNSET:
            field_dict["estacion"] = estacion
        if gran_consumidor is not UNSET:
            field_dict["gran_consumidor"] = gran_consumidor

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        distribuidor_nit = d.pop("distribuidor_nit")

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        combustible = CombustibleFronteraEnum(d.pop("combustible"))

        galones = d.pop("galones")

        def _parse_estacion(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        estacion = _parse_estacion(d.pop("estacion", UNSET))

        def _parse_gran_consumidor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        gran_consumidor = _parse_gran_consumidor(d.pop("gran_consumidor", UNSET))

        despacho_nuevo = cls(
            distribuidor_nit=distribuidor_nit,
            fecha=fecha,
            combustible=combustible,
            galones=galones,
            estacion=estacion,
            gran_consumidor=gran_consumidor,
        )

        despacho_nuevo.additional_properties = d
        return despacho_nuevo

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
