from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ResolucionFirmeza")


@_attrs_define
class ResolucionFirmeza:
    """
    Attributes:
        fecha_firmeza (datetime.date):
        fecha_comunicacion (datetime.date | None | Unset):
    """

    fecha_firmeza: datetime.date
    fecha_comunicacion: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fecha_firmeza = self.fecha_firmeza.isoformat()

        fecha_comunicacion: None | str | Unset
        if isinstance(self.fecha_comunicacion, Unset):
            fecha_comunicacion = UNSET
        elif isinstance(self.fecha_comunicacion, datetime.date):
            fecha_comunicacion = self.fecha_comunicacion.isoformat()
        else:
            fecha_comunicacion = self.fecha_comunicacion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fecha_firmeza": fecha_firmeza,
            }
        )
        if fecha_comunicacion is not UNSET:
            field_dict["fecha_comunicacion"] = fecha_comunicacion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fecha_firmeza = datetime.date.fromisoformat(d.pop("fecha_firmeza"))

        def _parse_fecha_comunicacion(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_comunicacion_type_0 = datetime.date.fromisoformat(data)

                return fecha_comunicacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_comunicacion = _parse_fecha_comunicacion(d.pop("fecha_comunicacion", UNSET))

        resolucion_firmeza = cls(
            fecha_firmeza=fecha_firmeza,
            fecha_comunicacion=fecha_comunicacion,
        )

        resolucion_firmeza.additional_properties = d
        return resolucion_firmeza

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
