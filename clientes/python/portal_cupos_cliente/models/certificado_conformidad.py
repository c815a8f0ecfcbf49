from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CertificadoConformidad")


@_attrs_define
class CertificadoConformidad:
    """
    Attributes:
        id (int):
        estacion (int):
        fecha_expedicion (datetime.date):
        fecha_entrega (datetime.date):
        capacidad_gal (str):
    """

    id: int
    estacion: int
    fecha_expedicion: datetime.date
    fecha_entrega: datetime.date
    capacidad_gal: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        estacion = self.estacion

        fecha_expedicion = self.fecha_expedicion.isoformat()

        fecha_entrega = self.fecha_entrega.isoformat()

        capacidad_gal = self.capacidad_gal

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "estacion": estacion,
                "fecha_expedicion": fecha_expedicion,
                "fecha_entrega": fecha_entrega,
                "capacidad_gal": capacidad_gal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        estacion = d.pop("estacion")

        fecha_expedicion = datetime.date.fromisoformat(d.pop("fecha_expedicion"))

        fecha_entrega = datetime.date.fromisoformat(d.pop("fecha_entrega"))

        capacidad_gal = d.pop("capacidad_gal")

        certificado_conformidad = cls(
            id=id,
            estacion=estacion,
            fecha_expedicion=fecha_expedicion,
            fecha_entrega=fecha_entrega,
            capacidad_gal=capacidad_gal,
        )

        certificado_conformidad.additional_properties = d
        return certificado_conformidad

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
