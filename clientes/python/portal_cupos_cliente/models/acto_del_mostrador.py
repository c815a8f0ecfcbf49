from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ActoDelMostrador")


@_attrs_define
class ActoDelMostrador:
    """
    Attributes:
        id (str):
        numero (str):
        retencion (int):
        nave (int):
        fecha (str):
        galones_solicitados (str):
        galones_autorizados (str):
        certificado_anterior (str):
        codigo_verificacion (str):
        emitido (str):
    """

    id: str
    numero: str
    retencion: int
    nave: int
    fecha: str
    galones_solicitados: str
    galones_autorizados: str
    certificado_anterior: str
    codigo_verificacion: str
    emitido: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        numero = self.numero

        retencion = self.retencion

        nave = self.nave

        fecha = self.fecha

        galones_solicitados = self.galones_solicitados

        galones_autorizados = self.galones_autorizados

        certificado_anterior = self.certificado_anterior

        codigo_verificacion = self.codigo_verificacion

        emitido = self.emitido

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "numero": numero,
                "retencion": retencion,
                "nave": nave,
                "fecha": fecha,
                "galones_solicitados": galones_solicitados,
                "galones_autorizados": galones_autorizados,
                "certificado_anterior": certificado_anterior,
                "codigo_verificacion": codigo_verificacion,
                "emitido": emitido,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        numero = d.pop("numero")

        retencion = d.pop("retencion")

        nave = d.pop("nave")

        fecha = d.pop("fecha")

        galones_solicitados = d.pop("galones_solicitados")

        galones_autorizados = d.pop("galones_autorizados")

        certificado_anterior = d.pop("certificado_anterior")

        codigo_verificacion = d.pop("codigo_verificacion")

        emitido = d.pop("emitido")

        acto_del_mostrador = cls(
            id=id,
            numero=numero,
            retencion=retencion,
            nave=nave,
            fecha=fecha,
            galones_solicitados=galones_solicitados,
            galones_autorizados=galones_autorizados,
            certificado_anterior=certificado_anterior,
            codigo_verificacion=codigo_verificacion,
            emitido=emitido,
        )

        acto_del_mostrador.additional_properties = d
        return acto_del_mostrador

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
