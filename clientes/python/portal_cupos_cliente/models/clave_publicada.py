from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ClavePublicada")


@_attrs_define
class ClavePublicada:
    """
    Attributes:
        id (int):
        capitania (str):
        huella (str):
        clave_publica (Any):
    """

    id: int
    capitania: str
    huella: str
    clave_publica: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        capitania = self.capitania

        huella = self.huella

        clave_publica = self.clave_publica

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "capitania": capitania,
                "huella": huella,
                "clave_publica": clave_publica,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        capitania = d.pop("capitania")

        huella = d.pop("huella")

        clave_publica = d.pop("clave_publica")

        clave_publicada = cls(
            id=id,
            capitania=capitania,
            huella=huella,
            clave_publica=clave_publica,
        )

        clave_publicada.additional_properties = d
        return clave_publicada

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
