from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.combustible_frontera_enum import CombustibleFronteraEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="AsignacionNueva")


@_attrs_define
class AsignacionNueva:
    """
    Attributes:
        municipio (str):
        combustible (CombustibleFronteraEnum): * `gasolina` - Gasolina motor
            * `acpm` - ACPM
            * `electrocombustible` - Electrocombustible
        anio_inicio (int):
        indicador_per_capita (str):
        factor_gnv (str):
        factor_flujo (str):
        resolucion (str | Unset):  Default: ''.
    """

    municipio: str
    combustible: CombustibleFronteraEnum
    anio_inicio: int
    indicador_per_capita: str
    factor_gnv: str
    factor_flujo: str
    resolucion: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        municipio = self.municipio

        combustible = self.combustible.value

        anio_inicio = self.anio_inicio

        indicador_per_capita = self.indicador_per_capita

        factor_gnv = self.factor_gnv

        factor_flujo = self.factor_flujo

        resolucion = self.resolucion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "municipio": municipio,
                "combustible": combustible,
                "anio_inicio": anio_inicio,
                "indicador_per_capita": indicador_per_capita,
                "factor_gnv": factor_gnv,
                "factor_flujo": factor_flujo,
            }
        )
        if resolucion is not UNSET:
            field_dict["resolucion"] = resolucion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        municipio = d.pop("municipio")

        combustible = CombustibleFronteraEnum(d.pop("combustible"))

        anio_inicio = d.pop("anio_inicio")

        indicador_per_capita = d.pop("indicador_per_capita")

        factor_gnv = d.pop("factor_gnv")

        factor_flujo = d.pop("factor_flujo")

        resolucion = d.pop("resolucion", UNSET)

        asignacion_nueva = cls(
            municipio=municipio,
            combustible=combustible,
            anio_inicio=anio_inicio,
            indicador_per_capita=indicador_per_capita,
            factor_gnv=factor_gnv,
            factor_flujo=factor_flujo,
            resolucion=resolucion,
        )

        asignacion_nueva.additional_properties = d
        return asignacion_nueva

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
