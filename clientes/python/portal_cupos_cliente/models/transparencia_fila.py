from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tipo_fila_transparencia_enum import TipoFilaTransparenciaEnum

T = TypeVar("T", bound="TransparenciaFila")


@_attrs_define
class TransparenciaFila:
    """
    Attributes:
        departamento (str):
        municipio (str):
        codigo_dane (str):
        tipo (TipoFilaTransparenciaEnum): * `estacion` - estacion
            * `gran_consumidor` - gran_consumidor
        estacion (str):
        estacion_codigo (str):
        combustible (str):
        volumen (str):
        entregado (str):
        porcentaje (str):
        regimen_especial (str):
    """

    departamento: str
    municipio: str
    codigo_dane: str
    tipo: TipoFilaTransparenciaEnum
    estacion: str
    estacion_codigo: str
    combustible: str
    volumen: str
    entregado: str
    porcentaje: str
    regimen_especial: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        departamento = self.departamento

        municipio = self.municipio

        codigo_dane = self.codigo_dane

        tipo = self.tipo.value

        estacion = self.estacion

        estacion_codigo = self.estacion_codigo

        combustible = self.combustible

        volumen = self.volumen

        entregado = self.entregado

        porcentaje = self.porcentaje

        regimen_especial = self.regimen_especial

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "departamento": departamento,
                "municipio": municipio,
                "codigo_dane": codigo_dane,
                "tipo": tipo,
                "estacion": estacion,
                "estacion_codigo": estacion_codigo,
                "combustible": combustible,
                "volumen": volumen,
                "entregado": entregado,
                "porcentaje": porcentaje,
                "regimen_especial": regimen_especial,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        departamento = d.pop("departamento")

        municipio = d.pop("municipio")

        codigo_dane = d.pop("codigo_dane")

        tipo = TipoFilaTransparenciaEnum(d.pop("tipo"))

        estacion = d.pop("estacion")

        estacion_codigo = d.pop("estacion_codigo")

        combustible = d.pop("combustible")

        volumen = d.pop("volumen")

        entregado = d.pop("entregado")

        porcentaje = d.pop("porcentaje")

        regimen_especial = d.pop("regimen_especial")

        transparencia_fila = cls(
            departamento=departamento,
            municipio=municipio,
            codigo_dane=codigo_dane,
            tipo=tipo,
            estacion=estacion,
            estacion_codigo=estacion_codigo,
            combustible=combustible,
            volumen=volumen,
            entregado=entregado,
            porcentaje=porcentaje,
            regimen_especial=regimen_especial,
        )

        transparencia_fila.additional_properties = d
        return transparencia_fila

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
