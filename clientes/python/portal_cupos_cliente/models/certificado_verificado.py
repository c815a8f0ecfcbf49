from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_certificado_enum import EstadoCertificadoEnum

if TYPE_CHECKING:
    from ..models.firma import Firma


T = TypeVar("T", bound="CertificadoVerificado")


@_attrs_define
class CertificadoVerificado:
    """
    Attributes:
        valido (bool):
        numero (str):
        matricula (str):
        galones_autorizados (str):
        fecha_expedicion (datetime.date):
        estado (EstadoCertificadoEnum): * `vigente` - Vigente
            * `redimido` - Redimido
            * `anulado` - Anulado
        firma (Firma):
    """

    valido: bool
    numero: str
    matricula: str
    galones_autorizados: str
    fecha_expedicion: datetime.date
    estado: EstadoCertificadoEnum
    firma: Firma
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        valido = self.valido

        numero = self.numero

        matricula = self.matricula

        galones_autorizados = self.galones_autorizados

        fecha_expedicion = self.fecha_expedicion.isoformat()

        estado = self.estado.value

        firma = self.firma.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "valido": valido,
                "numero": numero,
                "matricula": matricula,
                "galones_autorizados": galones_autorizados,
                "fecha_expedicion": fecha_expedicion,
                "estado": estado,
                "firma": firma,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.firma import Firma  # noqa: PLC0415

        d = dict(src_dict)
        valido = d.pop("valido")

        numero = d.pop("numero")

        matricula = d.pop("matricula")

        galones_autorizados = d.pop("galones_autorizados")

        fecha_expedicion = datetime.date.fromisoformat(d.pop("fecha_expedicion"))

        estado = EstadoCertificadoEnum(d.pop("estado"))

        firma = Firma.from_dict(d.pop("firma"))

        certificado_verificado = cls(
            valido=valido,
            numero=numero,
            matricula=matricula,
            galones_autorizados=galones_autorizados,
            fecha_expedicion=fecha_expedicion,
            estado=estado,
            firma=firma,
        )

        certificado_verificado.additional_properties = d
        return certificado_verificado

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
