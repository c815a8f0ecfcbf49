from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CertificadoTransporteNuevo")


@_attrs_define
class CertificadoTransporteNuevo:
    """
    Attributes:
        vigente_desde (datetime.date):
        vigente_hasta (datetime.date):
        subsidio_pct (str):
        fecha_entrega (datetime.date | None | Unset):
        soporte_subsidio (str | Unset):  Default: ''.
        conflicto_armado (str | Unset):  Default: ''.
        poblacion_desescolarizada (str | Unset):  Default: ''.
        nbi_superior (str | Unset):  Default: ''.
    """

    vigente_desde: datetime.date
    vigente_hasta: datetime.date
    subsidio_pct: str
    fecha_entrega: datetime.date | None | Unset = UNSET
    soporte_subsidio: str | Unset = ""
    conflicto_armado: str | Unset = ""
    poblacion_desescolarizada: str | Unset = ""
    nbi_superior: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        vigente_desde = self.vigente_desde.isoformat()

        vigente_hasta = self.vigente_hasta.isoformat()

        subsidio_pct = self.subsidio_pct

        fecha_entrega: None | str | Unset
        if isinstance(self.fecha_entrega, Unset):
            fecha_entrega = UNSET
        elif isinstance(self.fecha_entrega, datetime.date):
            fecha_entrega = self.fecha_entrega.isoformat()
        else:
            fecha_entrega = self.fecha_entrega

        soporte_subsidio = self.soporte_subsidio

        conflicto_armado = self.conflicto_armado

        poblacion_desescolarizada = self.poblacion_desescolarizada

        nbi_superior = self.nbi_superior

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "vigente_desde": vigente_desde,
                "vigente_hasta": vigente_hasta,
                "subsidio_pct": subsidio_pct,
            }
        )
        if fecha_entrega is not UNSET:
            field_dict["fecha_entrega"] = fecha_entrega
        if soporte_subsidio is not UNSET:
            field_dict["soporte_subsidio"] = soporte_subsidio
        if conflicto_armado is not UNSET:
            field_dict["conflicto_armado"] = conflicto_armado
        if poblacion_desescolarizada is not UNSET:
            field_dict["poblacion_desescolarizada"] = poblacion_desescolarizada
        if nbi_superior is not UNSET:
            field_dict["nbi_superior"] = nbi_superior

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        vigente_desde = datetime.date.fromisoformat(d.pop("vigente_desde"))

        vigente_hasta = datetime.date.fromisoformat(d.pop("vigente_hasta"))

        subsidio_pct = d.pop("subsidio_pct")

        def _parse_fecha_entrega(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_entrega_type_0 = datetime.date.fromisoformat(data)

                return fecha_entrega_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_entrega = _parse_fecha_entrega(d.pop("fecha_entrega", UNSET))

        soporte_subsidio = d.pop("soporte_subsidio", UNSET)

        conflicto_armado = d.pop("conflicto_armado", UNSET)

        poblacion_desescolarizada = d.pop("poblacion_desescolarizada", UNSET)

        nbi_superior = d.pop("nbi_superior", UNSET)

        certificado_transporte_nuevo = cls(
            vigente_desde=vigente_desde,
            vigente_hasta=vigente_hasta,
            subsidio_pct=subsidio_pct,
            fecha_entrega=fecha_entrega,
            soporte_subsidio=soporte_subsidio,
            conflicto_armado=conflicto_armado,
            poblacion_desescolarizada=poblacion_desescolarizada,
            nbi_superior=nbi_superior,
        )

        certificado_transporte_nuevo.additional_properties = d
        return certificado_transporte_nuevo

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
