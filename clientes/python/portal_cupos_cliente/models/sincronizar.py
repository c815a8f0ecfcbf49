from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.acto_del_mostrador import ActoDelMostrador


T = TypeVar("T", bound="Sincronizar")


@_attrs_define
class Sincronizar:
    """
    Attributes:
        acto (ActoDelMostrador):
        firma (str): ECDSA P-256 SHA-256 del acto canónico, r‖s base64url.
    """

    acto: ActoDelMostrador
    firma: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        acto = self.acto.to_dict()

        firma = self.firma

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "acto": acto,
                "firma": firma,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.acto_del_mostrador import ActoDelMostrador  # noqa: PLC0415

        d = dict(src_dict)
        acto = ActoDelMostrador.from_dict(d.pop("acto"))

        firma = d.pop("firma")

        sincronizar = cls(
            acto=acto,
            firma=firma,
        )

        sincronizar.additional_properties = d
        return sincronizar

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
