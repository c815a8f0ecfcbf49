from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CumplimientoNacional")


@_attrs_define
class CumplimientoNacional:
    """
    Attributes:
        ruta (None | str): null en importaciones: se juzgan por clase en todas las rutas
        operacion (str):
        clase (str):
        porcentaje (str):
        toneladas_sujetas (str):
        toneladas_exoneradas (str):
        toneladas_reserva (str):
        requeridas (str):
        faltantes (str):
        cumple (bool | None):
        usuario_nit (str):
        usuario_nombre (str):
        participacion (str):
    """

    ruta: None | str
    operacion: str
    clase: str
    porcentaje: str
    toneladas_sujetas: str
    toneladas_exoneradas: str
    toneladas_reserva: str
    requeridas: str
    faltantes: str
    cumple: bool | None
    usuario_nit: str
    usuario_nombre: str
    participacion: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ruta: None | str
        ruta = self.ruta

        operacion = self.operacion

        clase = self.clase

        porcentaje = self.porcentaje

        toneladas_sujetas = self.toneladas_sujetas

        toneladas_exoneradas = self.toneladas_exoneradas

        toneladas_reserva = self.toneladas_reserva

        requeridas = self.requeridas

        faltantes = self.faltantes

        cumple: bool | None
        cumple = self.cumple

        usuario_nit = self.usuario_nit

        usuario_nombre = self.usuario_nombre

        participacion = self.participacion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ruta": ruta,
                "operacion": operacion,
                "clase": clase,
                "porcentaje": porcentaje,
                "toneladas_sujetas": toneladas_sujetas,
                "toneladas_exoneradas": toneladas_exoneradas,
                "toneladas_reserva": toneladas_reserva,
                "requeridas": requeridas,
                "faltantes": faltantes,
                "cumple": cumple,
                "usuario_nit": usuario_nit,
                "usuario_nombre": usuario_nombre,
                "participacion": participacion,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_ruta(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ruta = _parse_ruta(d.pop("ruta"))

        operacion = d.pop("operacion")

        clase = d.pop("clase")

        porcentaje = d.pop("porcentaje")

        toneladas_sujetas = d.pop("toneladas_sujetas")

        toneladas_exoneradas = d.pop("toneladas_exoneradas")

        toneladas_reserva = d.pop("toneladas_reserva")

        requeridas = d.pop("requeridas")

        faltantes = d.pop("faltantes")

        def _parse_cumple(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        cumple = _parse_cumple(d.pop("cumple"))

        usuario_nit = d.pop("usuario_nit")

        usuario_nombre = d.pop("usuario_nombre")

        participacion = d.pop("participacion")

        cumplimiento_nacional = cls(
            ruta=ruta,
            operacion=operacion,
            clase=clase,
            porcentaje=porcentaje,
            toneladas_sujetas=toneladas_sujetas,
            toneladas_exoneradas=toneladas_exoneradas,
            toneladas_reserva=toneladas_reserva,
            requeridas=requeridas,
            faltantes=faltantes,
            cumple=cumple,
            usuario_nit=usuario_nit,
            usuario_nombre=usuario_nombre,
            participacion=participacion,
        )

        cumplimiento_nacional.additional_properties = d
        return cumplimiento_nacional

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
