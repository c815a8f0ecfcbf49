from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.calificacion_enum import CalificacionEnum

T = TypeVar("T", bound="OfertaCalificacion")


@_attrs_define
class OfertaCalificacion:
    """
    Attributes:
        calificacion (CalificacionEnum): * `iguales_o_mejores` - Nacional en condiciones iguales o mejores
            * `peores` - Nacional en condiciones peores
        motivo (str):
        fecha (datetime.date):
    """

    calificacion: CalificacionEnum
    motivo: str
    fecha: datetime.date
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        calificacion = self.calificacion.value

        motivo = self.motivo

        fecha = self.fecha.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "calificacion": calificacion,
                "motivo": motivo,
                "fecha": fecha,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        calificacion = CalificacionEnum(d.pop("calificacion"))

        motivo = d.pop("motivo")

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        oferta_calificacion = cls(
            calificacion=calificacion,
            motivo=motivo,
            fecha=fecha,
        )

        oferta_calificacion.additional_properties = d
        return oferta_calificacion

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
