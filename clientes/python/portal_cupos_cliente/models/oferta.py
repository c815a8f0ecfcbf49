from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Oferta")


@_attrs_define
class Oferta:
    """
    Attributes:
        id (int):
        armador (str):
        flete_usd (str):
        fecha_zarpe (datetime.date):
        arribo_estimado (datetime.date):
        demoras_usd (str):
        tiempos_libres (str):
        operacion_portuaria (str):
        caracteristicas_nave (str):
        nacional (bool | Unset):
    """

    id: int
    armador: str
    flete_usd: str
    fecha_zarpe: datetime.date
    arribo_estimado: datetime.date
    demoras_usd: str
    tiempos_libres: str
    operacion_portuaria: str
    caracteristicas_nave: str
    nacional: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        armador = self.armador

        flete_usd = self.flete_usd

        fecha_zarpe = self.fecha_zarpe.isoformat()

        arribo_estimado = self.arribo_estimado.isoformat()

        demoras_usd = self.demoras_usd

        tiempos_libres = self.tiempos_libres

        operacion_portuaria = self.operacion_portuaria

        caracteristicas_nave = self.caracteristicas_nave

        nacional = self.nacional

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "armador": armador,
                "flete_usd": flete_usd,
                "fecha_zarpe": fecha_zarpe,
                "arribo_estimado": arribo_estimado,
                "demoras_usd": demoras_usd,
                "tiempos_libres": tiempos_libres,
                "operacion_portuaria": operacion_portuaria,
                "caracteristicas_nave": caracteristicas_nave,
            }
        )
        if nacional is not UNSET:
            field_dict["nacional"] = nacional

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        armador = d.pop("armador")

        flete_usd = d.pop("flete_usd")

        fecha_zarpe = datetime.date.fromisoformat(d.pop("fecha_zarpe"))

        arribo_estimado = datetime.date.fromisoformat(d.pop("arribo_estimado"))

        demoras_usd = d.pop("demoras_usd")

        tiempos_libres = d.pop("tiempos_libres")

        operacion_portuaria = d.pop("operacion_portuaria")

        caracteristicas_nave = d.pop("caracteristicas_nave")

        nacional = d.pop("nacional", UNSET)

        oferta = cls(
            id=id,
            armador=armador,
            flete_usd=flete_usd,
            fecha_zarpe=fecha_zarpe,
            arribo_estimado=arribo_estimado,
            demoras_usd=demoras_usd,
            tiempos_libres=tiempos_libres,
            operacion_portuaria=operacion_portuaria,
            caracteristicas_nave=caracteristicas_nave,
            nacional=nacional,
        )

        oferta.additional_properties = d
        return oferta

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
