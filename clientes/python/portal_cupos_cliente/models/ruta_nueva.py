from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.operacion_enum import OperacionEnum

T = TypeVar("T", bound="RutaNueva")


@_attrs_define
class RutaNueva:
    """
    Attributes:
        codigo (str):
        nombre (str):
        operacion (OperacionEnum): * `importacion` - Importación
            * `exportacion` - Exportación
    """

    codigo: str
    nombre: str
    operacion: OperacionEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        codigo = self.codigo

        nombre = self.nombre

        operacion = self.operacion.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "codigo": codigo,
                "nombre": nombre,
                "operacion": operacion,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        codigo = d.pop("codigo")

        nombre = d.pop("nombre")

        operacion = OperacionEnum(d.pop("operacion"))

        ruta_nueva = cls(
            codigo=codigo,
            nombre=nombre,
            operacion=operacion,
        )

        ruta_nueva.additional_properties = d
        return ruta_nueva

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
