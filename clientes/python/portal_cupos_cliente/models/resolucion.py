from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_resolucion_enum import EstadoResolucionEnum
from ..models.tipo_resolucion_enum import TipoResolucionEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Resolucion")


@_attrs_define
class Resolucion:
    """
    Attributes:
        id (int):
        anio (int):
        numero (str):
        fecha_expedicion (datetime.date):
        acto (int | None):
        extemporanea (bool):
        lineas (int):
        cupos (int):
        tipo (TipoResolucionEnum | Unset): * `anual` - Anual
            * `modificatoria` - Modificatoria
            * `adicional` - Adicional Default: TipoResolucionEnum.ANUAL.
        modifica (int | None | Unset):
        estado (EstadoResolucionEnum | Unset): * `borrador` - Borrador
            * `expidiendo` - Expidiéndose
            * `expedida` - Expedida
        considerandos (str | Unset):
        fuente_flota_fecha (datetime.date | None | Unset): D1891 art. 1.
        fuente_areas_cultivo (str | Unset):
        fuente_consumo_anio (int | None | Unset):
        firmante (str | Unset):
        transcrita (bool | Unset): Resolución expedida en papel antes del portal: conserva su fecha y su soporte.
        soporte (str | Unset): El acto en papel que se transcribe (número, fecha, archivo).
        progreso (int | Unset): Avance de la expedición (0 a 100).
        error_expedicion (str | Unset):
        expedida_en (datetime.datetime | None | Unset):
    """

    id: int
    anio: int
    numero: str
    fecha_expedicion: datetime.date
    acto: int | None
    extemporanea: bool
    lineas: int
    cupos: int
    tipo: TipoResolucionEnum | Unset = TipoResolucionEnum.ANUAL
    modifica: int | None | Unset = UNSET
    estado: EstadoResolucionEnum | Unset = UNSET
    considerandos: str | Unset = UNSET
    fuente_flota_fecha: datetime.date | None | Unset = UNSET
    fuente_areas_cultivo: str | Unset = UNSET
    fuente_consumo_anio: int | None | Unset = UNSET
    firmante: str | Unset = UNSET
    transcrita: bool | Unset = UNSET
    soporte: str | Unset = UNSET
    progreso: int | Unset = UNSET
    error_expedicion: str | Unset = UNSET
    expedida_en: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        anio = self.anio

        numero = self.numero

        fecha_expedicion = self.fecha_expedicion.isoformat()

        acto: int | None
        acto = self.acto

        extemporanea = self.extemporanea

        lineas = self.lineas

        cupos = self.cupos

        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value

        modifica: int | None | Unset
        if isinstance(self.modifica, Unset):
            modifica = UNSET
        else:
            modifica = self.modifica

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        considerandos = self.considerandos

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

        firmante = self.firmante

        transcrita = self.transcrita

        soporte = self.soporte

        progreso = self.progreso

        error_expedicion = self.error_expedicion

        expedida_en: None | str | Unset
        if isinstance(self.expedida_en, Unset):
            expedida_en = UNSET
        elif isinstance(self.expedida_en, datetime.datetime):
            expedida_en = self.expedida_en.isoformat()
        else:
            expedida_en = self.expedida_en

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "anio": anio,
                "numero": numero,
                "fecha_expedicion": fecha_expedicion,
                "acto": acto,
                "extemporanea": extemporanea,
                "lineas": lineas,
                "cupos": cupos,
            }
        )
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if modifica is not UNSET:
            field_dict["modifica"] = modifica
        if estado is not UNSET:
            field_dict["estado"] = estado
        if considerandos is not UNSET:
            field_dict["considerandos"] = considerandos
        if fuente_flota_fecha is not UNSET:
            field_dict["fuente_flota_fecha"] = fuente_flota_fecha
        if fuente_areas_cultivo is not UNSET:
            field_dict["fuente_areas_cultivo"] = fuente_areas_cultivo
        if fuente_consumo_anio is not UNSET:
            field_dict["fuente_consumo_anio"] = fuente_consumo_anio
        if firmante is not UNSET:
            field_dict["firmante"] = firmante
        if transcrita is not UNSET:
            field_dict["transcrita"] = transcrita
        if soporte is not UNSET:
            field_dict["soporte"] = soporte
        if progreso is not UNSET:
            field_dict["progreso"] = progreso
        if error_expedicion is not UNSET:
            field_dict["error_expedicion"] = error_expedicion
        if expedida_en is not UNSET:
            field_dict["expedida_en"] = expedida_en

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        anio = d.pop("anio")

        numero = d.pop("numero")

        fecha_expedicion = datetime.date.fromisoformat(d.pop("fecha_expedicion"))

        def _parse_acto(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        acto = _parse_acto(d.pop("acto"))

        extemporanea = d.pop("extemporanea")

        lineas = d.pop("lineas")

        cupos = d.pop("cupos")

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

        _estado = d.pop("estado", UNSET)
        estado: EstadoResolucionEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoResolucionEnum(_estado)

        considerandos = d.pop("considerandos", UNSET)

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

        firmante = d.pop("firmante", UNSET)

        transcrita = d.pop("transcrita", UNSET)

        soporte = d.pop("soporte", UNSET)

        progreso = d.pop("progreso", UNSET)

        error_expedicion = d.pop("error_expedicion", UNSET)

        def _parse_expedida_en(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expedida_en_type_0 = datetime.datetime.fromisoformat(data)

                return expedida_en_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        expedida_en = _parse_expedida_en(d.pop("expedida_en", UNSET))

        resolucion = cls(
            id=id,
            anio=anio,
            numero=numero,
            fecha_expedicion=fecha_expedicion,
            acto=acto,
            extemporanea=extemporanea,
            lineas=lineas,
            cupos=cupos,
            tipo=tipo,
            modifica=modifica,
            estado=estado,
            considerandos=considerandos,
            fuente_flota_fecha=fuente_flota_fecha,
            fuente_areas_cultivo=fuente_areas_cultivo,
            fuente_consumo_anio=fuente_consumo_anio,
            firmante=firmante,
            transcrita=transcrita,
            soporte=soporte,
            progreso=progreso,
            error_expedicion=error_expedicion,
            expedida_en=expedida_en,
        )

        resolucion.additional_properties = d
        return resolucion

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
