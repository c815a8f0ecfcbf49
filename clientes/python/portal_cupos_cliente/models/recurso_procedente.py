from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tipo_recurso_enum import TipoRecursoEnum

T = TypeVar("T", bound="RecursoProcedente")


@_attrs_define
class RecursoProcedente:
    """
    Attributes:
        recurso (TipoRecursoEnum): * `reposicion` - Reposición
            * `apelacion` - Apelación
        ante (str):
        plazo_dias_habiles (int):
    """

    recurso: TipoRecursoEnum
    ante: str
    plazo_dias_habiles: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        recurso = self.recurso.value

        ante = self.ante

        plazo_dias_habiles = self.plazo_dias_habiles

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "recurso": recurso,
                "ante": ante,
                "plazo_dias_habiles": plazo_dias_habiles,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        recurso = TipoRecursoEnum(d.pop("recurso"))

        ante = d.pop("ante")

        plazo_dias_habiles = d.pop("plazo_dias_habiles")

        recurso_procedente = cls(
            recurso=recurso,
            ante=ante,
            plazo_dias_habiles=plazo_dias_habiles,
        )

        recurso_procedente.additional_properties = d
        return recurso_procedente

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
