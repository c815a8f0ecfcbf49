from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sentido_decision_enum import SentidoDecisionEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="DecisionRecurso")


@_attrs_define
class DecisionRecurso:
    """
    Attributes:
        sentido (SentidoDecisionEnum): * `confirma` - Confirma el acto
            * `modifica` - Modifica el acto
            * `revoca` - Revoca el acto
        motivacion (str):
        galones_anuales (None | str | Unset):
    """

    sentido: SentidoDecisionEnum
    motivacion: str
    galones_anuales: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sentido = self.sentido.value

        motivacion = self.motivacion

        galones_anuales: None | str | Unset
        if isinstance(self.galones_anuales, Unset):
            galones_anuales = UNSET
        else:
            galones_anuales = self.galones_anuales

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentido": sentido,
                "motivacion": motivacion,
            }
        )
        if galones_anuales is not UNSET:
            field_dict["galones_anuales"] = galones_anuales

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sentido = SentidoDecisionEnum(d.pop("sentido"))

        motivacion = d.pop("motivacion")

        def _parse_galones_anuales(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        galones_anuales = _parse_galones_anuales(d.pop("galones_anuales", UNSET))

        decision_recurso = cls(
            sentido=sentido,
            motivacion=motivacion,
            galones_anuales=galones_anuales,
        )

        decision_recurso.additional_properties = d
        return decision_recurso

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
