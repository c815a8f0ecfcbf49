from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_certificado_enum import EstadoCertificadoEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="CertificadoZarpe")


@_attrs_define
class CertificadoZarpe:
    """
    Attributes:
        numero (str):
        codigo_verificacion (str):
        galones_autorizados (str):
        fecha_expedicion (datetime.date):
        pdf (str):
        estado (EstadoCertificadoEnum | Unset): * `vigente` - Vigente
            * `redimido` - Redimido
            * `anulado` - Anulado
    """

    numero: str
    codigo_verificacion: str
    galones_autorizados: str
    fecha_expedicion: datetime.date
    pdf: str
    estado: EstadoCertificadoEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        numero = self.numero

        codigo_verificacion = self.codigo_verificacion

        galones_autorizados = self.galones_autorizados

        fecha_expedicion = self.fecha_expedicion.isoformat()

        pdf = self.pdf

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "numero": numero,
                "codigo_verificacion": codigo_verificacion,
                "galones_autorizados": galones_autorizados,
                "fecha_expedicion": fecha_expedicion,
                "pdf": pdf,
            }
        )
        if estado is not UNSET:
            field_dict["estado"] = estado

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        numero = d.pop("numero")

        codigo_verificacion = d.pop("codigo_verificacion")

        galones_autorizados = d.pop("galones_autorizados")

        fecha_expedicion = datetime.date.fromisoformat(d.pop("fecha_expedicion"))

        pdf = d.pop("pdf")

        _estado = d.pop("estado", UNSET)
        estado: EstadoCertificadoEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoCertificadoEnum(_estado)

        certificado_zarpe = cls(
            numero=numero,
            codigo_verificacion=codigo_verificacion,
            galones_autorizados=galones_autorizados,
            fecha_expedicion=fecha_expedicion,
            pdf=pdf,
            estado=estado,
        )

        certificado_zarpe.additional_properties = d
        return certificado_zarpe

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
