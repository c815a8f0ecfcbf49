from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Informe")


@_attrs_define
class Informe:
    """
    Attributes:
        id (int):
        plan (int):
        anio (int):
        presentado (datetime.date):
        resumen (str | Unset):
    """

    id: int
    plan: int
    anio: int
    presentado: datetime.date
    resumen: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        plan = self.plan

        anio = self.anio

        presentado = self.presentado.isoformat()

        resumen = self.resumen

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "plan": plan,
                "anio": anio,
                "presentado": presentado,
            }
        )
        if resumen is not UNSET:
            field_dict["resumen"] = resumen

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        plan = d.pop("plan")

        anio = d.pop("anio")

        presentado = datetime.date.fromisoformat(d.pop("presentado"))

        resumen = d.pop("resumen", UNSET)

        informe = cls(
            id=id,
            plan=plan,
            anio=anio,
            presentado=presentado,
            resumen=resumen,
        )

        informe.additional_properties = d
        return informe

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
