from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Novedad")


@_attrs_define
class Novedad:
    """
    Attributes:
        id (int):
        periodo (str):  Example: 2026-06.
        fecha_recepcion (datetime.date):
        altas_creadas (int):
        bajas_registradas (int): R-24: bajas are Dimar's report; each raises an alert for UPME's decision, none cancels.
    """

    id: int
    periodo: str
    fecha_recepcion: datetime.date
    altas_creadas: int
    bajas_registradas: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        periodo = self.periodo

        fecha_recepcion = self.fecha_recepcion.isoformat()

        altas_creadas = self.altas_creadas

        bajas_registradas = self.bajas_registradas

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "periodo": periodo,
                "fecha_recepcion": fecha_recepcion,
                "altas_creadas": altas_creadas,
                "bajas_registradas": bajas_registradas,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        periodo = d.pop("periodo")

        fecha_recepcion = datetime.date.fromisoformat(d.pop("fecha_recepcion"))

        altas_creadas = d.pop("altas_creadas")

        bajas_registradas = d.pop("bajas_registradas")

        novedad = cls(
            id=id,
            periodo=periodo,
            fecha_recepcion=fecha_recepcion,
            altas_creadas=altas_creadas,
            bajas_registradas=bajas_registradas,
        )

        novedad.additional_properties = d
        return novedad

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
