from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExoneracionEmbarque")


@_attrs_define
class ExoneracionEmbarque:
    """
    Attributes:
        fecha_embarque (datetime.date):
        nave (str):
        puerto_cargue (str):
        puerto_descargue (str):
        bandera (str):
        fecha_arribo_estimada (datetime.date):
        fecha_aviso (datetime.date | None | Unset):
        puerto (str | Unset):  Default: ''.
    """

    fecha_embarque: datetime.date
    nave: str
    puerto_cargue: str
    puerto_descargue: str
    bandera: str
    fecha_arribo_estimada: datetime.date
    fecha_aviso: datetime.date | None | Unset = UNSET
    puerto: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fecha_embarque = self.fecha_embarque.isoformat()

        nave = self.nave

        puerto_cargue = self.puerto_cargue

        puerto_descargue = self.puerto_descargue

        bandera = self.bandera

        fecha_arribo_estimada = self.fecha_arribo_estimada.isoformat()

        fecha_aviso: None | str | Unset
        if isinstance(self.fecha_aviso, Unset):
            fecha_aviso = UNSET
        elif isinstance(self.fecha_aviso, datetime.date):
            fecha_aviso = self.fecha_aviso.isoformat()
        else:
            fecha_aviso = self.fecha_aviso

        puerto = self.puerto

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fecha_embarque": fecha_embarque,
                "nave": nave,
                "puerto_cargue": puerto_cargue,
                "puerto_descargue": puerto_descargue,
                "bandera": bandera,
                "fecha_arribo_estimada": fecha_arribo_estimada,
            }
        )
        if fecha_aviso is not UNSET:
            field_dict["fecha_aviso"] = fecha_aviso
        if puerto is not UNSET:
            field_dict["puerto"] = puerto

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fecha_embarque = datetime.date.fromisoformat(d.pop("fecha_embarque"))

        nave = d.pop("nave")

        puerto_cargue = d.pop("puerto_cargue")

        puerto_descargue = d.pop("puerto_descargue")

        bandera = d.pop("bandera")

        fecha_arribo_estimada = datetime.date.fromisoformat(d.pop("fecha_arribo_estimada"))

        def _parse_fecha_aviso(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_aviso_type_0 = datetime.date.fromisoformat(data)

                return fecha_aviso_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_aviso = _parse_fecha_aviso(d.pop("fecha_aviso", UNSET))

        puerto = d.pop("puerto", UNSET)

        exoneracion_embarque = cls(
            fecha_embarque=fecha_embarque,
            nave=nave,
            puerto_cargue=puerto_cargue,
            puerto_descargue=puerto_descargue,
            bandera=bandera,
            fecha_arribo_estimada=fecha_arribo_estimada,
            fecha_aviso=fecha_aviso,
            puerto=puerto,
        )

        exoneracion_embarque.additional_properties = d
        return exoneracion_embarque

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
