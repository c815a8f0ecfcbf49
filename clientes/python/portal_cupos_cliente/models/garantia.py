from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.moneda_enum import MonedaEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Garantia")


@_attrs_define
class Garantia:
    """
    Attributes:
        id (int):
        beneficiario (int):
        anio (int):
        desembarque_minimo_kg (str):
        valor_desembarque_minimo (str):
        banco (str):
        numero (str):
        valor (str):
        vigente_hasta (datetime.date):
        soporte (str): Documento de la garantía y de la constancia del ICA/AUNAP.
        moneda (MonedaEnum | Unset): * `COP` - Pesos colombianos
            * `USD` - Dólares estadounidenses
    """

    id: int
    beneficiario: int
    anio: int
    desembarque_minimo_kg: str
    valor_desembarque_minimo: str
    banco: str
    numero: str
    valor: str
    vigente_hasta: datetime.date
    soporte: str
    moneda: MonedaEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        beneficiario = self.beneficiario

        anio = self.anio

        desembarque_minimo_kg = self.desembarque_minimo_kg

        valor_desembarque_minimo = self.valor_desembarque_minimo

        banco = self.banco

        numero = self.numero

        valor = self.valor

        vigente_hasta = self.vigente_hasta.isoformat()

        soporte = self.soporte

        moneda: str | Unset = UNSET
        if not isinstance(self.moneda, Unset):
            moneda = self.moneda.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "beneficiario": beneficiario,
                "anio": anio,
                "desembarque_minimo_kg": desembarque_minimo_kg,
                "valor_desembarque_minimo": valor_desembarque_minimo,
                "banco": banco,
                "numero": numero,
                "valor": valor,
                "vigente_hasta": vigente_hasta,
                "soporte": soporte,
            }
        )
        if moneda is not UNSET:
            field_dict["moneda"] = moneda

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        beneficiario = d.pop("beneficiario")

        anio = d.pop("anio")

        desembarque_minimo_kg = d.pop("desembarque_minimo_kg")

        valor_desembarque_minimo = d.pop("valor_desembarque_minimo")

        banco = d.pop("banco")

        numero = d.pop("numero")

        valor = d.pop("valor")

        vigente_hasta = datetime.date.fromisoformat(d.pop("vigente_hasta"))

        soporte = d.pop("soporte")

        _moneda = d.pop("moneda", UNSET)
        moneda: MonedaEnum | Unset
        if isinstance(_moneda, Unset):
            moneda = UNSET
        else:
            moneda = MonedaEnum(_moneda)

        garantia = cls(
            id=id,
            beneficiario=beneficiario,
            anio=anio,
            desembarque_minimo_kg=desembarque_minimo_kg,
            valor_desembarque_minimo=valor_desembarque_minimo,
            banco=banco,
            numero=numero,
            valor=valor,
            vigente_hasta=vigente_hasta,
            soporte=soporte,
            moneda=moneda,
        )

        garantia.additional_properties = d
        return garantia

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
