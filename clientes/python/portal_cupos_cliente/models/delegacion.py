from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.cargo_firma_enum import CargoFirmaEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Delegacion")


@_attrs_define
class Delegacion:
    """
    Attributes:
        id (int):
        acto (str): P. ej. «Resolución 0123 de 12 de enero de 2026».
        nombre_delegado (str):
        vigente_desde (datetime.date):
        cargo_delegante (CargoFirmaEnum | Unset): * `director_general` - Director General Marítimo
            * `secretario_general` - Secretario General de Dimar
        cargo_delegado (CargoFirmaEnum | Unset): * `director_general` - Director General Marítimo
            * `secretario_general` - Secretario General de Dimar
        vigente_hasta (datetime.date | None | Unset):
    """

    id: int
    acto: str
    nombre_delegado: str
    vigente_desde: datetime.date
    cargo_delegante: CargoFirmaEnum | Unset = UNSET
    cargo_delegado: CargoFirmaEnum | Unset = UNSET
    vigente_hasta: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        acto = self.acto

        nombre_delegado = self.nombre_delegado

        vigente_desde = self.vigente_desde.isoformat()

        cargo_delegante: str | Unset = UNSET
        if not isinstance(self.cargo_delegante, Unset):
            cargo_delegante = self.cargo_delegante.value

        cargo_delegado: str | Unset = UNSET
        if not isinstance(self.cargo_delegado, Unset):
            cargo_delegado = self.cargo_delegado.value

        vigente_hasta: None | str | Unset
        if isinstance(self.vigente_hasta, Unset):
            vigente_hasta = UNSET
        elif isinstance(self.vigente_hasta, datetime.date):
            vigente_hasta = self.vigente_hasta.isoformat()
        else:
            vigente_hasta = self.vigente_hasta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "acto": acto,
                "nombre_delegado": nombre_delegado,
                "vigente_desde": vigente_desde,
            }
        )
        if cargo_delegante is not UNSET:
            field_dict["cargo_delegante"] = cargo_delegante
        if cargo_delegado is not UNSET:
            field_dict["cargo_delegado"] = cargo_delegado
        if vigente_hasta is not UNSET:
            field_dict["vigente_hasta"] = vigente_hasta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        acto = d.pop("acto")

        nombre_delegado = d.pop("nombre_delegado")

        vigente_desde = datetime.date.fromisoformat(d.pop("vigente_desde"))

        _cargo_delegante = d.pop("cargo_delegante", UNSET)
        cargo_delegante: CargoFirmaEnum | Unset
        if isinstance(_cargo_delegante, Unset):
            cargo_delegante = UNSET
        else:
            cargo_delegante = CargoFirmaEnum(_cargo_delegante)

        _cargo_delegado = d.pop("cargo_delegado", UNSET)
        cargo_delegado: CargoFirmaEnum | Unset
        if isinstance(_cargo_delegado, Unset):
            cargo_delegado = UNSET
        else:
            cargo_delegado = CargoFirmaEnum(_cargo_delegado)

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

        delegacion = cls(
            id=id,
            acto=acto,
            nombre_delegado=nombre_delegado,
            vigente_desde=vigente_desde,
            cargo_delegante=cargo_delegante,
            cargo_delegado=cargo_delegado,
            vigente_hasta=vigente_hasta,
        )

        delegacion.additional_properties = d
        return delegacion

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
