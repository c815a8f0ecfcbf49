from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tipo_recurso_enum import TipoRecursoEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="RecursoNuevo")


@_attrs_define
class RecursoNuevo:
    """
    Attributes:
        interesado (int):
        tipo (TipoRecursoEnum): * `reposicion` - Reposición
            * `apelacion` - Apelación
        fecha (datetime.date):
        motivos (str):
        soporte (str | Unset):  Default: ''.
    """

    interesado: int
    tipo: TipoRecursoEnum
    fecha: datetime.date
    motivos: str
    soporte: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        interesado = self.interesado

        tipo = self.tipo.value

        fecha = self.fecha.isoformat()

        motivos = self.motivos

        soporte = self.soporte

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "interesado": interesado,
                "tipo": tipo,
                "fecha": fecha,
                "motivos": motivos,
            }
        )
        if soporte is not UNSET:
            field_dict["soporte"] = soporte

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        interesado = d.pop("interesado")

        tipo = TipoRecursoEnum(d.pop("tipo"))

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        motivos = d.pop("motivos")

        soporte = d.pop("soporte", UNSET)

        recurso_nuevo = cls(
            interesado=interesado,
            tipo=tipo,
            fecha=fecha,
            motivos=motivos,
            soporte=soporte,
        )

        recurso_nuevo.additional_properties = d
        return recurso_nuevo

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
