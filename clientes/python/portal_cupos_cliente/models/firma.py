from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.nivel_enum import NivelEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Firma")


@_attrs_define
class Firma:
    """The PAdES signature of an issued act, as re-validating the stored file finds it (API.md
    "Signed acts"): who signed, in what capacity, when, at which PAdES level, and under which
    delegation act when a delegate signed.

        Attributes:
            valida (bool):
            firmante (str):
            cargo (str):
            entidad (str):
            fecha (datetime.datetime):
            nivel (NivelEnum): * `B-B` - B-B
                * `B-T` - B-T
                * `B-LT` - B-LT
                * `B-LTA` - B-LTA
            delegacion (None | str | Unset):
    """

    valida: bool
    firmante: str
    cargo: str
    entidad: str
    fecha: datetime.datetime
    nivel: NivelEnum
    delegacion: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        valida = self.valida

        firmante = self.firmante

        cargo = self.cargo

        entidad = self.entidad

        fecha = self.fecha.isoformat()

        nivel = self.nivel.value

        delegacion: None | str | Unset
        if isinstance(self.delegacion, Unset):
            delegacion = UNSET
        else:
            delegacion = self.delegacion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "valida": valida,
                "firmante": firmante,
                "cargo": cargo,
                "entidad": entidad,
                "fecha": fecha,
                "nivel": nivel,
            }
        )
        if delegacion is not UNSET:
            field_dict["delegacion"] = delegacion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        valida = d.pop("valida")

        firmante = d.pop("firmante")

        cargo = d.pop("cargo")

        entidad = d.pop("entidad")

        fecha = datetime.datetime.fromisoformat(d.pop("fecha"))

        nivel = NivelEnum(d.pop("nivel"))

        def _parse_delegacion(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        delegacion = _parse_delegacion(d.pop("delegacion", UNSET))

        firma = cls(
            valida=valida,
            firmante=firmante,
            cargo=cargo,
            entidad=entidad,
            fecha=fecha,
            nivel=nivel,
            delegacion=delegacion,
        )

        firma.additional_properties = d
        return firma

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
