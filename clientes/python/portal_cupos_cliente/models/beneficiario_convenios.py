from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BeneficiarioConvenios")


@_attrs_define
class BeneficiarioConvenios:
    """
    Attributes:
        distribuidor_nit (str):
        numero (str):
        vigente_desde (datetime.date):
        vigente_hasta (datetime.date):
    """

    distribuidor_nit: str
    numero: str
    vigente_desde: datetime.date
    vigente_hasta: datetime.date
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        distribuidor_nit = self.distribuidor_nit

        numero = self.numero

        vigente_desde = self.vigente_desde.isoformat()

        vigente_hasta = self.vigente_hasta.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "distribuidor_nit": distribuidor_nit,
                "numero": numero,
                "vigente_desde": vigente_desde,
                "vigente_hasta": vigente_hasta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        distribuidor_nit = d.pop("distribuidor_nit")

        numero = d.pop("numero")

        vigente_desde = datetime.date.fromisoformat(d.pop("vigente_desde"))

        vigente_hasta = datetime.date.fromisoformat(d.pop("vigente_hasta"))

        beneficiario_convenios = cls(
            distribuidor_nit=distribuidor_nit,
            numero=numero,
            vigente_desde=vigente_desde,
            vigente_hasta=vigente_hasta,
        )

        beneficiario_convenios.additional_properties = d
        return beneficiario_convenios

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
