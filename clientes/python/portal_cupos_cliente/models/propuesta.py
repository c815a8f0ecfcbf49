from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.linea_propuesta import LineaPropuesta


T = TypeVar("T", bound="Propuesta")


@_attrs_define
class Propuesta:
    """
    Attributes:
        lineas (list[LineaPropuesta]):
    """

    lineas: list[LineaPropuesta]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lineas = []
        for lineas_item_data in self.lineas:
            lineas_item = lineas_item_data.to_dict()
            lineas.append(lineas_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lineas": lineas,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.linea_propuesta import LineaPropuesta  # noqa: PLC0415

        d = dict(src_dict)
        lineas = []
        _lineas = d.pop("lineas")
        for lineas_item_data in _lineas:
            lineas_item = LineaPropuesta.from_dict(lineas_item_data)

            lineas.append(lineas_item)

        propuesta = cls(
            lineas=lineas,
        )

        propuesta.additional_properties = d
        return propuesta

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
