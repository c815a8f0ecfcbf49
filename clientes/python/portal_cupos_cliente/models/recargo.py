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
        vence_decision (datetime.date):
        portuario (bool | Unset):
        estado (EstadoRecargoEnum | Unset): * `presentado` - Presentado
            * `autorizado` - Autorizado
            * `negado` - Negado
        fecha_decision (datetime.date | None | Unset):
        motivo_decision (str | Unset):
    """

    id: int
    conferencia: str
    concepto: str
    fecha_presentacion: datetime.date
    justificacion: str
    valor_usd: None | str
    vence_decision: datetime.date
    portuario: bool | Unset = UNSET
    estado: EstadoRecargoEnum | Unset = UNSET
    fecha_decision: datetime.date | None | Unset = UNSET
    motivo_decision: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        conferencia = self.conferencia

        concepto = self.concepto

        fecha_presentacion = self.fecha_presentacion.isoformat()

        justificacion = self.justificacion

        valor_usd: None | str
        valor_usd = self.valor_usd

        vence_decision = self.vence_decision.isoformat()

        portuario = self.portuario

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
                "vence_decision": vence_decision,
            }
        )
        if portuario is not UNSET:
            field_dict["portuario"] = portuario
        if estado is not UNSET:
            field_dict["estado"] = estado
        if fecha_decision is not UNSET:
            field_dict["fecha_decision"] = fecha_decision
        if motivo_decision is not UNSET:
            field_dict["motivo_decision"] = motivo_decision

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

        vence_decision = datetime.date.fromisoformat(d.pop("vence_decision"))

        portuario = d.pop("portuario", UNSET)

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

        recargo = cls(
            id=id,
            conferencia=conferencia,
            concepto=concepto,
            fecha_presentacion=fecha_presentacion,
            justificacion=justificacion,
            valor_usd=valor_usd,
            vence_decision=vence_decision,
            portuario=portuario,
            estado=estado,
            fecha_decision=fecha_decision,
            motivo_decision=motivo_decision,
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
