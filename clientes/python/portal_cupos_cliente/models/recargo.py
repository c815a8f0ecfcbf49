from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_recargo_enum import EstadoRecargoEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Recargo")


@_attrs_define
class Recargo:
    """
    Attributes:
        id (int):
        conferencia (str):
        concepto (str):
        fecha_presentacion (datetime.date):
        justificacion (str):
        valor_usd (None | str):
        portuario (bool | Unset):
        vence_decision (datetime.date | None | Unset):
        fecha_completa (datetime.date | None | Unset):
        completar_desde (datetime.date | None | Unset):
        faltantes (str | Unset):
        estado (EstadoRecargoEnum | Unset): * `presentado` - Presentado
            * `incompleto` - Por completar
            * `autorizado` - Autorizado
            * `negado` - Negado
        fecha_decision (datetime.date | None | Unset):
        motivo_decision (str | Unset):
        acto (int | None | Unset):
    """

    id: int
    conferencia: str
    concepto: str
    fecha_presentacion: datetime.date
    justificacion: str
    valor_usd: None | str
    portuario: bool | Unset = UNSET
    vence_decision: datetime.date | None | Unset = UNSET
    fecha_completa: datetime.date | None | Unset = UNSET
    completar_desde: datetime.date | None | Unset = UNSET
    faltantes: str | Unset = UNSET
    estado: EstadoRecargoEnum | Unset = UNSET
    fecha_decision: datetime.date | None | Unset = UNSET
    motivo_decision: str | Unset = UNSET
    acto: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        conferencia = self.conferencia

        concepto = self.concepto

        fecha_presentacion = self.fecha_presentacion.isoformat()

        justificacion = self.justificacion

        valor_usd: None | str
        valor_usd = self.valor_usd

        portuario = self.portuario

        vence_decision: None | str | Unset
        if isinstance(self.vence_decision, Unset):
            vence_decision = UNSET
        elif isinstance(self.vence_decision, datetime.date):
            vence_decision = self.vence_decision.isoformat()
        else:
            vence_decision = self.vence_decision

        fecha_completa: None | str | Unset
        if isinstance(self.fecha_completa, Unset):
            fecha_completa = UNSET
        elif isinstance(self.fecha_completa, datetime.date):
            fecha_completa = self.fecha_completa.isoformat()
        else:
            fecha_completa = self.fecha_completa

        completar_desde: None | str | Unset
        if isinstance(self.completar_desde, Unset):
            completar_desde = UNSET
        elif isinstance(self.completar_desde, datetime.date):
            completar_desde = self.completar_desde.isoformat()
        else:
            completar_desde = self.completar_desde

        faltantes = self.faltantes

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        fecha_decision: None | str | Unset
        if isinstance(self.fecha_decision, Unset):
            fecha_decision = UNSET
        elif isinstance(self.fecha_decision, datetime.date):
            fecha_decision = self.fecha_decision.isoformat()
        else:
            fecha_decision = self.fecha_decision

        motivo_decision = self.motivo_decision

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
                "conferencia": conferencia,
                "concepto": concepto,
                "fecha_presentacion": fecha_presentacion,
                "justificacion": justificacion,
                "valor_usd": valor_usd,
            }
        )
        if portuario is not UNSET:
            field_dict["portuario"] = portuario
        if vence_decision is not UNSET:
            field_dict["vence_decision"] = vence_decision
        if fecha_completa is not UNSET:
            field_dict["fecha_completa"] = fecha_completa
        if completar_desde is not UNSET:
            field_dict["completar_desde"] = completar_desde
        if faltantes is not UNSET:
            field_dict["faltantes"] = faltantes
        if estado is not UNSET:
            field_dict["estado"] = estado
        if fecha_decision is not UNSET:
            field_dict["fecha_decision"] = fecha_decision
        if motivo_decision is not UNSET:
            field_dict["motivo_decision"] = motivo_decision
        if acto is not UNSET:
            field_dict["acto"] = acto

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        conferencia = d.pop("conferencia")

        concepto = d.pop("concepto")

        fecha_presentacion = datetime.date.fromisoformat(d.pop("fecha_presentacion"))

        justificacion = d.pop("justificacion")

        def _parse_valor_usd(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        valor_usd = _parse_valor_usd(d.pop("valor_usd"))

        portuario = d.pop("portuario", UNSET)

        def _parse_vence_decision(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vence_decision_type_0 = datetime.date.fromisoformat(data)

                return vence_decision_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vence_decision = _parse_vence_decision(d.pop("vence_decision", UNSET))

        def _parse_fecha_completa(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_completa_type_0 = datetime.date.fromisoformat(data)

                return fecha_completa_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_completa = _parse_fecha_completa(d.pop("fecha_completa", UNSET))

        def _parse_completar_desde(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completar_desde_type_0 = datetime.date.fromisoformat(data)

                return completar_desde_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        completar_desde = _parse_completar_desde(d.pop("completar_desde", UNSET))

        faltantes = d.pop("faltantes", UNSET)

        _estado = d.pop("estado", UNSET)
        estado: EstadoRecargoEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoRecargoEnum(_estado)

        def _parse_fecha_decision(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_decision_type_0 = datetime.date.fromisoformat(data)

                return fecha_decision_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_decision = _parse_fecha_decision(d.pop("fecha_decision", UNSET))

        motivo_decision = d.pop("motivo_decision", UNSET)

        def _parse_acto(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        acto = _parse_acto(d.pop("acto", UNSET))

        recargo = cls(
            id=id,
            conferencia=conferencia,
            concepto=concepto,
            fecha_presentacion=fecha_presentacion,
            justificacion=justificacion,
            valor_usd=valor_usd,
            portuario=portuario,
            vence_decision=vence_decision,
            fecha_completa=fecha_completa,
            completar_desde=completar_desde,
            faltantes=faltantes,
            estado=estado,
            fecha_decision=fecha_decision,
            motivo_decision=motivo_decision,
            acto=acto,
        )

        recargo.additional_properties = d
        return recargo

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
