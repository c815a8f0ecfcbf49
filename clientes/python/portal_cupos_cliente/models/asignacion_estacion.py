from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AsignacionEstacion")


@_attrs_define
class AsignacionEstacion:
    """
    Attributes:
        estacion (int):
        codigo (str):
        participacion (str):
        volumen_mensual (str):
        adicional (str):
        revocada (datetime.date | None | Unset):
    """

    estacion: int
    codigo: str
    participacion: str
    volumen_mensual: str
    adicional: str
    revocada: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        estacion = self.estacion

        codigo = self.codigo

        participacion = self.participacion

        volumen_mensual = self.volumen_mensual

        adicional = self.adicional

        revocada: None | str | Unset
        if isinstance(self.revocada, Unset):
            revocada = UNSET
        elif isinstance(self.revocada, datetime.date):
            revocada = self.revocada.isoformat()
        else:
            revocada = self.revocada

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "estacion": estacion,
                "codigo": codigo,
                "participacion": participacion,
                "volumen_mensual": volumen_mensual,
                "adicional": adicional,
            }
        )
        if revocada is not UNSET:
            field_dict["revocada"] = revocada

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        estacion = d.pop("estacion")

        codigo = d.pop("codigo")

        participacion = d.pop("participacion")

        volumen_mensual = d.pop("volumen_mensual")

        adicional = d.pop("adicional")

        def _parse_revocada(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revocada_type_0 = datetime.date.fromisoformat(data)

                return revocada_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        revocada = _parse_revocada(d.pop("revocada", UNSET))

        asignacion_estacion = cls(
            estacion=estacion,
            codigo=codigo,
            participacion=participacion,
            volumen_mensual=volumen_mensual,
            adicional=adicional,
            revocada=revocada,
        )

        asignacion_estacion.additional_properties = d
        return asignacion_estacion

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
