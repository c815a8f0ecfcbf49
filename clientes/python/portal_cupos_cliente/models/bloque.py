from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Bloque")


@_attrs_define
class Bloque:
    """
    Attributes:
        anio (int):
        prefijo (str):
        desde (int):
        hasta (int):
    """

    anio: int
    prefijo: str
    desde: int
    hasta: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        anio = self.anio

        prefijo = self.prefijo

        desde = self.desde

        hasta = self.hasta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "anio": anio,
                "prefijo": prefijo,
                "desde": desde,
                "hasta": hasta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        anio = d.pop("anio")

        prefijo = d.pop("prefijo")

        desde = d.pop("desde")

        hasta = d.pop("hasta")

        bloque = cls(
            anio=anio,
            prefijo=prefijo,
            desde=desde,
            hasta=hasta,
        )

        bloque.additional_properties = d
        return bloque

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
