from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Municipio")


@_attrs_define
class Municipio:
    """
    Attributes:
        id (int):
        codigo_dane (str):
        nombre (str):
        departamento (str):
        poblacion (int):
        regimen_especial (None | str): F-01: the decrees that govern distribution in the municipality's department, if
            special.
    """

    id: int
    codigo_dane: str
    nombre: str
    departamento: str
    poblacion: int
    regimen_especial: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        codigo_dane = self.codigo_dane

        nombre = self.nombre

        departamento = self.departamento

        poblacion = self.poblacion

        regimen_especial: None | str
        regimen_especial = self.regimen_especial

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "codigo_dane": codigo_dane,
                "nombre": nombre,
                "departamento": departamento,
                "poblacion": poblacion,
                "regimen_especial": regimen_especial,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        codigo_dane = d.pop("codigo_dane")

        nombre = d.pop("nombre")

        departamento = d.pop("departamento")

        poblacion = d.pop("poblacion")

        def _parse_regimen_especial(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        regimen_especial = _parse_regimen_especial(d.pop("regimen_especial"))

        municipio = cls(
            id=id,
            codigo_dane=codigo_dane,
            nombre=nombre,
            departamento=departamento,
            poblacion=poblacion,
            regimen_especial=regimen_especial,
        )

        municipio.additional_properties = d
        return municipio

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
