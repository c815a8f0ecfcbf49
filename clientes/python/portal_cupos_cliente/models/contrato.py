from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contrato_output_estado_enum import ContratoOutputEstadoEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Contrato")


@_attrs_define
class Contrato:
    """
    Attributes:
        id (int):
        usuario_nit (str):
        anio (int):
        producto (str):
        toneladas_anio (str):
        puerto_origen (str):
        puerto_destino (str):
        toneladas_embarque (str):
        periodicidad (str):
        primer_embarque (datetime.date):
        fecha_presentacion (datetime.date):
        estado (ContratoOutputEstadoEnum | Unset): * `presentado` - Presentado
            * `autorizado` - Autorizado
            * `negado` - Negado
        fecha_autorizacion (datetime.date | None | Unset):
        fecha_negacion (datetime.date | None | Unset):
        motivo_decision (str | Unset):
        vence_registro (datetime.date | None | Unset):
        fecha_registro (datetime.date | None | Unset):
        acto (int | None | Unset):
    """

    id: int
    usuario_nit: str
    anio: int
    producto: str
    toneladas_anio: str
    puerto_origen: str
    puerto_destino: str
    toneladas_embarque: str
    periodicidad: str
    primer_embarque: datetime.date
    fecha_presentacion: datetime.date
    estado: ContratoOutputEstadoEnum | Unset = UNSET
    fecha_autorizacion: datetime.date | None | Unset = UNSET
    fecha_negacion: datetime.date | None | Unset = UNSET
    motivo_decision: str | Unset = UNSET
    vence_registro: datetime.date | None | Unset = UNSET
    fecha_registro: datetime.date | None | Unset = UNSET
    acto: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        usuario_nit = self.usuario_nit

        anio = self.anio

        producto = self.producto

        toneladas_anio = self.toneladas_anio

        puerto_origen = self.puerto_origen

        puerto_destino = self.puerto_destino

        toneladas_embarque = self.toneladas_embarque

        periodicidad = self.periodicidad

        primer_embarque = self.primer_embarque.isoformat()

        fecha_presentacion = self.fecha_presentacion.isoformat()

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        fecha_autorizacion: None | str | Unset
        if isinstance(self.fecha_autorizacion, Unset):
            fecha_autorizacion = UNSET
        elif isinstance(self.fecha_autorizacion, datetime.date):
            fecha_autorizacion = self.fecha_autorizacion.isoformat()
        else:
            fecha_autorizacion = self.fecha_autorizacion

        fecha_negacion: None | str | Unset
        if isinstance(self.fecha_negacion, Unset):
            fecha_negacion = UNSET
        elif isinstance(self.fecha_negacion, datetime.date):
            fecha_negacion = self.fecha_negacion.isoformat()
        else:
            fecha_negacion = self.fecha_negacion

        motivo_decision = self.motivo_decision

        vence_registro: None | str | Unset
        if isinstance(self.vence_registro, Unset):
            vence_registro = UNSET
        elif isinstance(self.vence_registro, datetime.date):
            vence_registro = self.vence_registro.isoformat()
        else:
            vence_registro = self.vence_registro

        fecha_registro: None | str | Unset
        if isinstance(self.fecha_registro, Unset):
            fecha_registro = UNSET
        elif isinstance(self.fecha_registro, datetime.date):
            fecha_registro = self.fecha_registro.isoformat()
        else:
            fecha_registro = self.fecha_registro

        acto: int | None | Unset
        if isinstance(self.acto, Unset):
            acto = UNSET
        else:
            acto = self.acto

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "usuario_nit": usuario_nit,
                "anio": anio,
                "producto": producto,
                "toneladas_anio": toneladas_anio,
                "puerto_origen": puerto_origen,
                "puerto_destino": puerto_destino,
                "toneladas_embarque": toneladas_embarque,
                "periodicidad": periodicidad,
                "primer_embarque": primer_embarque,
                "fecha_presentacion": fecha_presentacion,
            }
        )
        if estado is not UNSET:
            field_dict["estado"] = estado
        if fecha_autorizacion is not UNSET:
            field_dict["fecha_autorizacion"] = fecha_autorizacion
        if fecha_negacion is not UNSET:
            field_dict["fecha_negacion"] = fecha_negacion
        if motivo_decision is not UNSET:
            field_dict["motivo_decision"] = motivo_decision
        if vence_registro is not UNSET:
            field_dict["vence_registro"] = vence_registro
        if fecha_registro is not UNSET:
            field_dict["fecha_registro"] = fecha_registro
        if acto is not UNSET:
            field_dict["acto"] = acto

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        usuario_nit = d.pop("usuario_nit")

        anio = d.pop("anio")

        producto = d.pop("producto")

        toneladas_anio = d.pop("toneladas_anio")

        puerto_origen = d.pop("puerto_origen")

        puerto_destino = d.pop("puerto_destino")

        toneladas_embarque = d.pop("toneladas_embarque")

        periodicidad = d.pop("periodicidad")

        primer_embarque = datetime.date.fromisoformat(d.pop("primer_embarque"))

        fecha_presentacion = datetime.date.fromisoformat(d.pop("fecha_presentacion"))

        _estado = d.pop("estado", UNSET)
        estado: ContratoOutputEstadoEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = ContratoOutputEstadoEnum(_estado)

        def _parse_fecha_autorizacion(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_autorizacion_type_0 = datetime.date.fromisoformat(data)

                return fecha_autorizacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_autorizacion = _parse_fecha_autorizacion(d.pop("fecha_autorizacion", UNSET))

        def _parse_fecha_negacion(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_negacion_type_0 = datetime.date.fromisoformat(data)

                return fecha_negacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_negacion = _parse_fecha_negacion(d.pop("fecha_negacion", UNSET))

        motivo_decision = d.pop("motivo_decision", UNSET)

        def _parse_vence_registro(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vence_registro_type_0 = datetime.date.fromisoformat(data)

                return vence_registro_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vence_registro = _parse_vence_registro(d.pop("vence_registro", UNSET))

        def _parse_fecha_registro(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_registro_type_0 = datetime.date.fromisoformat(data)

                return fecha_registro_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_registro = _parse_fecha_registro(d.pop("fecha_registro", UNSET))

        def _parse_acto(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        acto = _parse_acto(d.pop("acto", UNSET))

        contrato = cls(
            id=id,
            usuario_nit=usuario_nit,
            anio=anio,
            producto=producto,
            toneladas_anio=toneladas_anio,
            puerto_origen=puerto_origen,
            puerto_destino=puerto_destino,
            toneladas_embarque=toneladas_embarque,
            periodicidad=periodicidad,
            primer_embarque=primer_embarque,
            fecha_presentacion=fecha_presentacion,
            estado=estado,
            fecha_autorizacion=fecha_autorizacion,
            fecha_negacion=fecha_negacion,
            motivo_decision=motivo_decision,
            vence_registro=vence_registro,
            fecha_registro=fecha_registro,
            acto=acto,
        )

        contrato.additional_properties = d
        return contrato

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
