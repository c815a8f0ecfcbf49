from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TrabajoResultado")


@_attrs_define
class TrabajoResultado:
    """
    Attributes:
        mensaje (str): Lo que hizo el trabajo, en español.
        recurso (None | str): Ruta de la API de lo que produjo.
        cantidad (int | None): Filas que produjo (cupos, filas válidas…).
        pendientes (int | None | Unset): Lo que dejó para después: en la firmeza masiva, los cupos cuyo plazo para
            recursos no ha corrido.
    """

    mensaje: str
    recurso: None | str
    cantidad: int | None
    pendientes: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mensaje = self.mensaje

        recurso: None | str
        recurso = self.recurso

        cantidad: int | None
        cantidad = self.cantidad

        pendientes: int | None | Unset
        if isinstance(self.pendientes, Unset):
            pendientes = UNSET
        else:
            pendientes = self.pendientes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mensaje": mensaje,
                "recurso": recurso,
                "cantidad": cantidad,
            }
        )
        if pendientes is not UNSET:
            field_dict["pendientes"] = pendientes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mensaje = d.pop("mensaje")

        def _parse_recurso(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        recurso = _parse_recurso(d.pop("recurso"))

        def _parse_cantidad(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        cantidad = _parse_cantidad(d.pop("cantidad"))

        def _parse_pendientes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pendientes = _parse_pendientes(d.pop("pendientes", UNSET))

        trabajo_resultado = cls(
            mensaje=mensaje,
            recurso=recurso,
            cantidad=cantidad,
            pendientes=pendientes,
        )

        trabajo_resultado.additional_properties = d
        return trabajo_resultado

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
