from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Declaracion")


@_attrs_define
class Declaracion:
    """
    Attributes:
        id (int):
        beneficiario (int):
        periodo (str):  Example: 2026-06.
        galones_adquiridos (str):
        presentada (datetime.date):
        tenida_en_cuenta (bool):
        extemporanea (bool | Unset): Se conserva, pero no cuenta para la próxima asignación.
    """

    id: int
    beneficiario: int
    periodo: str
    galones_adquiridos: str
    presentada: datetime.date
    tenida_en_cuenta: bool
    extemporanea: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        beneficiario = self.beneficiario

        periodo = self.periodo

        galones_adquiridos = self.galones_adquiridos

        presentada = self.presentada.isoformat()

        tenida_en_cuenta = self.tenida_en_cuenta

        extemporanea = self.extemporanea

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "beneficiario": beneficiario,
                "periodo": periodo,
                "galones_adquiridos": galones_adquiridos,
                "presentada": presentada,
                "tenida_en_cuenta": tenida_en_cuenta,
            }
        )
        if extemporanea is not UNSET:
            field_dict["extemporanea"] = extemporanea

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        beneficiario = d.pop("beneficiario")

        periodo = d.pop("periodo")

        galones_adquiridos = d.pop("galones_adquiridos")

        presentada = datetime.date.fromisoformat(d.pop("presentada"))

        tenida_en_cuenta = d.pop("tenida_en_cuenta")

        extemporanea = d.pop("extemporanea", UNSET)

        declaracion = cls(
            id=id,
            beneficiario=beneficiario,
            periodo=periodo,
            galones_adquiridos=galones_adquiridos,
            presentada=presentada,
            tenida_en_cuenta=tenida_en_cuenta,
            extemporanea=extemporanea,
        )

        declaracion.additional_properties = d
        return declaracion

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
