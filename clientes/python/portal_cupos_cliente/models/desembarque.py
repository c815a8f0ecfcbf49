from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Desembarque")


@_attrs_define
class Desembarque:
    """
    Attributes:
        id (int):
        beneficiario (int):
        fecha (datetime.date):
        puerto (str):
        kg (str):
        certificado (str):
    """

    id: int
    beneficiario: int
    fecha: datetime.date
    puerto: str
    kg: str
    certificado: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        beneficiario = self.beneficiario

        fecha = self.fecha.isoformat()

        puerto = self.puerto

        kg = self.kg

        certificado = self.certificado

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "beneficiario": beneficiario,
                "fecha": fecha,
                "puerto": puerto,
                "kg": kg,
                "certificado": certificado,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        beneficiario = d.pop("beneficiario")

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        puerto = d.pop("puerto")

        kg = d.pop("kg")

        certificado = d.pop("certificado")

        desembarque = cls(
            id=id,
            beneficiario=beneficiario,
            fecha=fecha,
            puerto=puerto,
            kg=kg,
            certificado=certificado,
        )

        desembarque.additional_properties = d
        return desembarque

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
