from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RecargoNuevo")


@_attrs_define
class RecargoNuevo:
    """
    Attributes:
        conferencia (str):
        concepto (str):
        fecha_presentacion (datetime.date):
        justificacion (str):
        portuario (bool | Unset):  Default: False.
        valor_usd (None | str | Unset):
    """

    conferencia: str
    concepto: str
    fecha_presentacion: datetime.date
    justificacion: str
    portuario: bool | Unset = False
    valor_usd: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        conferencia = self.conferencia

        concepto = self.concepto

        fecha_presentacion = self.fecha_presentacion.isoformat()

        justificacion = self.justificacion

        portuario = self.portuario

        valor_usd: None | str | Unset
        if isinstance(self.valor_usd, Unset):
            valor_usd = UNSET
        else:
            valor_usd = self.valor_usd

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "conferencia": conferencia,
                "concepto": concepto,
                "fecha_presentacion": fecha_presentacion,
                "justificacion": justificacion,
            }
        )
        if portuario is not UNSET:
            field_dict["portuario"] = portuario
        if valor_usd is not UNSET:
            field_dict["valor_usd"] = valor_usd

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        conferencia = d.pop("conferencia")

        concepto = d.pop("concepto")

        fecha_presentacion = datetime.date.fromisoformat(d.pop("fecha_presentacion"))

        justificacion = d.pop("justificacion")

        portuario = d.pop("portuario", UNSET)

        def _parse_valor_usd(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        valor_usd = _parse_valor_usd(d.pop("valor_usd", UNSET))

        recargo_nuevo = cls(
            conferencia=conferencia,
            concepto=concepto,
            fecha_presentacion=fecha_presentacion,
            justificacion=justificacion,
            portuario=portuario,
            valor_usd=valor_usd,
        )

        recargo_nuevo.additional_properties = d
        return recargo_nuevo

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
