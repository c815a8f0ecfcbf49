from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.nivel_enum import NivelEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Firma")


@_attrs_define
class Firma:
    """
    Attributes:
        valida (bool):
        firmante (str):
        cargo (str):
        entidad (str):
        fecha (datetime.datetime | None):
        nivel (NivelEnum | None):
        delegacion (str | Unset): El acto de delegación, si se firmó por delegación.
        detalle (str | Unset): Qué falló, cuando la firma no es válida.
    """

    valida: bool
    firmante: str
    cargo: str
    entidad: str
    fecha: datetime.datetime | None
    nivel: NivelEnum | None
    delegacion: str | Unset = UNSET
    detalle: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        valida = self.valida

        firmante = self.firmante

        cargo = self.cargo

        entidad = self.entidad

        fecha: None | str
        if isinstance(self.fecha, datetime.datetime):
            fecha = self.fecha.isoformat()
        else:
            fecha = self.fecha

        nivel: None | str
        if isinstance(self.nivel, NivelEnum):
            nivel = self.nivel.value
        else:
            nivel = self.nivel

        delegacion = self.delegacion

        detalle = self.detalle

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "valida": valida,
                "firmante": firmante,
                "cargo": cargo,
                "entidad": entidad,
                "fecha": fecha,
                "nivel": nivel,
            }
        )
        if delegacion is not UNSET:
            field_dict["delegacion"] = delegacion
        if detalle is not UNSET:
            field_dict["detalle"] = detalle

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        valida = d.pop("valida")

        firmante = d.pop("firmante")

        cargo = d.pop("cargo")

        entidad = d.pop("entidad")

        def _parse_fecha(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_type_0 = datetime.datetime.fromisoformat(data)

                return fecha_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        fecha = _parse_fecha(d.pop("fecha"))

        def _parse_nivel(data: object) -> NivelEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                nivel_type_0 = NivelEnum(data)

                return nivel_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NivelEnum | None, data)

        nivel = _parse_nivel(d.pop("nivel"))

        delegacion = d.pop("delegacion", UNSET)

        detalle = d.pop("detalle", UNSET)

        firma = cls(
            valida=valida,
            firmante=firmante,
            cargo=cargo,
            entidad=entidad,
            fecha=fecha,
            nivel=nivel,
            delegacion=delegacion,
            detalle=detalle,
        )

        firma.additional_properties = d
        return firma

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
