from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="NaveReserva")


@_attrs_define
class NaveReserva:
    """
    Attributes:
        id (int):
        nombre (str):
        imo (str):
        bandera (str):
        vigente_desde (datetime.date):
        cuenta_reserva (bool): C-03: Colombian flag or assimilated, and in force today.
        asimilada (bool | Unset): Asimilada a la bandera colombiana (art. 54 del Decreto 2451 de 1986).
        vigente_hasta (datetime.date | None | Unset):
    """

    id: int
    nombre: str
    imo: str
    bandera: str
    vigente_desde: datetime.date
    cuenta_reserva: bool
    asimilada: bool | Unset = UNSET
    vigente_hasta: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        nombre = self.nombre

        imo = self.imo

        bandera = self.bandera

        vigente_desde = self.vigente_desde.isoformat()

        cuenta_reserva = self.cuenta_reserva

        asimilada = self.asimilada

        vigente_hasta: None | str | Unset
        if isinstance(self.vigente_hasta, Unset):
            vigente_hasta = UNSET
        elif isinstance(self.vigente_hasta, datetime.date):
            vigente_hasta = self.vigente_hasta.isoformat()
        else:
            vigente_hasta = self.vigente_hasta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "nombre": nombre,
                "imo": imo,
                "bandera": bandera,
                "vigente_desde": vigente_desde,
                "cuenta_reserva": cuenta_reserva,
            }
        )
        if asimilada is not UNSET:
            field_dict["asimilada"] = asimilada
        if vigente_hasta is not UNSET:
            field_dict["vigente_hasta"] = vigente_hasta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        nombre = d.pop("nombre")

        imo = d.pop("imo")

        bandera = d.pop("bandera")

        vigente_desde = datetime.date.fromisoformat(d.pop("vigente_desde"))

        cuenta_reserva = d.pop("cuenta_reserva")

        asimilada = d.pop("asimilada", UNSET)

        def _parse_vigente_hasta(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vigente_hasta_type_0 = datetime.date.fromisoformat(data)

                return vigente_hasta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vigente_hasta = _parse_vigente_hasta(d.pop("vigente_hasta", UNSET))

        nave_reserva = cls(
            id=id,
            nombre=nombre,
            imo=imo,
            bandera=bandera,
            vigente_desde=vigente_desde,
            cuenta_reserva=cuenta_reserva,
            asimilada=asimilada,
            vigente_hasta=vigente_hasta,
        )

        nave_reserva.additional_properties = d
        return nave_reserva

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
