from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sentido_decision_enum import SentidoDecisionEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="DecisionRecurso")


@_attrs_define
class DecisionRecurso:
    """
    Attributes:
        sentido (SentidoDecisionEnum): * `confirma` - Confirma el acto
            * `modifica` - Modifica el acto
            * `revoca` - Revoca el acto
        motivacion (str):
        galones_anuales (None | str | Unset):
        transcrita (bool | Unset): Decisión expedida antes en papel: conserva su fecha (fecha_expedicion) y soporte la
            nombra. Default: False.
        fecha_expedicion (datetime.date | None | Unset):
        soporte (str | Unset):  Default: ''.
    """

    sentido: SentidoDecisionEnum
    motivacion: str
    galones_anuales: None | str | Unset = UNSET
    transcrita: bool | Unset = False
    fecha_expedicion: datetime.date | None | Unset = UNSET
    soporte: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        sentido = self.sentido.value

        motivacion = self.motivacion

        galones_anuales: None | str | Unset
        if isinstance(self.galones_anuales, Unset):
            galones_anuales = UNSET
        else:
            galones_anuales = self.galones_anuales

        transcrita = self.transcrita

        fecha_expedicion: None | str | Unset
        if isinstance(self.fecha_expedicion, Unset):
            fecha_expedicion = UNSET
        elif isinstance(self.fecha_expedicion, datetime.date):
            fecha_expedicion = self.fecha_expedicion.isoformat()
        else:
            fecha_expedicion = self.fecha_expedicion

        soporte = self.soporte

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sentido": sentido,
                "motivacion": motivacion,
            }
        )
        if galones_anuales is not UNSET:
            field_dict["galones_anuales"] = galones_anuales
        if transcrita is not UNSET:
            field_dict["transcrita"] = transcrita
        if fecha_expedicion is not UNSET:
            field_dict["fecha_expedicion"] = fecha_expedicion
        if soporte is not UNSET:
            field_dict["soporte"] = soporte

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sentido = SentidoDecisionEnum(d.pop("sentido"))

        motivacion = d.pop("motivacion")

        def _parse_galones_anuales(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        galones_anuales = _parse_galones_anuales(d.pop("galones_anuales", UNSET))

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

        soporte = d.pop("soporte", UNSET)

        decision_recurso = cls(
            sentido=sentido,
            motivacion=motivacion,
            galones_anuales=galones_anuales,
            transcrita=transcrita,
            fecha_expedicion=fecha_expedicion,
            soporte=soporte,
        )

        decision_recurso.additional_properties = d
        return decision_recurso

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
