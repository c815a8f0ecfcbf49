from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.combustible_frontera_enum import CombustibleFronteraEnum

T = TypeVar("T", bound="Compra")


@_attrs_define
class Compra:
    """
    Attributes:
        id (int):
        estacion (int):
        periodo (str):  Example: 2026-06.
        combustible (CombustibleFronteraEnum): * `gasolina` - Gasolina motor
            * `acpm` - ACPM
            * `electrocombustible` - Electrocombustible
        galones (str):
    """

    id: int
    estacion: int
    periodo: str
    combustible: CombustibleFronteraEnum
    galones: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        estacion = self.estacion

        periodo = self.periodo

        combustible = self.combustible.value

        galones = self.galones

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "estacion": estacion,
                "periodo": periodo,
                "combustible": combustible,
                "galones": galones,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        estacion = d.pop("estacion")

        periodo = d.pop("periodo")

        combustible = CombustibleFronteraEnum(d.pop("combustible"))

        galones = d.pop("galones")

        compra = cls(
            id=id,
            estacion=estacion,
            periodo=periodo,
            combustible=combustible,
            galones=galones,
        )

        compra.additional_properties = d
        return compra

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
