from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.medio_enum import MedioEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="NotificacionNueva")


@_attrs_define
class NotificacionNueva:
    """
    Attributes:
        interesado (int):
        medio (MedioEnum): * `personal` - personal
            * `aviso` - aviso
        fecha (datetime.date):
        soporte (str | Unset):  Default: ''.
    """

    interesado: int
    medio: MedioEnum
    fecha: datetime.date
    soporte: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        interesado = self.interesado

        medio = self.medio.value

        fecha = self.fecha.isoformat()

        soporte = self.soporte

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "interesado": interesado,
                "medio": medio,
                "fecha": fecha,
            }
        )
        if soporte is not UNSET:
            field_dict["soporte"] = soporte

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        interesado = d.pop("interesado")

        medio = MedioEnum(d.pop("medio"))

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        soporte = d.pop("soporte", UNSET)

        notificacion_nueva = cls(
            interesado=interesado,
            medio=medio,
            fecha=fecha,
            soporte=soporte,
        )

        notificacion_nueva.additional_properties = d
        return notificacion_nueva

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
