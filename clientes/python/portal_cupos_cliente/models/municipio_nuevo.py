from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MunicipioNuevo")


@_attrs_define
class MunicipioNuevo:
    """
    Attributes:
        codigo_dane (str):
        nombre (str):
        departamento (str):
        poblacion (int):
    """

    codigo_dane: str
    nombre: str
    departamento: str
    poblacion: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        codigo_dane = self.codigo_dane

        nombre = self.nombre

        departamento = self.departamento

        poblacion = self.poblacion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "codigo_dane": codigo_dane,
                "nombre": nombre,
                "departamento": departamento,
                "poblacion": poblacion,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        codigo_dane = d.pop("codigo_dane")

        nombre = d.pop("nombre")

        departamento = d.pop("departamento")

        poblacion = d.pop("poblacion")

        municipio_nuevo = cls(
            codigo_dane=codigo_dane,
            nombre=nombre,
            departamento=departamento,
            poblacion=poblacion,
        )

        municipio_nuevo.additional_properties = d
        return municipio_nuevo

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
