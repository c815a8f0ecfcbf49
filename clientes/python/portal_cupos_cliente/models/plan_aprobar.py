from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlanAprobar")


@_attrs_define
class PlanAprobar:
    """
    Attributes:
        resolucion (str):
        fecha (datetime.date | None | Unset):
        transcrita (bool | Unset):  Default: False.
        soporte (str | Unset):  Default: ''.
        informe_anual_vence (datetime.date | None | Unset):
    """

    resolucion: str
    fecha: datetime.date | None | Unset = UNSET
    transcrita: bool | Unset = False
    soporte: str | Unset = ""
    informe_anual_vence: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        resolucion = self.resolucion

        fecha: None | str | Unset
        if isinstance(self.fecha, Unset):
            fecha = UNSET
        elif isinstance(self.fecha, datetime.date):
            fecha = self.fecha.isoformat()
        else:
            fecha = self.fecha

        transcrita = self.transcrita

        soporte = self.soporte

        informe_anual_vence: None | str | Unset
        if isinstance(self.informe_anual_vence, Unset):
            informe_anual_vence = UNSET
        elif isinstance(self.informe_anual_vence, datetime.date):
            informe_anual_vence = self.informe_anual_vence.isoformat()
        else:
            informe_anual_vence = self.informe_anual_vence

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "resolucion": resolucion,
            }
        )
        if fecha is not UNSET:
            field_dict["fecha"] = fecha
        if transcrita is not UNSET:
            field_dict["transcrita"] = transcrita
        if soporte is not UNSET:
            field_dict["soporte"] = soporte
        if informe_anual_vence is not UNSET:
            field_dict["informe_anual_vence"] = informe_anual_vence

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        resolucion = d.pop("resolucion")

        def _parse_fecha(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_type_0 = datetime.date.fromisoformat(data)

                return fecha_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha = _parse_fecha(d.pop("fecha", UNSET))

        transcrita = d.pop("transcrita", UNSET)

        soporte = d.pop("soporte", UNSET)

        def _parse_informe_anual_vence(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                informe_anual_vence_type_0 = datetime.date.fromisoformat(data)

                return informe_anual_vence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        informe_anual_vence = _parse_informe_anual_vence(d.pop("informe_anual_vence", UNSET))

        plan_aprobar = cls(
            resolucion=resolucion,
            fecha=fecha,
            transcrita=transcrita,
            soporte=soporte,
            informe_anual_vence=informe_anual_vence,
        )

        plan_aprobar.additional_properties = d
        return plan_aprobar

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
