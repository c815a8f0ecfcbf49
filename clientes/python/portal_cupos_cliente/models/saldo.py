from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ventana import Ventana


T = TypeVar("T", bound="Saldo")


@_attrs_define
class Saldo:
    """
    Attributes:
        fecha (datetime.date):
        cupo (int):
        cuota_mensual (str):
        ventana (Ventana):
        asignado_ventana (str):
        consumido_ventana (str):
        disponible (str):
    """

    fecha: datetime.date
    cupo: int
    cuota_mensual: str
    ventana: Ventana
    asignado_ventana: str
    consumido_ventana: str
    disponible: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fecha = self.fecha.isoformat()

        cupo = self.cupo

        cuota_mensual = self.cuota_mensual

        ventana = self.ventana.to_dict()

        asignado_ventana = self.asignado_ventana

        consumido_ventana = self.consumido_ventana

        disponible = self.disponible

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fecha": fecha,
                "cupo": cupo,
                "cuota_mensual": cuota_mensual,
                "ventana": ventana,
                "asignado_ventana": asignado_ventana,
                "consumido_ventana": consumido_ventana,
                "disponible": disponible,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ventana import Ventana  # noqa: PLC0415

        d = dict(src_dict)
        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        cupo = d.pop("cupo")

        cuota_mensual = d.pop("cuota_mensual")

        ventana = Ventana.from_dict(d.pop("ventana"))

        asignado_ventana = d.pop("asignado_ventana")

        consumido_ventana = d.pop("consumido_ventana")

        disponible = d.pop("disponible")

        saldo = cls(
            fecha=fecha,
            cupo=cupo,
            cuota_mensual=cuota_mensual,
            ventana=ventana,
            asignado_ventana=asignado_ventana,
            consumido_ventana=consumido_ventana,
            disponible=disponible,
        )

        saldo.additional_properties = d
        return saldo

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
