from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.causal_enum import CausalEnum

T = TypeVar("T", bound="CupoCancelacion")


@_attrs_define
class CupoCancelacion:
    """
    Attributes:
        fecha (datetime.date):
        causal (CausalEnum): * `baja_dimar` - Dimar informó la cancelación de la matrícula o del permiso de la nave
            * `inactividad` - Sin uso por más de tres meses sin causa justificada (decisión de la UPME)
            * `comunicacion_autoridad` - Comunicación motivada de Dimar, el Ministerio de Minas y Energía o una autoridad de
            control
        motivo (str):
        soporte (str):
    """

    fecha: datetime.date
    causal: CausalEnum
    motivo: str
    soporte: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fecha = self.fecha.isoformat()

        causal = self.causal.value

        motivo = self.motivo

        soporte = self.soporte

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fecha": fecha,
                "causal": causal,
                "motivo": motivo,
                "soporte": soporte,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        causal = CausalEnum(d.pop("causal"))

        motivo = d.pop("motivo")

        soporte = d.pop("soporte")

        cupo_cancelacion = cls(
            fecha=fecha,
            causal=causal,
            motivo=motivo,
            soporte=soporte,
        )

        cupo_cancelacion.additional_properties = d
        return cupo_cancelacion

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
