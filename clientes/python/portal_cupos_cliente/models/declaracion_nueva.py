from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DeclaracionNueva")


@_attrs_define
class DeclaracionNueva:
    """
    Attributes:
        beneficiario (int):
        periodo (str):  Example: 2026-06.
        galones_adquiridos (str):
    """

    beneficiario: int
    periodo: str
    galones_adquiridos: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        beneficiario = self.beneficiario

        periodo = self.periodo

        galones_adquiridos = self.galones_adquiridos

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "beneficiario": beneficiario,
                "periodo": periodo,
                "galones_adquiridos": galones_adquiridos,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        beneficiario = d.pop("beneficiario")

        periodo = d.pop("periodo")

        galones_adquiridos = d.pop("galones_adquiridos")

        declaracion_nueva = cls(
            beneficiario=beneficiario,
            periodo=periodo,
            galones_adquiridos=galones_adquiridos,
        )

        declaracion_nueva.additional_properties = d
        return declaracion_nueva

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
