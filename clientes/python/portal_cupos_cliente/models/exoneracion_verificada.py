from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.firma import Firma


T = TypeVar("T", bound="ExoneracionVerificada")


@_attrs_define
class ExoneracionVerificada:
    """
    Attributes:
        codigo (str):
        valida (bool):
        usuario_nit (str):
        toneladas (str):
        embarcar_antes_de (datetime.date):
        firma (Firma):
    """

    codigo: str
    valida: bool
    usuario_nit: str
    toneladas: str
    embarcar_antes_de: datetime.date
    firma: Firma
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        codigo = self.codigo

        valida = self.valida

        usuario_nit = self.usuario_nit

        toneladas = self.toneladas

        embarcar_antes_de = self.embarcar_antes_de.isoformat()

        firma = self.firma.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "codigo": codigo,
                "valida": valida,
                "usuario_nit": usuario_nit,
                "toneladas": toneladas,
                "embarcar_antes_de": embarcar_antes_de,
                "firma": firma,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.firma import Firma  # noqa: PLC0415

        d = dict(src_dict)
        codigo = d.pop("codigo")

        valida = d.pop("valida")

        usuario_nit = d.pop("usuario_nit")

        toneladas = d.pop("toneladas")

        embarcar_antes_de = datetime.date.fromisoformat(d.pop("embarcar_antes_de"))

        firma = Firma.from_dict(d.pop("firma"))

        exoneracion_verificada = cls(
            codigo=codigo,
            valida=valida,
            usuario_nit=usuario_nit,
            toneladas=toneladas,
            embarcar_antes_de=embarcar_antes_de,
            firma=firma,
        )

        exoneracion_verificada.additional_properties = d
        return exoneracion_verificada

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
