from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Municipio")


@_attrs_define
class Municipio:
    """
    Attributes:
        id (int):
        codigo_dane (str):
        nombre (str):
        departamento (str):
        poblacion (int):
        regimen_especial (None | str): F-01: the decrees that govern distribution in the municipality's department, if
            special.
        decreto_designacion (str | Unset):
        designacion_desde (datetime.date | None | Unset):
        designacion_hasta (datetime.date | None | Unset):
    """

    id: int
    codigo_dane: str
    nombre: str
    departamento: str
    poblacion: int
    regimen_especial: None | str
    decreto_designacion: str | Unset = UNSET
    designacion_desde: datetime.date | None | Unset = UNSET
    designacion_hasta: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        codigo_dane = self.codigo_dane

        nombre = self.nombre

        departamento = self.departamento

        poblacion = self.poblacion

        regimen_especial: None | str
        regimen_especial = self.regimen_especial

        decreto_designacion = self.decreto_designacion

        designacion_desde: None | str | Unset
        if isinstance(self.designacion_desde, Unset):
            designacion_desde = UNSET
        elif isinstance(self.designacion_desde, datetime.date):
            designacion_desde = self.designacion_desde.isoformat()
        else:
            designacion_desde = self.designacion_desde

        designacion_hasta: None | str | Unset
        if isinstance(self.designacion_hasta, Unset):
            designacion_hasta = UNSET
        elif isinstance(self.designacion_hasta, datetime.date):
            designacion_hasta = self.designacion_hasta.isoformat()
        else:
            designacion_hasta = self.designacion_hasta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "codigo_dane": codigo_dane,
                "nombre": nombre,
                "departamento": departamento,
                "poblacion": poblacion,
                "regimen_especial": regimen_especial,
            }
        )
        if decreto_designacion is not UNSET:
            field_dict["decreto_designacion"] = decreto_designacion
        if designacion_desde is not UNSET:
            field_dict["designacion_desde"] = designacion_desde
        if designacion_hasta is not UNSET:
            field_dict["designacion_hasta"] = designacion_hasta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        codigo_dane = d.pop("codigo_dane")

        nombre = d.pop("nombre")

        departamento = d.pop("departamento")

        poblacion = d.pop("poblacion")

        def _parse_regimen_especial(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        regimen_especial = _parse_regimen_especial(d.pop("regimen_especial"))

        decreto_designacion = d.pop("decreto_designacion", UNSET)

        def _parse_designacion_desde(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                designacion_desde_type_0 = datetime.date.fromisoformat(data)

                return designacion_desde_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        designacion_desde = _parse_designacion_desde(d.pop("designacion_desde", UNSET))

        def _parse_designacion_hasta(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                designacion_hasta_type_0 = datetime.date.fromisoformat(data)

                return designacion_hasta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        designacion_hasta = _parse_designacion_hasta(d.pop("designacion_hasta", UNSET))

        municipio = cls(
            id=id,
            codigo_dane=codigo_dane,
            nombre=nombre,
            departamento=departamento,
            poblacion=poblacion,
            regimen_especial=regimen_especial,
            decreto_designacion=decreto_designacion,
            designacion_desde=designacion_desde,
            designacion_hasta=designacion_hasta,
        )

        municipio.additional_properties = d
        return municipio

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
