from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BeneficiarioDesembarques")


@_attrs_define
class BeneficiarioDesembarques:
    """
    Attributes:
        fecha (datetime.date):
        puerto (str):
        kg (str):
        certificado (str):
    """

    fecha: datetime.date
    puerto: str
    kg: str
    certificado: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fecha = self.fecha.isoformat()

        puerto = self.puerto

        kg = self.kg

        certificado = self.certificado

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
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
        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        puerto = d.pop("puerto")

        kg = d.pop("kg")

        certificado = d.pop("certificado")

        beneficiario_desembarques = cls(
            fecha=fecha,
            puerto=puerto,
            kg=kg,
            certificado=certificado,
        )

        beneficiario_desembarques.additional_properties = d
        return beneficiario_desembarques

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
