from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.resultado_enum import ResultadoEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ResultadoControl")


@_attrs_define
class ResultadoControl:
    """C-05: a capitanía's outcome; a fine in monthly minimum wages and in pesos at that year's wage.

    Attributes:
        id (int):
        control (int):
        capitania (str):
        resultado (ResultadoEnum): * `archivada` - Investigación archivada, sin sanción
            * `multa` - Multa impuesta
        fecha (datetime.date):
        acto (int | None): DOMAIN §8: el acto de la multa, con sus recursos (GET /api/v1/actos/{id}/); null si se
            archivó.
        numero_acto (str): El acto de la capitanía, como lo expidió.
        motivo (str):
        multa_smmlv (None | str):
        valor_smmlv (None | str):
        multa_pesos (None | str):
        anio_smmlv (int | None | Unset):
    """

    id: int
    control: int
    capitania: str
    resultado: ResultadoEnum
    fecha: datetime.date
    acto: int | None
    numero_acto: str
    motivo: str
    multa_smmlv: None | str
    valor_smmlv: None | str
    multa_pesos: None | str
    anio_smmlv: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        control = self.control

        capitania = self.capitania

        resultado = self.resultado.value

        fecha = self.fecha.isoformat()

        acto: int | None
        acto = self.acto

        numero_acto = self.numero_acto

        motivo = self.motivo

        multa_smmlv: None | str
        multa_smmlv = self.multa_smmlv

        valor_smmlv: None | str
        valor_smmlv = self.valor_smmlv

        multa_pesos: None | str
        multa_pesos = self.multa_pesos

        anio_smmlv: int | None | Unset
        if isinstance(self.anio_smmlv, Unset):
            anio_smmlv = UNSET
        else:
            anio_smmlv = self.anio_smmlv

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "control": control,
                "capitania": capitania,
                "resultado": resultado,
                "fecha": fecha,
                "acto": acto,
                "numero_acto": numero_acto,
                "motivo": motivo,
                "multa_smmlv": multa_smmlv,
                "valor_smmlv": valor_smmlv,
                "multa_pesos": multa_pesos,
            }
        )
        if anio_smmlv is not UNSET:
            field_dict["anio_smmlv"] = anio_smmlv

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        control = d.pop("control")

        capitania = d.pop("capitania")

        resultado = ResultadoEnum(d.pop("resultado"))

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        def _parse_acto(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        acto = _parse_acto(d.pop("acto"))

        numero_acto = d.pop("numero_acto")

        motivo = d.pop("motivo")

        def _parse_multa_smmlv(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        multa_smmlv = _parse_multa_smmlv(d.pop("multa_smmlv"))

        def _parse_valor_smmlv(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        valor_smmlv = _parse_valor_smmlv(d.pop("valor_smmlv"))

        def _parse_multa_pesos(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        multa_pesos = _parse_multa_pesos(d.pop("multa_pesos"))

        def _parse_anio_smmlv(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        anio_smmlv = _parse_anio_smmlv(d.pop("anio_smmlv", UNSET))

        resultado_control = cls(
            id=id,
            control=control,
            capitania=capitania,
            resultado=resultado,
            fecha=fecha,
            acto=acto,
            numero_acto=numero_acto,
            motivo=motivo,
            multa_smmlv=multa_smmlv,
            valor_smmlv=valor_smmlv,
            multa_pesos=multa_pesos,
            anio_smmlv=anio_smmlv,
        )

        resultado_control.additional_properties = d
        return resultado_control

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
