from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.cargo_firma_enum import CargoFirmaEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="FirmaDecision")


@_attrs_define
class FirmaDecision:
    """
    Attributes:
        cargo (CargoFirmaEnum): * `director_general` - Director General Marítimo
            * `secretario_general` - Secretario General de Dimar
        acto_delegacion (None | str | Unset):
        nombre (None | str | Unset):
    """

    cargo: CargoFirmaEnum
    acto_delegacion: None | str | Unset = UNSET
    nombre: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cargo = self.cargo.value

        acto_delegacion: None | str | Unset
        if isinstance(self.acto_delegacion, Unset):
            acto_delegacion = UNSET
        else:
            acto_delegacion = self.acto_delegacion

        nombre: None | str | Unset
        if isinstance(self.nombre, Unset):
            nombre = UNSET
        else:
            nombre = self.nombre

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cargo": cargo,
            }
        )
        if acto_delegacion is not UNSET:
            field_dict["acto_delegacion"] = acto_delegacion
        if nombre is not UNSET:
            field_dict["nombre"] = nombre

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cargo = CargoFirmaEnum(d.pop("cargo"))

        def _parse_acto_delegacion(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        acto_delegacion = _parse_acto_delegacion(d.pop("acto_delegacion", UNSET))

        def _parse_nombre(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nombre = _parse_nombre(d.pop("nombre", UNSET))

        firma_decision = cls(
            cargo=cargo,
            acto_delegacion=acto_delegacion,
            nombre=nombre,
        )

        firma_decision.additional_properties = d
        return firma_decision

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
