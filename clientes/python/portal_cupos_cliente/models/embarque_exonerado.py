from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EmbarqueExonerado")


@_attrs_define
class EmbarqueExonerado:
    """
    Attributes:
        id (int):
        infraccion (bool):
        aviso_tardio (bool):
        motivo (str):
    """

    id: int
    infraccion: bool
    aviso_tardio: bool
    motivo: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        infraccion = self.infraccion

        aviso_tardio = self.aviso_tardio

        motivo = self.motivo

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "infraccion": infraccion,
                "aviso_tardio": aviso_tardio,
                "motivo": motivo,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        infraccion = d.pop("infraccion")

        aviso_tardio = d.pop("aviso_tardio")

        motivo = d.pop("motivo")

        embarque_exonerado = cls(
            id=id,
            infraccion=infraccion,
            aviso_tardio=aviso_tardio,
            motivo=motivo,
        )

        embarque_exonerado.additional_properties = d
        return embarque_exonerado

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
