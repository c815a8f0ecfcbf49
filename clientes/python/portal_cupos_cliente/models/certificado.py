from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_certificado_enum import EstadoCertificadoEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Certificado")


@_attrs_define
class Certificado:
    """A certificate as its reader may see it: a wholesaler never receives the verification code (it proves
    the paper was handed over, API.md "Wholesalers"), so it comes as null to them.

        Attributes:
            numero (str):
            codigo_verificacion (None | str):
            galones_autorizados (str):
            fecha_expedicion (datetime.date):
            pdf (str):
            matricula (str):
            nave (str):
            capitania (str):
            zarpe (int):
            estado (EstadoCertificadoEnum | Unset): * `vigente` - Vigente
                * `redimido` - Redimido
                * `anulado` - Anulado
    """

    numero: str
    codigo_verificacion: None | str
    galones_autorizados: str
    fecha_expedicion: datetime.date
    pdf: str
    matricula: str
    nave: str
    capitania: str
    zarpe: int
    estado: EstadoCertificadoEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        numero = self.numero

        codigo_verificacion: None | str
        codigo_verificacion = self.codigo_verificacion

        galones_autorizados = self.galones_autorizados

        fecha_expedicion = self.fecha_expedicion.isoformat()

        pdf = self.pdf

        matricula = self.matricula

        nave = self.nave

        capitania = self.capitania

        zarpe = self.zarpe

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
                "matricula": matricula,
                "nave": nave,
                "capitania": capitania,
                "zarpe": zarpe,
            }
        )
        if estado is not UNSET:
            field_dict["estado"] = estado

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        numero = d.pop("numero")

        def _parse_codigo_verificacion(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        codigo_verificacion = _parse_codigo_verificacion(d.pop("codigo_verificacion"))

        galones_autorizados = d.pop("galones_autorizados")

        fecha_expedicion = datetime.date.fromisoformat(d.pop("fecha_expedicion"))

        pdf = d.pop("pdf")

        matricula = d.pop("matricula")

        nave = d.pop("nave")

        capitania = d.pop("capitania")

        zarpe = d.pop("zarpe")

        _estado = d.pop("estado", UNSET)
        estado: EstadoCertificadoEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoCertificadoEnum(_estado)

        certificado = cls(
            numero=numero,
            codigo_verificacion=codigo_verificacion,
            galones_autorizados=galones_autorizados,
            fecha_expedicion=fecha_expedicion,
            pdf=pdf,
            matricula=matricula,
            nave=nave,
            capitania=capitania,
            zarpe=zarpe,
            estado=estado,
        )

        certificado.additional_properties = d
        return certificado

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
