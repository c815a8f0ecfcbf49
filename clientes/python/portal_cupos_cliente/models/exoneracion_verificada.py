from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.exoneracion_verificada_estado_enum import ExoneracionVerificadaEstadoEnum

if TYPE_CHECKING:
    from ..models.firma import Firma


T = TypeVar("T", bound="ExoneracionVerificada")


@_attrs_define
class ExoneracionVerificada:
    """
    Attributes:
        codigo (str):
        valida (bool):
        estado (ExoneracionVerificadaEstadoEnum): * `concedida` - concedida
            * `negada` - negada
        usuario_nit (str):
        toneladas (str):
        embarcar_antes_de (datetime.date | None):
        firma (Firma):
    """

    codigo: str
    valida: bool
    estado: ExoneracionVerificadaEstadoEnum
    usuario_nit: str
    toneladas: str
    embarcar_antes_de: datetime.date | None
    firma: Firma
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        codigo = self.codigo

        valida = self.valida

        estado = self.estado.value

        usuario_nit = self.usuario_nit

        toneladas = self.toneladas

        embarcar_antes_de: None | str
        if isinstance(self.embarcar_antes_de, datetime.date):
            embarcar_antes_de = self.embarcar_antes_de.isoformat()
        else:
            embarcar_antes_de = self.embarcar_antes_de

        firma = self.firma.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "codigo": codigo,
                "valida": valida,
                "estado": estado,
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

        estado = ExoneracionVerificadaEstadoEnum(d.pop("estado"))

        usuario_nit = d.pop("usuario_nit")

        toneladas = d.pop("toneladas")

        def _parse_embarcar_antes_de(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                embarcar_antes_de_type_0 = datetime.date.fromisoformat(data)

                return embarcar_antes_de_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        embarcar_antes_de = _parse_embarcar_antes_de(d.pop("embarcar_antes_de"))

        firma = Firma.from_dict(d.pop("firma"))

        exoneracion_verificada = cls(
            codigo=codigo,
            valida=valida,
            estado=estado,
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
