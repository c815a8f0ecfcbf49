from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.combustible_frontera_enum import CombustibleFronteraEnum
from ..models.estado_asignacion_enum import EstadoAsignacionEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.asignacion_estacion import AsignacionEstacion
    from ..models.vigencia import Vigencia


T = TypeVar("T", bound="Asignacion")


@_attrs_define
class Asignacion:
    """
    Attributes:
        id (int):
        municipio (str):
        combustible (CombustibleFronteraEnum): * `gasolina` - Gasolina motor
            * `acpm` - ACPM
            * `electrocombustible` - Electrocombustible
        anio_inicio (int):
        volumen_municipal (str):
        vigencia (Vigencia): From when to when something is in force (both days included).
        acto (int | None):
        ejecutoria_prevista (datetime.date | None):
        estaciones (list[AsignacionEstacion]):
        estado (EstadoAsignacionEnum | Unset): * `expedida` - Expedida
            * `ejecutoriada` - Ejecutoriada (en firme)
        fecha_ejecutoria (datetime.date | None | Unset):
        resolucion (str | Unset):
        copia_ecopetrol_enviada (datetime.datetime | None | Unset):
        copia_ecopetrol_acuse (datetime.datetime | None | Unset):
        ejecutoria_ecopetrol_enviada (datetime.datetime | None | Unset):
        ejecutoria_ecopetrol_acuse (datetime.datetime | None | Unset):
    """

    id: int
    municipio: str
    combustible: CombustibleFronteraEnum
    anio_inicio: int
    volumen_municipal: str
    vigencia: Vigencia
    acto: int | None
    ejecutoria_prevista: datetime.date | None
    estaciones: list[AsignacionEstacion]
    estado: EstadoAsignacionEnum | Unset = UNSET
    fecha_ejecutoria: datetime.date | None | Unset = UNSET
    resolucion: str | Unset = UNSET
    copia_ecopetrol_enviada: datetime.datetime | None | Unset = UNSET
    copia_ecopetrol_acuse: datetime.datetime | None | Unset = UNSET
    ejecutoria_ecopetrol_enviada: datetime.datetime | None | Unset = UNSET
    ejecutoria_ecopetrol_acuse: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        municipio = self.municipio

        combustible = self.combustible.value

        anio_inicio = self.anio_inicio

        volumen_municipal = self.volumen_municipal

        vigencia = self.vigencia.to_dict()

        acto: int | None
        acto = self.acto

        ejecutoria_prevista: None | str
        if isinstance(self.ejecutoria_prevista, datetime.date):
            ejecutoria_prevista = self.ejecutoria_prevista.isoformat()
        else:
            ejecutoria_prevista = self.ejecutoria_prevista

        estaciones = []
        for estaciones_item_data in self.estaciones:
            estaciones_item = estaciones_item_data.to_dict()
            estaciones.append(estaciones_item)

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        fecha_ejecutoria: None | str | Unset
        if isinstance(self.fecha_ejecutoria, Unset):
            fecha_ejecutoria = UNSET
        elif isinstance(self.fecha_ejecutoria, datetime.date):
            fecha_ejecutoria = self.fecha_ejecutoria.isoformat()
        else:
            fecha_ejecutoria = self.fecha_ejecutoria

        resolucion = self.resolucion

        copia_ecopetrol_enviada: None | str | Unset
        if isinstance(self.copia_ecopetrol_enviada, Unset):
            copia_ecopetrol_enviada = UNSET
        elif isinstance(self.copia_ecopetrol_enviada, datetime.datetime):
            copia_ecopetrol_enviada = self.copia_ecopetrol_enviada.isoformat()
        else:
            copia_ecopetrol_enviada = self.copia_ecopetrol_enviada

        copia_ecopetrol_acuse: None | str | Unset
        if isinstance(self.copia_ecopetrol_acuse, Unset):
            copia_ecopetrol_acuse = UNSET
        elif isinstance(self.copia_ecopetrol_acuse, datetime.datetime):
            copia_ecopetrol_acuse = self.copia_ecopetrol_acuse.isoformat()
        else:
            copia_ecopetrol_acuse = self.copia_ecopetrol_acuse

        ejecutoria_ecopetrol_enviada: None | str | Unset
        if isinstance(self.ejecutoria_ecopetrol_enviada, Unset):
            ejecutoria_ecopetrol_enviada = UNSET
        elif isinstance(self.ejecutoria_ecopetrol_enviada, datetime.datetime):
            ejecutoria_ecopetrol_enviada = self.ejecutoria_ecopetrol_enviada.isoformat()
        else:
            ejecutoria_ecopetrol_enviada = self.ejecutoria_ecopetrol_enviada

        ejecutoria_ecopetrol_acuse: None | str | Unset
        if isinstance(self.ejecutoria_ecopetrol_acuse, Unset):
            ejecutoria_ecopetrol_acuse = UNSET
        elif isinstance(self.ejecutoria_ecopetrol_acuse, datetime.datetime):
            ejecutoria_ecopetrol_acuse = self.ejecutoria_ecopetrol_acuse.isoformat()
        else:
            ejecutoria_ecopetrol_acuse = self.ejecutoria_ecopetrol_acuse

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "municipio": municipio,
                "combustible": combustible,
                "anio_inicio": anio_inicio,
                "volumen_municipal": volumen_municipal,
                "vigencia": vigencia,
                "acto": acto,
                "ejecutoria_prevista": ejecutoria_prevista,
                "estaciones": estaciones,
            }
        )
        if estado is not UNSET:
            field_dict["estado"] = estado
        if fecha_ejecutoria is not UNSET:
            field_dict["fecha_ejecutoria"] = fecha_ejecutoria
        if resolucion is not UNSET:
            field_dict["resolucion"] = resolucion
        if copia_ecopetrol_enviada is not UNSET:
            field_dict["copia_ecopetrol_enviada"] = copia_ecopetrol_enviada
        if copia_ecopetrol_acuse is not UNSET:
            field_dict["copia_ecopetrol_acuse"] = copia_ecopetrol_acuse
        if ejecutoria_ecopetrol_enviada is not UNSET:
            field_dict["ejecutoria_ecopetrol_enviada"] = ejecutoria_ecopetrol_enviada
        if ejecutoria_ecopetrol_acuse is not UNSET:
            field_dict["ejecutoria_ecopetrol_acuse"] = ejecutoria_ecopetrol_acuse

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.asignacion_estacion import AsignacionEstacion  # noqa: PLC0415
        from ..models.vigencia import Vigencia  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        municipio = d.pop("municipio")

        combustible = CombustibleFronteraEnum(d.pop("combustible"))

        anio_inicio = d.pop("anio_inicio")

        volumen_municipal = d.pop("volumen_municipal")

        vigencia = Vigencia.from_dict(d.pop("vigencia"))

        def _parse_acto(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        acto = _parse_acto(d.pop("acto"))

        def _parse_ejecutoria_prevista(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ejecutoria_prevista_type_0 = datetime.date.fromisoformat(data)

                return ejecutoria_prevista_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        ejecutoria_prevista = _parse_ejecutoria_prevista(d.pop("ejecutoria_prevista"))

        estaciones = []
        _estaciones = d.pop("estaciones")
        for estaciones_item_data in _estaciones:
            estaciones_item = AsignacionEstacion.from_dict(estaciones_item_data)

            estaciones.append(estaciones_item)

        _estado = d.pop("estado", UNSET)
        estado: EstadoAsignacionEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoAsignacionEnum(_estado)

        def _parse_fecha_ejecutoria(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_ejecutoria_type_0 = datetime.date.fromisoformat(data)

                return fecha_ejecutoria_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_ejecutoria = _parse_fecha_ejecutoria(d.pop("fecha_ejecutoria", UNSET))

        resolucion = d.pop("resolucion", UNSET)

        def _parse_copia_ecopetrol_enviada(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                copia_ecopetrol_enviada_type_0 = datetime.datetime.fromisoformat(data)

                return copia_ecopetrol_enviada_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        copia_ecopetrol_enviada = _parse_copia_ecopetrol_enviada(d.pop("copia_ecopetrol_enviada", UNSET))

        def _parse_copia_ecopetrol_acuse(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                copia_ecopetrol_acuse_type_0 = datetime.datetime.fromisoformat(data)

                return copia_ecopetrol_acuse_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        copia_ecopetrol_acuse = _parse_copia_ecopetrol_acuse(d.pop("copia_ecopetrol_acuse", UNSET))

        def _parse_ejecutoria_ecopetrol_enviada(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ejecutoria_ecopetrol_enviada_type_0 = datetime.datetime.fromisoformat(data)

                return ejecutoria_ecopetrol_enviada_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        ejecutoria_ecopetrol_enviada = _parse_ejecutoria_ecopetrol_enviada(d.pop("ejecutoria_ecopetrol_enviada", UNSET))

        def _parse_ejecutoria_ecopetrol_acuse(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ejecutoria_ecopetrol_acuse_type_0 = datetime.datetime.fromisoformat(data)

                return ejecutoria_ecopetrol_acuse_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        ejecutoria_ecopetrol_acuse = _parse_ejecutoria_ecopetrol_acuse(d.pop("ejecutoria_ecopetrol_acuse", UNSET))

        asignacion = cls(
            id=id,
            municipio=municipio,
            combustible=combustible,
            anio_inicio=anio_inicio,
            volumen_municipal=volumen_municipal,
            vigencia=vigencia,
            acto=acto,
            ejecutoria_prevista=ejecutoria_prevista,
            estaciones=estaciones,
            estado=estado,
            fecha_ejecutoria=fecha_ejecutoria,
            resolucion=resolucion,
            copia_ecopetrol_enviada=copia_ecopetrol_enviada,
            copia_ecopetrol_acuse=copia_ecopetrol_acuse,
            ejecutoria_ecopetrol_enviada=ejecutoria_ecopetrol_enviada,
            ejecutoria_ecopetrol_acuse=ejecutoria_ecopetrol_acuse,
        )

        asignacion.additional_properties = d
        return asignacion

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
