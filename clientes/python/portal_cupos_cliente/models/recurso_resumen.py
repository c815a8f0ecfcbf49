from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_recurso_enum import EstadoRecursoEnum
from ..models.tipo_recurso_enum import TipoRecursoEnum

T = TypeVar("T", bound="RecursoResumen")


@_attrs_define
class RecursoResumen:
    """
    Attributes:
        id (int):
        tipo (TipoRecursoEnum): * `reposicion` - Reposición
            * `apelacion` - Apelación
        estado (EstadoRecursoEnum): * `en_tramite` - En trámite
            * `decidido` - Decidido
    """

    id: int
    tipo: TipoRecursoEnum
    estado: EstadoRecursoEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        tipo = self.tipo.value

        estado = self.estado.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "tipo": tipo,
                "estado": estado,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        tipo = TipoRecursoEnum(d.pop("tipo"))

        estado = EstadoRecursoEnum(d.pop("estado"))

        recurso_resumen = cls(
            id=id,
            tipo=tipo,
            estado=estado,
        )

        recurso_resumen.additional_properties = d
        return recurso_resumen

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
