from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RecargoDecidir")


@_attrs_define
class RecargoDecidir:
    """
    Attributes:
        decision (str):
        fecha (datetime.date):
        motivo (str):
        transcrita (bool | Unset):  Default: False.
        soporte (str | Unset):  Default: ''.
    """

    decision: str
    fecha: datetime.date
    motivo: str
    transcrita: bool | Unset = False
    soporte: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        decision = self.decision

        fecha = self.fecha.isoformat()

        motivo = self.motivo

        transcrita = self.transcrita

        soporte = self.soporte

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "decision": decision,
                "fecha": fecha,
                "motivo": motivo,
            }
        )
        if transcrita is not UNSET:
            field_dict["transcrita"] = transcrita
        if soporte is not UNSET:
            field_dict["soporte"] = soporte

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        decision = d.pop("decision")

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        motivo = d.pop("motivo")

        transcrita = d.pop("transcrita", UNSET)

        soporte = d.pop("soporte", UNSET)

        recargo_decidir = cls(
            decision=decision,
            fecha=fecha,
            motivo=motivo,
            transcrita=transcrita,
            soporte=soporte,
        )

        recargo_decidir.additional_properties = d
        return recargo_decidir

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
