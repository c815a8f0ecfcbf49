from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="FirmaExoneracion")


@_attrs_define
class FirmaExoneracion:
    """
    Attributes:
        cargo (str):
        nombre (str):
        acto_delegacion (None | str | Unset):
    """

    cargo: str
    nombre: str
    acto_delegacion: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cargo = self.cargo

        nombre = self.nombre

        acto_delegacion: None | str | Unset
        if isinstance(self.acto_delegacion, Unset):
            acto_delegacion = UNSET
        else:
            acto_delegacion = self.acto_delegacion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cargo": cargo,
                "nombre": nombre,
            }
        )
        if acto_delegacion is not UNSET:
            field_dict["acto_delegacion"] = acto_delegacion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cargo = d.pop("cargo")

        nombre = d.pop("nombre")

        def _parse_acto_delegacion(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        acto_delegacion = _parse_acto_delegacion(d.pop("acto_delegacion", UNSET))

        firma_exoneracion = cls(
            cargo=cargo,
            nombre=nombre,
            acto_delegacion=acto_delegacion,
        )

        firma_exoneracion.additional_properties = d
        return firma_exoneracion

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
