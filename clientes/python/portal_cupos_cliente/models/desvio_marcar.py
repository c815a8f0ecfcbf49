from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.desvio_marcar_api_input_estado_enum import DesvioMarcarApiInputEstadoEnum

T = TypeVar("T", bound="DesvioMarcar")


@_attrs_define
class DesvioMarcar:
    """
    Attributes:
        estado (DesvioMarcarApiInputEstadoEnum): * `confirmado` - Confirmado
            * `descartado` - Descartado
        nota (str):
    """

    estado: DesvioMarcarApiInputEstadoEnum
    nota: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        estado = self.estado.value

        nota = self.nota

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "estado": estado,
                "nota": nota,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        estado = DesvioMarcarApiInputEstadoEnum(d.pop("estado"))

        nota = d.pop("nota")

        desvio_marcar = cls(
            estado=estado,
            nota=nota,
        )

        desvio_marcar.additional_properties = d
        return desvio_marcar

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
