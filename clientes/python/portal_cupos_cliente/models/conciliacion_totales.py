from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConciliacionTotales")


@_attrs_define
class ConciliacionTotales:
    """
    Attributes:
        certificados (str):
        verificados (str):
        vendido (str):
        reportado (str):
        declarado (None | str):
    """

    certificados: str
    verificados: str
    vendido: str
    reportado: str
    declarado: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        certificados = self.certificados

        verificados = self.verificados

        vendido = self.vendido

        reportado = self.reportado

        declarado: None | str
        declarado = self.declarado

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "certificados": certificados,
                "verificados": verificados,
                "vendido": vendido,
                "reportado": reportado,
                "declarado": declarado,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        certificados = d.pop("certificados")

        verificados = d.pop("verificados")

        vendido = d.pop("vendido")

        reportado = d.pop("reportado")

        def _parse_declarado(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        declarado = _parse_declarado(d.pop("declarado"))

        conciliacion_totales = cls(
            certificados=certificados,
            verificados=verificados,
            vendido=vendido,
            reportado=reportado,
            declarado=declarado,
        )

        conciliacion_totales.additional_properties = d
        return conciliacion_totales

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
