from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.medio_notificacion_surtida_enum import MedioNotificacionSurtidaEnum

T = TypeVar("T", bound="Notificacion")


@_attrs_define
class Notificacion:
    """
    Attributes:
        medio (MedioNotificacionSurtidaEnum): * `electronica` - electronica
            * `personal` - personal
            * `aviso` - aviso
        fecha (datetime.date):
        soporte (str):
    """

    medio: MedioNotificacionSurtidaEnum
    fecha: datetime.date
    soporte: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        medio = self.medio.value

        fecha = self.fecha.isoformat()

        soporte = self.soporte

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "medio": medio,
                "fecha": fecha,
                "soporte": soporte,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        medio = MedioNotificacionSurtidaEnum(d.pop("medio"))

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        soporte = d.pop("soporte")

        notificacion = cls(
            medio=medio,
            fecha=fecha,
            soporte=soporte,
        )

        notificacion.additional_properties = d
        return notificacion

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
