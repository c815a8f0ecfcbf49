from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DiscrepanciaReporte")


@_attrs_define
class DiscrepanciaReporte:
    """
    Attributes:
        codigo (str):
        detalle (str):
        fila (int | None | Unset):
    """

    codigo: str
    detalle: str
    fila: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        codigo = self.codigo

        detalle = self.detalle

        fila: int | None | Unset
        if isinstance(self.fila, Unset):
            fila = UNSET
        else:
            fila = self.fila

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "codigo": codigo,
                "detalle": detalle,
            }
        )
        if fila is not UNSET:
            field_dict["fila"] = fila

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        codigo = d.pop("codigo")

        detalle = d.pop("detalle")

        def _parse_fila(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        fila = _parse_fila(d.pop("fila", UNSET))

        discrepancia_reporte = cls(
            codigo=codigo,
            detalle=detalle,
            fila=fila,
        )

        discrepancia_reporte.additional_properties = d
        return discrepancia_reporte

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
