from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Relacion")


@_attrs_define
class Relacion:
    """
    Attributes:
        reporte (int):
        distribuidor_nit (str):
        razon_social (str):
        tipo_distribuidor (str):
        periodo (str):  Example: 2026-06.
        total_galones (str):
        xlsx (str):
        pdf (str):
        version (int | Unset):
        filas_validas (int | Unset):
        extemporaneo (bool | Unset):
    """

    reporte: int
    distribuidor_nit: str
    razon_social: str
    tipo_distribuidor: str
    periodo: str
    total_galones: str
    xlsx: str
    pdf: str
    version: int | Unset = UNSET
    filas_validas: int | Unset = UNSET
    extemporaneo: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reporte = self.reporte

        distribuidor_nit = self.distribuidor_nit

        razon_social = self.razon_social

        tipo_distribuidor = self.tipo_distribuidor

        periodo = self.periodo

        total_galones = self.total_galones

        xlsx = self.xlsx

        pdf = self.pdf

        version = self.version

        filas_validas = self.filas_validas

        extemporaneo = self.extemporaneo

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reporte": reporte,
                "distribuidor_nit": distribuidor_nit,
                "razon_social": razon_social,
                "tipo_distribuidor": tipo_distribuidor,
                "periodo": periodo,
                "total_galones": total_galones,
                "xlsx": xlsx,
                "pdf": pdf,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version
        if filas_validas is not UNSET:
            field_dict["filas_validas"] = filas_validas
        if extemporaneo is not UNSET:
            field_dict["extemporaneo"] = extemporaneo

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reporte = d.pop("reporte")

        distribuidor_nit = d.pop("distribuidor_nit")

        razon_social = d.pop("razon_social")

        tipo_distribuidor = d.pop("tipo_distribuidor")

        periodo = d.pop("periodo")

        total_galones = d.pop("total_galones")

        xlsx = d.pop("xlsx")

        pdf = d.pop("pdf")

        version = d.pop("version", UNSET)

        filas_validas = d.pop("filas_validas", UNSET)

        extemporaneo = d.pop("extemporaneo", UNSET)

        relacion = cls(
            reporte=reporte,
            distribuidor_nit=distribuidor_nit,
            razon_social=razon_social,
            tipo_distribuidor=tipo_distribuidor,
            periodo=periodo,
            total_galones=total_galones,
            xlsx=xlsx,
            pdf=pdf,
            version=version,
            filas_validas=filas_validas,
            extemporaneo=extemporaneo,
        )

        relacion.additional_properties = d
        return relacion

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
