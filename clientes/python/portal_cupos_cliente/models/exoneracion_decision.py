from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decision_exoneracion_enum import DecisionExoneracionEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.firma_decision import FirmaDecision


T = TypeVar("T", bound="ExoneracionDecision")


@_attrs_define
class ExoneracionDecision:
    """
    Attributes:
        decision (DecisionExoneracionEnum): * `concedida` - Concedida
            * `negada` - Negada
            * `aclaracion` - Aclaración solicitada
            * `completar` - Documentos solicitados para completar la solicitud
        fecha (datetime.date):
        motivo (str):
        embarcar_antes_de (datetime.date | None | Unset):
        firma (FirmaDecision | None | Unset):
        transcrita (bool | Unset):  Default: False.
        soporte (str | Unset):  Default: ''.
    """

    decision: DecisionExoneracionEnum
    fecha: datetime.date
    motivo: str
    embarcar_antes_de: datetime.date | None | Unset = UNSET
    firma: FirmaDecision | None | Unset = UNSET
    transcrita: bool | Unset = False
    soporte: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.firma_decision import FirmaDecision  # noqa: PLC0415

        decision = self.decision.value

        fecha = self.fecha.isoformat()

        motivo = self.motivo

        embarcar_antes_de: None | str | Unset
        if isinstance(self.embarcar_antes_de, Unset):
            embarcar_antes_de = UNSET
        elif isinstance(self.embarcar_antes_de, datetime.date):
            embarcar_antes_de = self.embarcar_antes_de.isoformat()
        else:
            embarcar_antes_de = self.embarcar_antes_de

        firma: dict[str, Any] | None | Unset
        if isinstance(self.firma, Unset):
            firma = UNSET
        elif isinstance(self.firma, FirmaDecision):
            firma = self.firma.to_dict()
        else:
            firma = self.firma

        transcrita = self.transcrita

        soporte = self.soporte

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "decision": decision,
                "fecha": fecha,
                "motivo": motivo,
            }
        )
        if embarcar_antes_de is not UNSET:
            field_dict["embarcar_antes_de"] = embarcar_antes_de
        if firma is not UNSET:
            field_dict["firma"] = firma
        if transcrita is not UNSET:
            field_dict["transcrita"] = transcrita
        if soporte is not UNSET:
            field_dict["soporte"] = soporte

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.firma_decision import FirmaDecision  # noqa: PLC0415

        d = dict(src_dict)
        decision = DecisionExoneracionEnum(d.pop("decision"))

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        motivo = d.pop("motivo")

        def _parse_embarcar_antes_de(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                embarcar_antes_de_type_0 = datetime.date.fromisoformat(data)

                return embarcar_antes_de_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        embarcar_antes_de = _parse_embarcar_antes_de(d.pop("embarcar_antes_de", UNSET))

        def _parse_firma(data: object) -> FirmaDecision | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                firma_type_0 = FirmaDecision.from_dict(data)

                return firma_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FirmaDecision | None | Unset, data)

        firma = _parse_firma(d.pop("firma", UNSET))

        transcrita = d.pop("transcrita", UNSET)

        soporte = d.pop("soporte", UNSET)

        exoneracion_decision = cls(
            decision=decision,
            fecha=fecha,
            motivo=motivo,
            embarcar_antes_de=embarcar_antes_de,
            firma=firma,
            transcrita=transcrita,
            soporte=soporte,
        )

        exoneracion_decision.additional_properties = d
        return exoneracion_decision

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
