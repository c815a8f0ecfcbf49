from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="EstacionNueva")


@_attrs_define
class EstacionNueva:
    """
    Attributes:
        codigo (str):
        nombre (str):
        municipio (str):
        capacidad_certificada_gal (str):
        fecha_certificado (datetime.date):
        fecha_entrega_certificado (datetime.date):
        empresa_transporte (bool | Unset):  Default: False.
        inicio_operacion (datetime.date | None | Unset):
    """

    codigo: str
    nombre: str
    municipio: str
    capacidad_certificada_gal: str
    fecha_certificado: datetime.date
    fecha_entrega_certificado: datetime.date
    empresa_transporte: bool | Unset = False
    inicio_operacion: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        codigo = self.codigo

        nombre = self.nombre

        municipio = self.municipio

        capacidad_certificada_gal = self.capacidad_certificada_gal

        fecha_certificado = self.fecha_certificado.isoformat()

        fecha_entrega_certificado = self.fecha_entrega_certificado.isoformat()

        empresa_transporte = self.empresa_transporte

        inicio_operacion: None | str | Unset
        if isinstance(self.inicio_operacion, Unset):
            inicio_operacion = UNSET
        elif isinstance(self.inicio_operacion, datetime.date):
            inicio_operacion = self.inicio_operacion.isoformat()
        else:
            inicio_operacion = self.inicio_operacion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "codigo": codigo,
                "nombre": nombre,
                "municipio": municipio,
                "capacidad_certificada_gal": capacidad_certificada_gal,
                "fecha_certificado": fecha_certificado,
                "fecha_entrega_certificado": fecha_entrega_certificado,
            }
        )
        if empresa_transporte is not UNSET:
            field_dict["empresa_transporte"] = empresa_transporte
        if inicio_operacion is not UNSET:
            field_dict["inicio_operacion"] = inicio_operacion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        codigo = d.pop("codigo")

        nombre = d.pop("nombre")

        municipio = d.pop("municipio")

        capacidad_certificada_gal = d.pop("capacidad_certificada_gal")

        fecha_certificado = datetime.date.fromisoformat(d.pop("fecha_certificado"))

        fecha_entrega_certificado = datetime.date.fromisoformat(d.pop("fecha_entrega_certificado"))

        empresa_transporte = d.pop("empresa_transporte", UNSET)

        def _parse_inicio_operacion(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                inicio_operacion_type_0 = datetime.date.fromisoformat(data)

                return inicio_operacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        inicio_operacion = _parse_inicio_operacion(d.pop("inicio_operacion", UNSET))

        estacion_nueva = cls(
            codigo=codigo,
            nombre=nombre,
            municipio=municipio,
            capacidad_certificada_gal=capacidad_certificada_gal,
            fecha_certificado=fecha_certificado,
            fecha_entrega_certificado=fecha_entrega_certificado,
            empresa_transporte=empresa_transporte,
            inicio_operacion=inicio_operacion,
        )

        estacion_nueva.additional_properties = d
        return estacion_nueva

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
