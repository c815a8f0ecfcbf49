from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ZarpeSolicitud")


@_attrs_define
class ZarpeSolicitud:
    """
    Attributes:
        nave (str):
        capitania (str):
        fecha (datetime.date):
        galones_solicitados (str):
        certificado_anterior (None | str | Unset):
    """

    nave: str
    capitania: str
    fecha: datetime.date
    galones_solicitados: str
    certificado_anterior: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        nave = self.nave

        capitania = self.capitania

        fecha = self.fecha.isoformat()

        galones_solicitados = self.galones_solicitados

        certificado_anterior: None | str | Unset
        if isinstance(self.certificado_anterior, Unset):
            certificado_anterior = UNSET
        else:
            certificado_anterior = self.certificado_anterior

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "nave": nave,
                "capitania": capitania,
                "fecha": fecha,
                "galones_solicitados": galones_solicitados,
            }
        )
        if certificado_anterior is not UNSET:
            field_dict["certificado_anterior"] = certificado_anterior

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        nave = d.pop("nave")

        capitania = d.pop("capitania")

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        galones_solicitados = d.pop("galones_solicitados")

        def _parse_certificado_anterior(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        certificado_anterior = _parse_certificado_anterior(d.pop("certificado_anterior", UNSET))

        zarpe_solicitud = cls(
            nave=nave,
            capitania=capitania,
            fecha=fecha,
            galones_solicitados=galones_solicitados,
            certificado_anterior=certificado_anterior,
        )

        zarpe_solicitud.additional_properties = d
        return zarpe_solicitud

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
