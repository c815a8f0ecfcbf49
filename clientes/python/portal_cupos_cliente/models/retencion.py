from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Retencion")


@_attrs_define
class Retencion:
    """
    Attributes:
        id (int):
        nave (int):
        galones (str):
        dispuesto (str):
        restante (str):
        estado (str):
        expira (datetime.datetime):
    """

    id: int
    nave: int
    galones: str
    dispuesto: str
    restante: str
    estado: str
    expira: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        nave = self.nave

        galones = self.galones

        dispuesto = self.dispuesto

        restante = self.restante

        estado = self.estado

        expira = self.expira.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "nave": nave,
                "galones": galones,
                "dispuesto": dispuesto,
                "restante": restante,
                "estado": estado,
                "expira": expira,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        nave = d.pop("nave")

        galones = d.pop("galones")

        dispuesto = d.pop("dispuesto")

        restante = d.pop("restante")

        estado = d.pop("estado")

        expira = datetime.datetime.fromisoformat(d.pop("expira"))

        retencion = cls(
            id=id,
            nave=nave,
            galones=galones,
            dispuesto=dispuesto,
            restante=restante,
            estado=estado,
            expira=expira,
        )

        retencion.additional_properties = d
        return retencion

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
