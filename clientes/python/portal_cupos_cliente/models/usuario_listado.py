from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UsuarioListado")


@_attrs_define
class UsuarioListado:
    """
    Attributes:
        nit (str):
        nombre (str):
        direccion (str):
    """

    nit: str
    nombre: str
    direccion: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        nit = self.nit

        nombre = self.nombre

        direccion = self.direccion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "nit": nit,
                "nombre": nombre,
                "direccion": direccion,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        nit = d.pop("nit")

        nombre = d.pop("nombre")

        direccion = d.pop("direccion")

        usuario_listado = cls(
            nit=nit,
            nombre=nombre,
            direccion=direccion,
        )

        usuario_listado.additional_properties = d
        return usuario_listado

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
