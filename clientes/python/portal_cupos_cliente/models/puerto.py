from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Puerto")


@_attrs_define
class Puerto:
    """
    Attributes:
        id (int):
        codigo (str): UN/LOCODE, p. ej. COCTG.
        nombre (str):
        capitania (str):
        pais (str | Unset):
    """

    id: int
    codigo: str
    nombre: str
    capitania: str
    pais: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        codigo = self.codigo

        nombre = self.nombre

        capitania = self.capitania

        pais = self.pais

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "codigo": codigo,
                "nombre": nombre,
                "capitania": capitania,
            }
        )
        if pais is not UNSET:
            field_dict["pais"] = pais

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        codigo = d.pop("codigo")

        nombre = d.pop("nombre")

        capitania = d.pop("capitania")

        pais = d.pop("pais", UNSET)

        puerto = cls(
            id=id,
            codigo=codigo,
            nombre=nombre,
            capitania=capitania,
            pais=pais,
        )

        puerto.additional_properties = d
        return puerto

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
