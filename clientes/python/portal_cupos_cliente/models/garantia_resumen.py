from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GarantiaResumen")


@_attrs_define
class GarantiaResumen:
    """
    Attributes:
        numero (str):
        valor (str):
        vigente_hasta (datetime.date):
    """

    numero: str
    valor: str
    vigente_hasta: datetime.date
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        numero = self.numero

        valor = self.valor

        vigente_hasta = self.vigente_hasta.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "numero": numero,
                "valor": valor,
                "vigente_hasta": vigente_hasta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        numero = d.pop("numero")

        valor = d.pop("valor")

        vigente_hasta = datetime.date.fromisoformat(d.pop("vigente_hasta"))

        garantia_resumen = cls(
            numero=numero,
            valor=valor,
            vigente_hasta=vigente_hasta,
        )

        garantia_resumen.additional_properties = d
        return garantia_resumen

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
