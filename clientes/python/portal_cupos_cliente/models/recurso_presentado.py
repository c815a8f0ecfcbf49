from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_recurso_enum import EstadoRecursoEnum

T = TypeVar("T", bound="RecursoPresentado")


@_attrs_define
class RecursoPresentado:
    """
    Attributes:
        id (int):
        estado (EstadoRecursoEnum): * `en_tramite` - En trámite
            * `decidido` - Decidido
        vence_decision (datetime.date):
    """

    id: int
    estado: EstadoRecursoEnum
    vence_decision: datetime.date
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        estado = self.estado.value

        vence_decision = self.vence_decision.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "estado": estado,
                "vence_decision": vence_decision,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        estado = EstadoRecursoEnum(d.pop("estado"))

        vence_decision = datetime.date.fromisoformat(d.pop("vence_decision"))

        recurso_presentado = cls(
            id=id,
            estado=estado,
            vence_decision=vence_decision,
        )

        recurso_presentado.additional_properties = d
        return recurso_presentado

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
