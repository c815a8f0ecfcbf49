from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tipo_resolucion_enum import TipoResolucionEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ResolucionNueva")


@_attrs_define
class ResolucionNueva:
    """
    Attributes:
        anio (int):
        numero (str):
        fecha_expedicion (datetime.date | None | Unset):
        transcrita (bool | Unset):  Default: False.
        soporte (str | Unset):  Default: ''.
        considerandos (str | Unset):  Default: ''.
        firmante (str | Unset):  Default: ''.
        tipo (TipoResolucionEnum | Unset): * `anual` - Anual
            * `modificatoria` - Modificatoria
            * `adicional` - Adicional
        modifica (int | None | Unset):
        fuente_flota_fecha (datetime.date | None | Unset):
        fuente_areas_cultivo (str | Unset):  Default: ''.
        fuente_consumo_anio (int | None | Unset):
    """

    anio: int
    numero: str
    fecha_expedicion: datetime.date | None | Unset = UNSET
    transcrita: bool | Unset = False
    soporte: str | Unset = ""
    considerandos: str | Unset = ""
    firmante: str | Unset = ""
    tipo: TipoResolucionEnum | Unset = UNSET
    modifica: int | None | Unset = UNSET
    fuente_flota_fecha: datetime.date | None | Unset = UNSET
    fuente_areas_cultivo: str | Unset = ""
    fuente_consumo_anio: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        anio = self.anio

        numero = self.numero

        fecha_expedicion: None | str | Unset
        if isinstance(self.fecha_expedicion, Unset):
            fecha_expedicion = UNSET
        elif isinstance(self.fecha_expedicion, datetime.date):
            fecha_expedicion = self.fecha_expedicion.isoformat()
        else:
            fecha_expedicion = self.fecha_expedicion

        transcrita = self.transcrita

        soporte = self.soporte

        considerandos = self.considerandos

        firmante = self.firmante

        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value

        modifica: int | None | Unset
        if isinstance(self.modifica, Unset):
            modifica = UNSET
        else:
            modifica = self.modifica

        fuente_flota_fecha: None | str | Unset
        if isinstance(self.fuente_flota_fecha, Unset):
            fuente_flota_fecha = UNSET
        elif isinstance(self.fuente_flota_fecha, datetime.date):
            fuente_flota_fecha = self.fuente_flota_fecha.isoformat()
        else:
            fuente_flota_fecha = self.fuente_flota_fecha

        fuente_areas_cultivo = self.fuente_areas_cultivo

        fuente_consumo_anio: int | None | Unset
        if isinstance(self.fuente_consumo_anio, Unset):
            fuente_consumo_anio = UNSET
        else:
            fuente_consumo_anio = self.fuente_consumo_anio

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "anio": anio,
                "numero": numero,
            }
        )
        if fecha_expedicion is not UNSET:
            field_dict["fecha_expedicion"] = fecha_expedicion
        if transcrita is not UNSET:
            field_dict["transcrita"] = transcrita
        if soporte is not UNSET:
            field_dict["soporte"] = soporte
        if considerandos is not UNSET:
            field_dict["considerandos"] = considerandos
        if firmante is not UNSET:
            field_dict["firmante"] = firmante
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if modifica is not UNSET:
            field_dict["modifica"] = modifica
        if fuente_flota_fecha is not UNSET:
            field_dict["fuente_flota_fecha"] = fuente_flota_fecha
        if fuente_areas_cultivo is not UNSET:
            field_dict["fuente_areas_cultivo"] = fuente_areas_cultivo
        if fuente_consumo_anio is not UNSET:
            field_dict["fuente_consumo_anio"] = fuente_consumo_anio

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        anio = d.pop("anio")

        numero = d.pop("numero")

        def _parse_fecha_expedicion(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_expedicion_type_0 = datetime.date.fromisoformat(data)

                return fecha_expedicion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_expedicion = _parse_fecha_expedicion(d.pop("fecha_expedicion", UNSET))

        transcrita = d.pop("transcrita", UNSET)

        soporte = d.pop("soporte", UNSET)

        considerandos = d.pop("considerandos", UNSET)

        firmante = d.pop("firmante", UNSET)

        _tipo = d.pop("tipo", UNSET)
        tipo: TipoResolucionEnum | Unset
        if isinstance(_tipo, Unset):
            tipo = UNSET
        else:
            tipo = TipoResolucionEnum(_tipo)

        def _parse_modifica(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        modifica = _parse_modifica(d.pop("modifica", UNSET))

        def _parse_fuente_flota_fecha(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fuente_flota_fecha_type_0 = datetime.date.fromisoformat(data)

                return fuente_flota_fecha_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fuente_flota_fecha = _parse_fuente_flota_fecha(d.pop("fuente_flota_fecha", UNSET))

        fuente_areas_cultivo = d.pop("fuente_areas_cultivo", UNSET)

        def _parse_fuente_consumo_anio(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        fuente_consumo_anio = _parse_fuente_consumo_anio(d.pop("fuente_consumo_anio", UNSET))

        resolucion_nueva = cls(
            anio=anio,
            numero=numero,
            fecha_expedicion=fecha_expedicion,
            transcrita=transcrita,
            soporte=soporte,
            considerandos=considerandos,
            firmante=firmante,
            tipo=tipo,
            modifica=modifica,
            fuente_flota_fecha=fuente_flota_fecha,
            fuente_areas_cultivo=fuente_areas_cultivo,
            fuente_consumo_anio=fuente_consumo_anio,
        )

        resolucion_nueva.additional_properties = d
        return resolucion_nueva

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
