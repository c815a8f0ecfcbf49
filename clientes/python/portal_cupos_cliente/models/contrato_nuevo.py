from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clase_enum import ClaseEnum
from ..models.operacion_enum import OperacionEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ContratoNuevo")


@_attrs_define
class ContratoNuevo:
    """
    Attributes:
        usuario_nit (str):
        anio (int):
        producto (str):
        toneladas_anio (str):
        puerto_origen (str):
        puerto_destino (str):
        toneladas_embarque (str):
        periodicidad (str):
        primer_embarque (datetime.date):
        fecha_presentacion (datetime.date):
        clase (ClaseEnum | Unset): * `general` - Carga general
            * `granel` - Carga a granel Default: ClaseEnum.GRANEL.
        operacion (OperacionEnum | Unset): * `importacion` - Importación
            * `exportacion` - Exportación Default: OperacionEnum.IMPORTACION.
    """

    usuario_nit: str
    anio: int
    producto: str
    toneladas_anio: str
    puerto_origen: str
    puerto_destino: str
    toneladas_embarque: str
    periodicidad: str
    primer_embarque: datetime.date
    fecha_presentacion: datetime.date
    clase: ClaseEnum | Unset = ClaseEnum.GRANEL
    operacion: OperacionEnum | Unset = OperacionEnum.IMPORTACION
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        usuario_nit = self.usuario_nit

        anio = self.anio

        producto = self.producto

        toneladas_anio = self.toneladas_anio

        puerto_origen = self.puerto_origen

        puerto_destino = self.puerto_destino

        toneladas_embarque = self.toneladas_embarque

        periodicidad = self.periodicidad

        primer_embarque = self.primer_embarque.isoformat()

        fecha_presentacion = self.fecha_presentacion.isoformat()

        clase: str | Unset = UNSET
        if not isinstance(self.clase, Unset):
            clase = self.clase.value

        operacion: str | Unset = UNSET
        if not isinstance(self.operacion, Unset):
            operacion = self.operacion.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "usuario_nit": usuario_nit,
                "anio": anio,
                "producto": producto,
                "toneladas_anio": toneladas_anio,
                "puerto_origen": puerto_origen,
                "puerto_destino": puerto_destino,
                "toneladas_embarque": toneladas_embarque,
                "periodicidad": periodicidad,
                "primer_embarque": primer_embarque,
                "fecha_presentacion": fecha_presentacion,
            }
        )
        if clase is not UNSET:
            field_dict["clase"] = clase
        if operacion is not UNSET:
            field_dict["operacion"] = operacion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        usuario_nit = d.pop("usuario_nit")

        anio = d.pop("anio")

        producto = d.pop("producto")

        toneladas_anio = d.pop("toneladas_anio")

        puerto_origen = d.pop("puerto_origen")

        puerto_destino = d.pop("puerto_destino")

        toneladas_embarque = d.pop("toneladas_embarque")

        periodicidad = d.pop("periodicidad")

        primer_embarque = datetime.date.fromisoformat(d.pop("primer_embarque"))

        fecha_presentacion = datetime.date.fromisoformat(d.pop("fecha_presentacion"))

        _clase = d.pop("clase", UNSET)
        clase: ClaseEnum | Unset
        if isinstance(_clase, Unset):
            clase = UNSET
        else:
            clase = ClaseEnum(_clase)

        _operacion = d.pop("operacion", UNSET)
        operacion: OperacionEnum | Unset
        if isinstance(_operacion, Unset):
            operacion = UNSET
        else:
            operacion = OperacionEnum(_operacion)

        contrato_nuevo = cls(
            usuario_nit=usuario_nit,
            anio=anio,
            producto=producto,
            toneladas_anio=toneladas_anio,
            puerto_origen=puerto_origen,
            puerto_destino=puerto_destino,
            toneladas_embarque=toneladas_embarque,
            periodicidad=periodicidad,
            primer_embarque=primer_embarque,
            fecha_presentacion=fecha_presentacion,
            clase=clase,
            operacion=operacion,
        )

        contrato_nuevo.additional_properties = d
        return contrato_nuevo

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
