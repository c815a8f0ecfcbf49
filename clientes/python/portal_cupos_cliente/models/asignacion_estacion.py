from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AsignacionEstacion")


@_attrs_define
class AsignacionEstacion:
    """
    Attributes:
        estacion (int):
        codigo (str):
        participacion (str):
        volumen_mensual (str):
        adicional (str):
    """

    estacion: int
    codigo: str
    participacion: str
    volumen_mensual: str
    adicional: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        estacion = self.estacion

        codigo = self.codigo

        participacion = self.participacion

        volumen_mensual = self.volumen_mensual

        adicional = self.adicional

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "estacion": estacion,
                "codigo": codigo,
                "participacion": participacion,
                "volumen_mensual": volumen_mensual,
                "adicional": adicional,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        estacion = d.pop("estacion")

        codigo = d.pop("codigo")

        participacion = d.pop("participacion")

        volumen_mensual = d.pop("volumen_mensual")

        adicional = d.pop("adicional")

        asignacion_estacion = cls(
            estacion=estacion,
            codigo=codigo,
            participacion=participacion,
            volumen_mensual=volumen_mensual,
            adicional=adicional,
        )

        asignacion_estacion.additional_properties = d
        return asignacion_estacion

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
