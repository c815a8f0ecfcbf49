from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ZarpeInspeccion")


@_attrs_define
class ZarpeInspeccion:
    """
    Attributes:
        fecha (datetime.date):
        galones_verificados (str):
        inspector (int | None | Unset):
    """

    fecha: datetime.date
    galones_verificados: str
    inspector: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fecha = self.fecha.isoformat()

        galones_verificados = self.galones_verificados

        inspector: int | None | Unset
        if isinstance(self.inspector, Unset):
            inspector = UNSET
        else:
            inspector = self.inspector

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fecha": fecha,
                "galones_verificados": galones_verificados,
            }
        )
        if inspector is not UNSET:
            field_dict["inspector"] = inspector

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        galones_verificados = d.pop("galones_verificados")

        def _parse_inspector(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        inspector = _parse_inspector(d.pop("inspector", UNSET))

        zarpe_inspeccion = cls(
            fecha=fecha,
            galones_verificados=galones_verificados,
            inspector=inspector,
        )

        zarpe_inspeccion.additional_properties = d
        return zarpe_inspeccion

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
