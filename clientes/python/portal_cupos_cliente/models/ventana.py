from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Ventana")


@_attrs_define
class Ventana:
    """
    Attributes:
        inicio (datetime.date):
        fin (datetime.date):
        meses (int):
    """

    inicio: datetime.date
    fin: datetime.date
    meses: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        inicio = self.inicio.isoformat()

        fin = self.fin.isoformat()

        meses = self.meses

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "inicio": inicio,
                "fin": fin,
                "meses": meses,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        inicio = datetime.date.fromisoformat(d.pop("inicio"))

        fin = datetime.date.fromisoformat(d.pop("fin"))

        meses = d.pop("meses")

        ventana = cls(
            inicio=inicio,
            fin=fin,
            meses=meses,
        )

        ventana.additional_properties = d
        return ventana

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
