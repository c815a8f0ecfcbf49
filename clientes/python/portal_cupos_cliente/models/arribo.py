from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.operacion_enum import OperacionEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Arribo")


@_attrs_define
class Arribo:
    """
    Attributes:
        id (int):
        agencia_nit (str):
        nave (int):
        nave_nombre (str):
        ruta (str):
        puerto (str):
        fecha_arribo (datetime.date):
        operacion (OperacionEnum): * `importacion` - Importación
            * `exportacion` - Exportación
        clase (str):
        toneladas_declaradas (None | str):
        carga_sin_declarar (bool):
        vence_sobordo (datetime.date):
        vence_conocimientos (datetime.date):
        sobordo_presentado (datetime.date | None):
        fecha_aviso (datetime.date | None | Unset):
        aviso_extemporaneo (bool | Unset):
        fletamento (bool | Unset):
        autorizacion_fletamento (str | Unset):
        carga_exenta (bool | Unset):
        sobordo_extemporaneo (bool | Unset):
        conocimientos_entregados (datetime.date | None | Unset):
    """

    id: int
    agencia_nit: str
    nave: int
    nave_nombre: str
    ruta: str
    puerto: str
    fecha_arribo: datetime.date
    operacion: OperacionEnum
    clase: str
    toneladas_declaradas: None | str
    carga_sin_declarar: bool
    vence_sobordo: datetime.date
    vence_conocimientos: datetime.date
    sobordo_presentado: datetime.date | None
    fecha_aviso: datetime.date | None | Unset = UNSET
    aviso_extemporaneo: bool | Unset = UNSET
    fletamento: bool | Unset = UNSET
    autorizacion_fletamento: str | Unset = UNSET
    carga_exenta: bool | Unset = UNSET
    sobordo_extemporaneo: bool | Unset = UNSET
    conocimientos_entregados: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        agencia_nit = self.agencia_nit

        nave = self.nave

        nave_nombre = self.nave_nombre

        ruta = self.ruta

        puerto = self.puerto

        fecha_arribo = self.fecha_arribo.isoformat()

        operacion = self.operacion.value

        clase = self.clase

        toneladas_declaradas: None | str
        toneladas_declaradas = self.toneladas_declaradas

        carga_sin_declarar = self.carga_sin_declarar

        vence_sobordo = self.vence_sobordo.isoformat()

        vence_conocimientos = self.vence_conocimientos.isoformat()

        sobordo_presentado: None | str
        if isinstance(self.sobordo_presentado, datetime.date):
            sobordo_presentado = self.sobordo_presentado.isoformat()
        else:
            sobordo_presentado = self.sobordo_presentado

        fecha_aviso: None | str | Unset
        if isinstance(self.fecha_aviso, Unset):
            fecha_aviso = UNSET
        elif isinstance(self.fecha_aviso, datetime.date):
            fecha_aviso = self.fecha_aviso.isoformat()
        else:
            fecha_aviso = self.fecha_aviso

        aviso_extemporaneo = self.aviso_extemporaneo

        fletamento = self.fletamento

        autorizacion_fletamento = self.autorizacion_fletamento

        carga_exenta = self.carga_exenta

        sobordo_extemporaneo = self.sobordo_extemporaneo

        conocimientos_entregados: None | str | Unset
        if isinstance(self.conocimientos_entregados, Unset):
            conocimientos_entregados = UNSET
        elif isinstance(self.conocimientos_entregados, datetime.date):
            conocimientos_entregados = self.conocimientos_entregados.isoformat()
        else:
            conocimientos_entregados = self.conocimientos_entregados

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "agencia_nit": agencia_nit,
                "nave": nave,
                "nave_nombre": nave_nombre,
                "ruta": ruta,
                "puerto": puerto,
                "fecha_arribo": fecha_arribo,
                "operacion": operacion,
                "clase": clase,
                "toneladas_declaradas": toneladas_declaradas,
                "carga_sin_declarar": carga_sin_declarar,
                "vence_sobordo": vence_sobordo,
                "vence_conocimientos": vence_conocimientos,
                "sobordo_presentado": sobordo_presentado,
            }
        )
        if fecha_aviso is not UNSET:
            field_dict["fecha_aviso"] = fecha_aviso
        if aviso_extemporaneo is not UNSET:
            field_dict["aviso_extemporaneo"] = aviso_extemporaneo
        if fletamento is not UNSET:
            field_dict["fletamento"] = fletamento
        if autorizacion_fletamento is not UNSET:
            field_dict["autorizacion_fletamento"] = autorizacion_fletamento
        if carga_exenta is not UNSET:
            field_dict["carga_exenta"] = carga_exenta
        if sobordo_extemporaneo is not UNSET:
            field_dict["sobordo_extemporaneo"] = sobordo_extemporaneo
        if conocimientos_entregados is not UNSET:
            field_dict["conocimientos_entregados"] = conocimientos_entregados

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        agencia_nit = d.pop("agencia_nit")

        nave = d.pop("nave")

        nave_nombre = d.pop("nave_nombre")

        ruta = d.pop("ruta")

        puerto = d.pop("puerto")

        fecha_arribo = datetime.date.fromisoformat(d.pop("fecha_arribo"))

        operacion = OperacionEnum(d.pop("operacion"))

        clase = d.pop("clase")

        def _parse_toneladas_declaradas(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        toneladas_declaradas = _parse_toneladas_declaradas(d.pop("toneladas_declaradas"))

        carga_sin_declarar = d.pop("carga_sin_declarar")

        vence_sobordo = datetime.date.fromisoformat(d.pop("vence_sobordo"))

        vence_conocimientos = datetime.date.fromisoformat(d.pop("vence_conocimientos"))

        def _parse_sobordo_presentado(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sobordo_presentado_type_0 = datetime.date.fromisoformat(data)

                return sobordo_presentado_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        sobordo_presentado = _parse_sobordo_presentado(d.pop("sobordo_presentado"))

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

        aviso_extemporaneo = d.pop("aviso_extemporaneo", UNSET)

        fletamento = d.pop("fletamento", UNSET)

        autorizacion_fletamento = d.pop("autorizacion_fletamento", UNSET)

        carga_exenta = d.pop("carga_exenta", UNSET)

        sobordo_extemporaneo = d.pop("sobordo_extemporaneo", UNSET)

        def _parse_conocimientos_entregados(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                conocimientos_entregados_type_0 = datetime.date.fromisoformat(data)

                return conocimientos_entregados_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        conocimientos_entregados = _parse_conocimientos_entregados(d.pop("conocimientos_entregados", UNSET))

        arribo = cls(
            id=id,
            agencia_nit=agencia_nit,
            nave=nave,
            nave_nombre=nave_nombre,
            ruta=ruta,
            puerto=puerto,
            fecha_arribo=fecha_arribo,
            operacion=operacion,
            clase=clase,
            toneladas_declaradas=toneladas_declaradas,
            carga_sin_declarar=carga_sin_declarar,
            vence_sobordo=vence_sobordo,
            vence_conocimientos=vence_conocimientos,
            sobordo_presentado=sobordo_presentado,
            fecha_aviso=fecha_aviso,
            aviso_extemporaneo=aviso_extemporaneo,
            fletamento=fletamento,
            autorizacion_fletamento=autorizacion_fletamento,
            carga_exenta=carga_exenta,
            sobordo_extemporaneo=sobordo_extemporaneo,
            conocimientos_entregados=conocimientos_entregados,
        )

        arribo.additional_properties = d
        return arribo

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
