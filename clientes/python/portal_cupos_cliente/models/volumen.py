from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Volumen")


@_attrs_define
class Volumen:
    """
    Attributes:
        periodo (str):  Example: 2026-06.
        volumen_mes (str):
        adicional_mes (str):
        despachado_mes (str):
        disponible (str):
    """

    periodo: str
    volumen_mes: str
    adicional_mes: str
    despachado_mes: str
    disponible: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        periodo = self.periodo

        volumen_mes = self.volumen_mes

        adicional_mes = self.adicional_mes

        despachado_mes = self.despachado_mes

        disponible = self.disponible

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "periodo": periodo,
                "volumen_mes": volumen_mes,
                "adicional_mes": adicional_mes,
                "despachado_mes": despachado_mes,
                "disponible": disponible,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        periodo = d.pop("periodo")

        volumen_mes = d.pop("volumen_mes")

        adicional_mes = d.pop("adicional_mes")

        despachado_mes = d.pop("despachado_mes")

        disponible = d.pop("disponible")

        volumen = cls(
            periodo=periodo,
            volumen_mes=volumen_mes,
            adicional_mes=adicional_mes,
            despachado_mes=despachado_mes,
            disponible=disponible,
        )

        volumen.additional_properties = d
        return volumen

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
