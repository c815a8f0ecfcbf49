from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.origen_linea_enum import OrigenLineaEnum

T = TypeVar("T", bound="LineaPropuesta")


@_attrs_define
class LineaPropuesta:
    """One row of the proposal: the beneficiary, why it is there, and the evidence.

    Attributes:
        beneficiario (int):
        origen (OrigenLineaEnum): * `solicitud` - Solicitud aprobada del año
            * `continuidad` - Cupo vigente del año anterior
            * `manual` - Incluida por la UPME
        galones_solicitados (None | str):
        galones_anio_anterior (None | str):
        consumido_anio_anterior (str):
        declarado_anio_anterior (str):
        declaraciones_no_contadas (int):
        capacidad_combustible_gal (None | str):
        nombre (str):
        tipo (str):
        matricula (None | str):
        capitania (None | str):
        galones_anuales (None | str): La línea ya fijada, si la hay.
        motivo (None | str):
        galones_propuestos (None | str):
        diferencia (None | str):
        sin_derecho (bool):
    """

    beneficiario: int
    origen: OrigenLineaEnum
    galones_solicitados: None | str
    galones_anio_anterior: None | str
    consumido_anio_anterior: str
    declarado_anio_anterior: str
    declaraciones_no_contadas: int
    capacidad_combustible_gal: None | str
    nombre: str
    tipo: str
    matricula: None | str
    capitania: None | str
    galones_anuales: None | str
    motivo: None | str
    galones_propuestos: None | str
    diferencia: None | str
    sin_derecho: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        beneficiario = self.beneficiario

        origen = self.origen.value

        galones_solicitados: None | str
        galones_solicitados = self.galones_solicitados

        galones_anio_anterior: None | str
        galones_anio_anterior = self.galones_anio_anterior

        consumido_anio_anterior = self.consumido_anio_anterior

        declarado_anio_anterior = self.declarado_anio_anterior

        declaraciones_no_contadas = self.declaraciones_no_contadas

        capacidad_combustible_gal: None | str
        capacidad_combustible_gal = self.capacidad_combustible_gal

        nombre = self.nombre

        tipo = self.tipo

        matricula: None | str
        matricula = self.matricula

        capitania: None | str
        capitania = self.capitania

        galones_anuales: None | str
        galones_anuales = self.galones_anuales

        motivo: None | str
        motivo = self.motivo

        galones_propuestos: None | str
        galones_propuestos = self.galones_propuestos

        diferencia: None | str
        diferencia = self.diferencia

        sin_derecho = self.sin_derecho

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "beneficiario": beneficiario,
                "origen": origen,
                "galones_solicitados": galones_solicitados,
                "galones_anio_anterior": galones_anio_anterior,
                "consumido_anio_anterior": consumido_anio_anterior,
                "declarado_anio_anterior": declarado_anio_anterior,
                "declaraciones_no_contadas": declaraciones_no_contadas,
                "capacidad_combustible_gal": capacidad_combustible_gal,
                "nombre": nombre,
                "tipo": tipo,
                "matricula": matricula,
                "capitania": capitania,
                "galones_anuales": galones_anuales,
                "motivo": motivo,
                "galones_propuestos": galones_propuestos,
                "diferencia": diferencia,
                "sin_derecho": sin_derecho,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        beneficiario = d.pop("beneficiario")

        origen = OrigenLineaEnum(d.pop("origen"))

        def _parse_galones_solicitados(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        galones_solicitados = _parse_galones_solicitados(d.pop("galones_solicitados"))

        def _parse_galones_anio_anterior(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        galones_anio_anterior = _parse_galones_anio_anterior(d.pop("galones_anio_anterior"))

        consumido_anio_anterior = d.pop("consumido_anio_anterior")

        declarado_anio_anterior = d.pop("declarado_anio_anterior")

        declaraciones_no_contadas = d.pop("declaraciones_no_contadas")

        def _parse_capacidad_combustible_gal(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        capacidad_combustible_gal = _parse_capacidad_combustible_gal(d.pop("capacidad_combustible_gal"))

        nombre = d.pop("nombre")

        tipo = d.pop("tipo")

        def _parse_matricula(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        matricula = _parse_matricula(d.pop("matricula"))

        def _parse_capitania(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        capitania = _parse_capitania(d.pop("capitania"))

        def _parse_galones_anuales(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        galones_anuales = _parse_galones_anuales(d.pop("galones_anuales"))

        def _parse_motivo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        motivo = _parse_motivo(d.pop("motivo"))

        def _parse_galones_propuestos(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        galones_propuestos = _parse_galones_propuestos(d.pop("galones_propuestos"))

        def _parse_diferencia(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        diferencia = _parse_diferencia(d.pop("diferencia"))

        sin_derecho = d.pop("sin_derecho")

        linea_propuesta = cls(
            beneficiario=beneficiario,
            origen=origen,
            galones_solicitados=galones_solicitados,
            galones_anio_anterior=galones_anio_anterior,
            consumido_anio_anterior=consumido_anio_anterior,
            declarado_anio_anterior=declarado_anio_anterior,
            declaraciones_no_contadas=declaraciones_no_contadas,
            capacidad_combustible_gal=capacidad_combustible_gal,
            nombre=nombre,
            tipo=tipo,
            matricula=matricula,
            capitania=capitania,
            galones_anuales=galones_anuales,
            motivo=motivo,
            galones_propuestos=galones_propuestos,
            diferencia=diferencia,
            sin_derecho=sin_derecho,
        )

        linea_propuesta.additional_properties = d
        return linea_propuesta

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
