from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Retener")


@_attrs_define
class Retener:
    """
    Attributes:
        naves (list[int] | Unset): Las naves elegidas; sin ella, las matriculadas en la capitanía.
        matriculas (list[str] | Unset): Las naves elegidas, por matrícula.
        horas (int | Unset):  Default: 24.
    """

    naves: list[int] | Unset = UNSET
    matriculas: list[str] | Unset = UNSET
    horas: int | Unset = 24
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        naves: list[int] | Unset = UNSET
        if not isinstance(self.naves, Unset):
            naves = self.naves

        matriculas: list[str] | Unset = UNSET
        if not isinstance(self.matriculas, Unset):
            matriculas = self.matriculas

        horas = self.horas

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if naves is not UNSET:
            field_dict["naves"] = naves
        if matriculas is not UNSET:
            field_dict["matriculas"] = matriculas
        if horas is not UNSET:
            field_dict["horas"] = horas

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        naves = cast(list[int], d.pop("naves", UNSET))

        matriculas = cast(list[str], d.pop("matriculas", UNSET))

        horas = d.pop("horas", UNSET)

        retener = cls(
            naves=naves,
            matriculas=matriculas,
            horas=horas,
        )

        retener.additional_properties = d
        return retener

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
