from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Anulacion")


@_attrs_define
class Anulacion:
    """
    Attributes:
        fecha (datetime.date):
        motivo (str):
        reintegro (str):
        ventana_cerrada (bool | Unset): El descuento no se reintegró: la ventana ya cerró o el cupo no está vigente.
    """

    fecha: datetime.date
    motivo: str
    reintegro: str
    ventana_cerrada: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fecha = self.fecha.isoformat()

        motivo = self.motivo

        reintegro = self.reintegro

        ventana_cerrada = self.ventana_cerrada

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fecha": fecha,
                "motivo": motivo,
                "reintegro": reintegro,
            }
        )
        if ventana_cerrada is not UNSET:
            field_dict["ventana_cerrada"] = ventana_cerrada

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        motivo = d.pop("motivo")

        reintegro = d.pop("reintegro")

        ventana_cerrada = d.pop("ventana_cerrada", UNSET)

        anulacion = cls(
            fecha=fecha,
            motivo=motivo,
            reintegro=reintegro,
            ventana_cerrada=ventana_cerrada,
        )

        anulacion.additional_properties = d
        return anulacion

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
