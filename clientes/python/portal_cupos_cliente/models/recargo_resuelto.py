from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RecargoResuelto")


@_attrs_define
class RecargoResuelto:
    """
    Attributes:
        id (int):
        estado (str):
        acto (int | None): DOMAIN §8: el acto que lo resuelve (null si se pidió completarlo).
    """

    id: int
    estado: str
    acto: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        estado = self.estado

        acto: int | None
        acto = self.acto

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "estado": estado,
                "acto": acto,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        estado = d.pop("estado")

        def _parse_acto(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        acto = _parse_acto(d.pop("acto"))

        recargo_resuelto = cls(
            id=id,
            estado=estado,
            acto=acto,
        )

        recargo_resuelto.additional_properties = d
        return recargo_resuelto

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
