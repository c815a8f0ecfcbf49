from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.combustible_frontera_enum import CombustibleFronteraEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="GranConsumidor")


@_attrs_define
class GranConsumidor:
    """
    Attributes:
        id (int):
        nit (str):
        nombre (str):
        municipio (str):
        combustible (CombustibleFronteraEnum): * `gasolina` - Gasolina motor
            * `acpm` - ACPM
            * `electrocombustible` - Electrocombustible
        volumen_mensual (str):
        fuente (str): Resolución de la UPME y su fecha.
        metodologia (str | Unset):
        vigente_desde (datetime.date | None | Unset):
        vigente_hasta (datetime.date | None | Unset):
        fecha_ejecutoria (datetime.date | None | Unset): El volumen rige desde que el acto queda en firme.
    """

    id: int
    nit: str
    nombre: str
    municipio: str
    combustible: CombustibleFronteraEnum
    volumen_mensual: str
    fuente: str
    metodologia: str | Unset = UNSET
    vigente_desde: datetime.date | None | Unset = UNSET
    vigente_hasta: datetime.date | None | Unset = UNSET
    fecha_ejecutoria: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        nit = self.nit

        nombre = self.nombre

        municipio = self.municipio

        combustible = self.combustible.value

        volumen_mensual = self.volumen_mensual

        fuente = self.fuente

        metodologia = self.metodologia

        vigente_desde: None | str | Unset
        if isinstance(self.vigente_desde, Unset):
            vigente_desde = UNSET
        elif isinstance(self.vigente_desde, datetime.date):
            vigente_desde = self.vigente_desde.isoformat()
        else:
            vigente_desde = self.vigente_desde

        vigente_hasta: None | str | Unset
        if isinstance(self.vigente_hasta, Unset):
            vigente_hasta = UNSET
        elif isinstance(self.vigente_hasta, datetime.date):
            vigente_hasta = self.vigente_hasta.isoformat()
        else:
            vigente_hasta = self.vigente_hasta

        fecha_ejecutoria: None | str | Unset
        if isinstance(self.fecha_ejecutoria, Unset):
            fecha_ejecutoria = UNSET
        elif isinstance(self.fecha_ejecutoria, datetime.date):
            fecha_ejecutoria = self.fecha_ejecutoria.isoformat()
        else:
            fecha_ejecutoria = self.fecha_ejecutoria

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "nit": nit,
                "nombre": nombre,
                "municipio": municipio,
                "combustible": combustible,
                "volumen_mensual": volumen_mensual,
                "fuente": fuente,
            }
        )
        if metodologia is not UNSET:
            field_dict["metodologia"] = metodologia
        if vigente_desde is not UNSET:
            field_dict["vigente_desde"] = vigente_desde
        if vigente_hasta is not UNSET:
            field_dict["vigente_hasta"] = vigente_hasta
        if fecha_ejecutoria is not UNSET:
            field_dict["fecha_ejecutoria"] = fecha_ejecutoria

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        nit = d.pop("nit")

        nombre = d.pop("nombre")

        municipio = d.pop("municipio")

        combustible = CombustibleFronteraEnum(d.pop("combustible"))

        volumen_mensual = d.pop("volumen_mensual")

        fuente = d.pop("fuente")

        metodologia = d.pop("metodologia", UNSET)

        def _parse_vigente_desde(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vigente_desde_type_0 = datetime.date.fromisoformat(data)

                return vigente_desde_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vigente_desde = _parse_vigente_desde(d.pop("vigente_desde", UNSET))

        def _parse_vigente_hasta(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vigente_hasta_type_0 = datetime.date.fromisoformat(data)

                return vigente_hasta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vigente_hasta = _parse_vigente_hasta(d.pop("vigente_hasta", UNSET))

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

        gran_consumidor = cls(
            id=id,
            nit=nit,
            nombre=nombre,
            municipio=municipio,
            combustible=combustible,
            volumen_mensual=volumen_mensual,
            fuente=fuente,
            metodologia=metodologia,
            vigente_desde=vigente_desde,
            vigente_hasta=vigente_hasta,
            fecha_ejecutoria=fecha_ejecutoria,
        )

        gran_consumidor.additional_properties = d
        return gran_consumidor

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
