from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clase_enum import ClaseEnum
from ..models.operacion_enum import OperacionEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ArriboNuevo")


@_attrs_define
class ArriboNuevo:
    """
    Attributes:
        agencia_nit (str):
        nave (str):
        ruta (str):
        puerto (str):
        fecha_arribo (datetime.date):
        operacion (OperacionEnum): * `importacion` - Importación
            * `exportacion` - Exportación
        clase (ClaseEnum): * `general` - Carga general
            * `granel` - Carga a granel
        toneladas_declaradas (str):
        fecha_aviso (datetime.date | None | Unset):
        fletamento (bool | Unset):  Default: False.
        autorizacion_fletamento (str | Unset):  Default: ''.
        carga_exenta (bool | Unset):  Default: False.
    """

    agencia_nit: str
    nave: str
    ruta: str
    puerto: str
    fecha_arribo: datetime.date
    operacion: OperacionEnum
    clase: ClaseEnum
    toneladas_declaradas: str
    fecha_aviso: datetime.date | None | Unset = UNSET
    fletamento: bool | Unset = False
    autorizacion_fletamento: str | Unset = ""
    carga_exenta: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        agencia_nit = self.agencia_nit

        nave = self.nave

        ruta = self.ruta

        puerto = self.puerto

        fecha_arribo = self.fecha_arribo.isoformat()

        operacion = self.operacion.value

        clase = self.clase.value

        toneladas_declaradas = self.toneladas_declaradas

        fecha_aviso: None | str | Unset
        if isinstance(self.fecha_aviso, Unset):
            fecha_aviso = UNSET
        elif isinstance(self.fecha_aviso, datetime.date):
            fecha_aviso = self.fecha_aviso.isoformat()
        else:
            fecha_aviso = self.fecha_aviso

        fletamento = self.fletamento

        autorizacion_fletamento = self.autorizacion_fletamento

        carga_exenta = self.carga_exenta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "agencia_nit": agencia_nit,
                "nave": nave,
                "ruta": ruta,
                "puerto": puerto,
                "fecha_arribo": fecha_arribo,
                "operacion": operacion,
                "clase": clase,
                "toneladas_declaradas": toneladas_declaradas,
            }
        )
        if fecha_aviso is not UNSET:
            field_dict["fecha_aviso"] = fecha_aviso
        if fletamento is not UNSET:
            field_dict["fletamento"] = fletamento
        if autorizacion_fletamento is not UNSET:
            field_dict["autorizacion_fletamento"] = autorizacion_fletamento
        if carga_exenta is not UNSET:
            field_dict["carga_exenta"] = carga_exenta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agencia_nit = d.pop("agencia_nit")

        nave = d.pop("nave")

        ruta = d.pop("ruta")

        puerto = d.pop("puerto")

        fecha_arribo = datetime.date.fromisoformat(d.pop("fecha_arribo"))

        operacion = OperacionEnum(d.pop("operacion"))

        clase = ClaseEnum(d.pop("clase"))

        toneladas_declaradas = d.pop("toneladas_declaradas")

        def _parse_fecha_aviso(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_aviso_type_0 = datetime.date.fromisoformat(data)

                return fecha_aviso_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_aviso = _parse_fecha_aviso(d.pop("fecha_aviso", UNSET))

        fletamento = d.pop("fletamento", UNSET)

        autorizacion_fletamento = d.pop("autorizacion_fletamento", UNSET)

        carga_exenta = d.pop("carga_exenta", UNSET)

        arribo_nuevo = cls(
            agencia_nit=agencia_nit,
            nave=nave,
            ruta=ruta,
            puerto=puerto,
            fecha_arribo=fecha_arribo,
            operacion=operacion,
            clase=clase,
            toneladas_declaradas=toneladas_declaradas,
            fecha_aviso=fecha_aviso,
            fletamento=fletamento,
            autorizacion_fletamento=autorizacion_fletamento,
            carga_exenta=carga_exenta,
        )

        arribo_nuevo.additional_properties = d
        return arribo_nuevo

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
