from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.causal_enum import CausalEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="CupoCancelacion")


@_attrs_define
class CupoCancelacion:
    """
    Attributes:
        fecha (datetime.date):
        causal (CausalEnum): * `baja_dimar` - Dimar informó la cancelación de la matrícula o del permiso de la nave
            * `inactividad` - Sin uso por más de tres meses sin causa justificada (decisión de la UPME)
            * `comunicacion_autoridad` - Comunicación motivada de Dimar, el Ministerio de Minas y Energía o una autoridad de
            control
        motivo (str):
        soporte (str):
        transcrita (bool | Unset): Cancelación expedida antes en papel: conserva su fecha (fecha_expedicion, por omisión
            `fecha`) y `soporte` nombra el acto en papel. Default: False.
        fecha_expedicion (datetime.date | None | Unset):
    """

    fecha: datetime.date
    causal: CausalEnum
    motivo: str
    soporte: str
    transcrita: bool | Unset = False
    fecha_expedicion: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        fecha = self.fecha.isoformat()

        causal = self.causal.value

        motivo = self.motivo

        soporte = self.soporte

        transcrita = self.transcrita

        fecha_expedicion: None | str | Unset
        if isinstance(self.fecha_expedicion, Unset):
            fecha_expedicion = UNSET
        elif isinstance(self.fecha_expedicion, datetime.date):
            fecha_expedicion = self.fecha_expedicion.isoformat()
        else:
            fecha_expedicion = self.fecha_expedicion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fecha": fecha,
                "causal": causal,
                "motivo": motivo,
                "soporte": soporte,
            }
        )
        if transcrita is not UNSET:
            field_dict["transcrita"] = transcrita
        if fecha_expedicion is not UNSET:
            field_dict["fecha_expedicion"] = fecha_expedicion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        causal = CausalEnum(d.pop("causal"))

        motivo = d.pop("motivo")

        soporte = d.pop("soporte")

        transcrita = d.pop("transcrita", UNSET)

        def _parse_fecha_expedicion(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_expedicion_type_0 = datetime.date.fromisoformat(data)

                return fecha_expedicion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_expedicion = _parse_fecha_expedicion(d.pop("fecha_expedicion", UNSET))

        cupo_cancelacion = cls(
            fecha=fecha,
            causal=causal,
            motivo=motivo,
            soporte=soporte,
            transcrita=transcrita,
            fecha_expedicion=fecha_expedicion,
        )

        cupo_cancelacion.additional_properties = d
        return cupo_cancelacion

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
