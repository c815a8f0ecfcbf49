from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_resolucion_enum import EstadoResolucionEnum

T = TypeVar("T", bound="ExpedicionEnCurso")


@_attrs_define
class ExpedicionEnCurso:
    """
    Attributes:
        trabajo (str): El trabajo aceptado: consúltelo en GET /api/v1/trabajos/{trabajo}/.
        id (int):
        estado (EstadoResolucionEnum): * `borrador` - Borrador
            * `expidiendo` - Expidiéndose
            * `expedida` - Expedida
        lineas (int):
    """

    trabajo: str
    id: int
    estado: EstadoResolucionEnum
    lineas: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        trabajo = self.trabajo

        id = self.id

        estado = self.estado.value

        lineas = self.lineas

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "trabajo": trabajo,
                "id": id,
                "estado": estado,
                "lineas": lineas,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        trabajo = d.pop("trabajo")

        id = d.pop("id")

        estado = EstadoResolucionEnum(d.pop("estado"))

        lineas = d.pop("lineas")

        expedicion_en_curso = cls(
            trabajo=trabajo,
            id=id,
            estado=estado,
            lineas=lineas,
        )

        expedicion_en_curso.additional_properties = d
        return expedicion_en_curso

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
