from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.resultado_enum import ResultadoEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ControlResultado")


@_attrs_define
class ControlResultado:
    """
    Attributes:
        resultado (ResultadoEnum): * `archivada` - Investigación archivada, sin sanción
            * `multa` - Multa impuesta
        fecha (datetime.date):
        acto (str):
        motivo (str):
        capitania (str | Unset):  Default: ''.
        multa_smmlv (None | str | Unset):
    """

    resultado: ResultadoEnum
    fecha: datetime.date
    acto: str
    motivo: str
    capitania: str | Unset = ""
    multa_smmlv: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        resultado = self.resultado.value

        fecha = self.fecha.isoformat()

        acto = self.acto

        motivo = self.motivo

        capitania = self.capitania

        multa_smmlv: None | str | Unset
        if isinstance(self.multa_smmlv, Unset):
            multa_smmlv = UNSET
        else:
            multa_smmlv = self.multa_smmlv

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "resultado": resultado,
                "fecha": fecha,
                "acto": acto,
                "motivo": motivo,
            }
        )
        if capitania is not UNSET:
            field_dict["capitania"] = capitania
        if multa_smmlv is not UNSET:
            field_dict["multa_smmlv"] = multa_smmlv

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        resultado = ResultadoEnum(d.pop("resultado"))

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        acto = d.pop("acto")

        motivo = d.pop("motivo")

        capitania = d.pop("capitania", UNSET)

        def _parse_multa_smmlv(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        multa_smmlv = _parse_multa_smmlv(d.pop("multa_smmlv", UNSET))

        control_resultado = cls(
            resultado=resultado,
            fecha=fecha,
            acto=acto,
            motivo=motivo,
            capitania=capitania,
            multa_smmlv=multa_smmlv,
        )

        control_resultado.additional_properties = d
        return control_resultado

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
