from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_recurso_enum import EstadoRecursoEnum

T = TypeVar("T", bound="RecursoDecidido")


@_attrs_define
class RecursoDecidido:
    """
    Attributes:
        id (int):
        estado (EstadoRecursoEnum): * `en_tramite` - En trámite
            * `decidido` - Decidido
        acto (int): El acto que decide el recurso, notificado como cualquier otro.
    """

    id: int
    estado: EstadoRecursoEnum
    acto: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        estado = self.estado.value

        acto = self.acto

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "estado": estado,
                "acto": acto,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        estado = EstadoRecursoEnum(d.pop("estado"))

        acto = d.pop("acto")

        recurso_decidido = cls(
            id=id,
            estado=estado,
            acto=acto,
        )

        recurso_decidido.additional_properties = d
        return recurso_decidido

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
