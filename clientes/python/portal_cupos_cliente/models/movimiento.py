from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tipo_movimiento_enum import TipoMovimientoEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Movimiento")


@_attrs_define
class Movimiento:
    """
    Attributes:
        id (int):
        tipo (TipoMovimientoEnum): * `descuento` - Descuento
            * `reintegro` - Reintegro
            * `vencimiento` - Vencimiento de saldo
            * `cancelacion` - Cancelación
        fecha (datetime.date):
        galones (str):
        creado (datetime.datetime):
        referencia (str | Unset): p. ej. certificado:CP05-2026-000123
        detalle (str | Unset):
    """

    id: int
    tipo: TipoMovimientoEnum
    fecha: datetime.date
    galones: str
    creado: datetime.datetime
    referencia: str | Unset = UNSET
    detalle: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        tipo = self.tipo.value

        fecha = self.fecha.isoformat()

        galones = self.galones

        creado = self.creado.isoformat()

        referencia = self.referencia

        detalle = self.detalle

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "tipo": tipo,
                "fecha": fecha,
                "galones": galones,
                "creado": creado,
            }
        )
        if referencia is not UNSET:
            field_dict["referencia"] = referencia
        if detalle is not UNSET:
            field_dict["detalle"] = detalle

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        tipo = TipoMovimientoEnum(d.pop("tipo"))

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        galones = d.pop("galones")

        creado = datetime.datetime.fromisoformat(d.pop("creado"))

        referencia = d.pop("referencia", UNSET)

        detalle = d.pop("detalle", UNSET)

        movimiento = cls(
            id=id,
            tipo=tipo,
            fecha=fecha,
            galones=galones,
            creado=creado,
            referencia=referencia,
            detalle=detalle,
        )

        movimiento.additional_properties = d
        return movimiento

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
