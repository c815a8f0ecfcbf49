from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.combustible_frontera_enum import CombustibleFronteraEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="AsignacionNueva")


@_attrs_define
class AsignacionNueva:
    """
    Attributes:
        municipio (str):
        combustible (CombustibleFronteraEnum): * `gasolina` - Gasolina motor
            * `acpm` - ACPM
            * `electrocombustible` - Electrocombustible
        anio_inicio (int):
        indicador_per_capita (str):
        factor_gnv (str):
        factor_flujo (str):
        resolucion (str | Unset):  Default: ''.
        transcrita (bool | Unset):  Default: False.
        fecha_expedicion (datetime.date | None | Unset):
        soporte (str | Unset):  Default: ''.
    """

    municipio: str
    combustible: CombustibleFronteraEnum
    anio_inicio: int
    indicador_per_capita: str
    factor_gnv: str
    factor_flujo: str
    resolucion: str | Unset = ""
    transcrita: bool | Unset = False
    fecha_expedicion: datetime.date | None | Unset = UNSET
    soporte: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        municipio = self.municipio

        combustible = self.combustible.value

        anio_inicio = self.anio_inicio

        indicador_per_capita = self.indicador_per_capita

        factor_gnv = self.factor_gnv

        factor_flujo = self.factor_flujo

        resolucion = self.resolucion

        transcrita = self.transcrita

        fecha_expedicion: None | str | Unset
        if isinstance(self.fecha_expedicion, Unset):
            fecha_expedicion = UNSET
        elif isinstance(self.fecha_expedicion, datetime.date):
            fecha_expedicion = self.fecha_expedicion.isoformat()
        else:
            fecha_expedicion = self.fecha_expedicion

        soporte = self.soporte

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "municipio": municipio,
                "combustible": combustible,
                "anio_inicio": anio_inicio,
                "indicador_per_capita": indicador_per_capita,
                "factor_gnv": factor_gnv,
                "factor_flujo": factor_flujo,
            }
        )
        if resolucion is not UNSET:
            field_dict["resolucion"] = resolucion
        if transcrita is not UNSET:
            field_dict["transcrita"] = transcrita
        if fecha_expedicion is not UNSET:
            field_dict["fecha_expedicion"] = fecha_expedicion
        if soporte is not UNSET:
            field_dict["soporte"] = soporte

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        municipio = d.pop("municipio")

        combustible = CombustibleFronteraEnum(d.pop("combustible"))

        anio_inicio = d.pop("anio_inicio")

        indicador_per_capita = d.pop("indicador_per_capita")

        factor_gnv = d.pop("factor_gnv")

        factor_flujo = d.pop("factor_flujo")

        resolucion = d.pop("resolucion", UNSET)

        transcrita = d.pop("transcrita", UNSET)

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

        soporte = d.pop("soporte", UNSET)

        asignacion_nueva = cls(
            municipio=municipio,
            combustible=combustible,
            anio_inicio=anio_inicio,
            indicador_per_capita=indicador_per_capita,
            factor_gnv=factor_gnv,
            factor_flujo=factor_flujo,
            resolucion=resolucion,
            transcrita=transcrita,
            fecha_expedicion=fecha_expedicion,
            soporte=soporte,
        )

        asignacion_nueva.additional_properties = d
        return asignacion_nueva

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
