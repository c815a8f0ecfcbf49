from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..types import File

T = TypeVar("T", bound="ReporteMensualNuevo")


@_attrs_define
class ReporteMensualNuevo:
    """
    Attributes:
        distribuidor_nit (str):
        periodo (str):  Example: 2026-06.
        archivo (File):
    """

    distribuidor_nit: str
    periodo: str
    archivo: File
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        distribuidor_nit = self.distribuidor_nit

        periodo = self.periodo

        archivo = self.archivo.to_tuple()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "distribuidor_nit": distribuidor_nit,
                "periodo": periodo,
                "archivo": archivo,
            }
        )

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("distribuidor_nit", (None, str(self.distribuidor_nit).encode(), "text/plain")))

        files.append(("periodo", (None, str(self.periodo).encode(), "text/plain")))

        files.append(("archivo", self.archivo.to_tuple()))

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        distribuidor_nit = d.pop("distribuidor_nit")

        periodo = d.pop("periodo")

        archivo = File(payload=BytesIO(d.pop("archivo")))

        reporte_mensual_nuevo = cls(
            distribuidor_nit=distribuidor_nit,
            periodo=periodo,
            archivo=archivo,
        )

        reporte_mensual_nuevo.additional_properties = d
        return reporte_mensual_nuevo

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
