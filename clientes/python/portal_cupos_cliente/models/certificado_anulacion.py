from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CertificadoAnulacion")


@_attrs_define
class CertificadoAnulacion:
    """
    Attributes:
        motivo (str):
        fecha (datetime.date | Unset):
    """

    motivo: str
    fecha: datetime.date | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        motivo = self.motivo

        fecha: str | Unset = UNSET
        if not isinstance(self.fecha, Unset):
            fecha = self.fecha.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "motivo": motivo,
            }
        )
        if fecha is not UNSET:
            field_dict["fecha"] = fecha

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        motivo = d.pop("motivo")

        _fecha = d.pop("fecha", UNSET)
        fecha: datetime.date | Unset
        if isinstance(_fecha, Unset):
            fecha = UNSET
        else:
            fecha = datetime.date.fromisoformat(_fecha)

        certificado_anulacion = cls(
            motivo=motivo,
            fecha=fecha,
        )

        certificado_anulacion.additional_properties = d
        return certificado_anulacion

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
