from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.blank_enum import BlankEnum
from ..models.mercancia_enum import MercanciaEnum
from ..models.responsabilidad_flete_enum import ResponsabilidadFleteEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="SolicitudOfertaNueva")


@_attrs_define
class SolicitudOfertaNueva:
    """
    Attributes:
        usuario_nit (str):
        ruta (str):
        mercancia (MercanciaEnum): * `ordinaria` - Mercancía ordinaria
            * `regimen_especial` - Sistemas especiales de importación y exportación
            * `zona_franca` - Mercancía para zona franca industrial
            * `papel_periodico` - Papel periódico para medios escritos
            * `importacion_menor` - Importación menor
            * `cafe_verde` - Café verde (excelso)
            * `cafe_procesado` - Café procesado
            * `carbon` - Carbón
            * `petroleo` - Petróleo
        descripcion (str):
        fecha_solicitud (datetime.date):
        responsabilidad_flete (BlankEnum | ResponsabilidadFleteEnum | Unset):  Default: BlankEnum.VALUE_0.
    """

    usuario_nit: str
    ruta: str
    mercancia: MercanciaEnum
    descripcion: str
    fecha_solicitud: datetime.date
    responsabilidad_flete: BlankEnum | ResponsabilidadFleteEnum | Unset = BlankEnum.VALUE_0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        usuario_nit = self.usuario_nit

        ruta = self.ruta

        mercancia = self.mercancia.value

        descripcion = self.descripcion

        fecha_solicitud = self.fecha_solicitud.isoformat()

        responsabilidad_flete: str | Unset
        if isinstance(self.responsabilidad_flete, Unset):
            responsabilidad_flete = UNSET
        elif isinstance(self.responsabilidad_flete, ResponsabilidadFleteEnum):
            responsabilidad_flete = self.responsabilidad_flete.value
        else:
            responsabilidad_flete = self.responsabilidad_flete.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "usuario_nit": usuario_nit,
                "ruta": ruta,
                "mercancia": mercancia,
                "descripcion": descripcion,
                "fecha_solicitud": fecha_solicitud,
            }
        )
        if responsabilidad_flete is not UNSET:
            field_dict["responsabilidad_flete"] = responsabilidad_flete

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        usuario_nit = d.pop("usuario_nit")

        ruta = d.pop("ruta")

        mercancia = MercanciaEnum(d.pop("mercancia"))

        descripcion = d.pop("descripcion")

        fecha_solicitud = datetime.date.fromisoformat(d.pop("fecha_solicitud"))

        def _parse_responsabilidad_flete(data: object) -> BlankEnum | ResponsabilidadFleteEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                responsabilidad_flete_type_0 = ResponsabilidadFleteEnum(data)

                return responsabilidad_flete_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            responsabilidad_flete_type_1 = BlankEnum(data)

            return responsabilidad_flete_type_1

        responsabilidad_flete = _parse_responsabilidad_flete(d.pop("responsabilidad_flete", UNSET))

        solicitud_oferta_nueva = cls(
            usuario_nit=usuario_nit,
            ruta=ruta,
            mercancia=mercancia,
            descripcion=descripcion,
            fecha_solicitud=fecha_solicitud,
            responsabilidad_flete=responsabilidad_flete,
        )

        solicitud_oferta_nueva.additional_properties = d
        return solicitud_oferta_nueva

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
