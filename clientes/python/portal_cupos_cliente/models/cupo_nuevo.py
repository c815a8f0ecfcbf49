from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CupoNuevo")


@_attrs_define
class CupoNuevo:
    """
    Attributes:
        resolucion (int):
        beneficiario (int):
        galones_anuales (str):
    """

    resolucion: int
    beneficiario: int
    galones_anuales: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        resolucion = self.resolucion

        beneficiario = self.beneficiario

        galones_anuales = self.galones_anuales

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "resolucion": resolucion,
                "beneficiario": beneficiario,
                "galones_anuales": galones_anuales,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        resolucion = d.pop("resolucion")

        beneficiario = d.pop("beneficiario")

        galones_anuales = d.pop("galones_anuales")

        cupo_nuevo = cls(
            resolucion=resolucion,
            beneficiario=beneficiario,
            galones_anuales=galones_anuales,
        )

        cupo_nuevo.additional_properties = d
        return cupo_nuevo

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
