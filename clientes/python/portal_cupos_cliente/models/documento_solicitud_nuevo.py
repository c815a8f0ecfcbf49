from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DocumentoSolicitudNuevo")


@_attrs_define
class DocumentoSolicitudNuevo:
    """
    Attributes:
        tipo (str):
        referencia (str):
        expedido (datetime.date | None | Unset):
    """

    tipo: str
    referencia: str
    expedido: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tipo = self.tipo

        referencia = self.referencia

        expedido: None | str | Unset
        if isinstance(self.expedido, Unset):
            expedido = UNSET
        elif isinstance(self.expedido, datetime.date):
            expedido = self.expedido.isoformat()
        else:
            expedido = self.expedido

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tipo": tipo,
                "referencia": referencia,
            }
        )
        if expedido is not UNSET:
            field_dict["expedido"] = expedido

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tipo = d.pop("tipo")

        referencia = d.pop("referencia")

        def _parse_expedido(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expedido_type_0 = datetime.date.fromisoformat(data)

                return expedido_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        expedido = _parse_expedido(d.pop("expedido", UNSET))

        documento_solicitud_nuevo = cls(
            tipo=tipo,
            referencia=referencia,
            expedido=expedido,
        )

        documento_solicitud_nuevo.additional_properties = d
        return documento_solicitud_nuevo

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
