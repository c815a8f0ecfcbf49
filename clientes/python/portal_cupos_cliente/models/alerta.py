from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Alerta")


@_attrs_define
class Alerta:
    """
    Attributes:
        id (int):
        tipo (str):
        referencia (str):
        vence (datetime.date): El plazo que se incumplió.
        creada (datetime.datetime):
        detalle (str):
        resuelta (datetime.datetime | None | Unset):
    """

    id: int
    tipo: str
    referencia: str
    vence: datetime.date
    creada: datetime.datetime
    detalle: str
    resuelta: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        tipo = self.tipo

        referencia = self.referencia

        vence = self.vence.isoformat()

        creada = self.creada.isoformat()

        detalle = self.detalle

        resuelta: None | str | Unset
        if isinstance(self.resuelta, Unset):
            resuelta = UNSET
        elif isinstance(self.resuelta, datetime.datetime):
            resuelta = self.resuelta.isoformat()
        else:
            resuelta = self.resuelta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "tipo": tipo,
                "referencia": referencia,
                "vence": vence,
                "creada": creada,
                "detalle": detalle,
            }
        )
        if resuelta is not UNSET:
            field_dict["resuelta"] = resuelta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        tipo = d.pop("tipo")

        referencia = d.pop("referencia")

        vence = datetime.date.fromisoformat(d.pop("vence"))

        creada = datetime.datetime.fromisoformat(d.pop("creada"))

        detalle = d.pop("detalle")

        def _parse_resuelta(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resuelta_type_0 = datetime.datetime.fromisoformat(data)

                return resuelta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        resuelta = _parse_resuelta(d.pop("resuelta", UNSET))

        alerta = cls(
            id=id,
            tipo=tipo,
            referencia=referencia,
            vence=vence,
            creada=creada,
            detalle=detalle,
            resuelta=resuelta,
        )

        alerta.additional_properties = d
        return alerta

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
