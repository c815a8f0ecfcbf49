from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.clave_publicada import ClavePublicada


T = TypeVar("T", bound="ClavesMostradores")


@_attrs_define
class ClavesMostradores:
    """
    Attributes:
        claves (list[ClavePublicada]):
    """

    claves: list[ClavePublicada]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        claves = []
        for claves_item_data in self.claves:
            claves_item = claves_item_data.to_dict()
            claves.append(claves_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "claves": claves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clave_publicada import ClavePublicada  # noqa: PLC0415

        d = dict(src_dict)
        claves = []
        _claves = d.pop("claves")
        for claves_item_data in _claves:
            claves_item = ClavePublicada.from_dict(claves_item_data)

            claves.append(claves_item)

        claves_mostradores = cls(
            claves=claves,
        )

        claves_mostradores.additional_properties = d
        return claves_mostradores

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
