from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LineaNueva")


@_attrs_define
class LineaNueva:
    """
    Attributes:
        beneficiario (int):
        galones_anuales (str):
        motivo (str | Unset):  Default: ''.
    """

    beneficiario: int
    galones_anuales: str
    motivo: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        beneficiario = self.beneficiario

        galones_anuales = self.galones_anuales

        motivo = self.motivo

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "beneficiario": beneficiario,
                "galones_anuales": galones_anuales,
            }
        )
        if motivo is not UNSET:
            field_dict["motivo"] = motivo

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        beneficiario = d.pop("beneficiario")

        galones_anuales = d.pop("galones_anuales")

        motivo = d.pop("motivo", UNSET)

        linea_nueva = cls(
            beneficiario=beneficiario,
            galones_anuales=galones_anuales,
            motivo=motivo,
        )

        linea_nueva.additional_properties = d
        return linea_nueva

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
