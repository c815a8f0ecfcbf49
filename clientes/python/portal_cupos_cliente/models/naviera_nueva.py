from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="NavieraNueva")


@_attrs_define
class NavieraNueva:
    """
    Attributes:
        nit (str):
        razon_social (str):
        rutas (list[str] | Unset):
    """

    nit: str
    razon_social: str
    rutas: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        nit = self.nit

        razon_social = self.razon_social

        rutas: list[str] | Unset = UNSET
        if not isinstance(self.rutas, Unset):
            rutas = self.rutas

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "nit": nit,
                "razon_social": razon_social,
            }
        )
        if rutas is not UNSET:
            field_dict["rutas"] = rutas

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        nit = d.pop("nit")

        razon_social = d.pop("razon_social")

        rutas = cast(list[str], d.pop("rutas", UNSET))

        naviera_nueva = cls(
            nit=nit,
            razon_social=razon_social,
            rutas=rutas,
        )

        naviera_nueva.additional_properties = d
        return naviera_nueva

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
