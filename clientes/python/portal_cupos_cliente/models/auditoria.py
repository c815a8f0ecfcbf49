from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.auditoria_antes_type_0 import AuditoriaAntesType0
    from ..models.auditoria_despues_type_0 import AuditoriaDespuesType0


T = TypeVar("T", bound="Auditoria")


@_attrs_define
class Auditoria:
    """
    Attributes:
        id (int):
        fecha (datetime.datetime):
        accion (str):
        objeto_tipo (str):
        antes (AuditoriaAntesType0 | None): Los campos del objeto y sus valores en ese momento (cada tipo de objeto
            tiene los suyos).
        despues (AuditoriaDespuesType0 | None): Los campos del objeto y sus valores en ese momento (cada tipo de objeto
            tiene los suyos).
        actor_nombre (str | Unset):
        objeto_id (str | Unset):
        objeto_repr (str | Unset):
    """

    id: int
    fecha: datetime.datetime
    accion: str
    objeto_tipo: str
    antes: AuditoriaAntesType0 | None
    despues: AuditoriaDespuesType0 | None
    actor_nombre: str | Unset = UNSET
    objeto_id: str | Unset = UNSET
    objeto_repr: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.auditoria_antes_type_0 import AuditoriaAntesType0  # noqa: PLC0415
        from ..models.auditoria_despues_type_0 import AuditoriaDespuesType0  # noqa: PLC0415

        id = self.id

        fecha = self.fecha.isoformat()

        accion = self.accion

        objeto_tipo = self.objeto_tipo

        antes: dict[str, Any] | None
        if isinstance(self.antes, AuditoriaAntesType0):
            antes = self.antes.to_dict()
        else:
            antes = self.antes

        despues: dict[str, Any] | None
        if isinstance(self.despues, AuditoriaDespuesType0):
            despues = self.despues.to_dict()
        else:
            despues = self.despues

        actor_nombre = self.actor_nombre

        objeto_id = self.objeto_id

        objeto_repr = self.objeto_repr

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "fecha": fecha,
                "accion": accion,
                "objeto_tipo": objeto_tipo,
                "antes": antes,
                "despues": despues,
            }
        )
        if actor_nombre is not UNSET:
            field_dict["actor_nombre"] = actor_nombre
        if objeto_id is not UNSET:
            field_dict["objeto_id"] = objeto_id
        if objeto_repr is not UNSET:
            field_dict["objeto_repr"] = objeto_repr

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auditoria_antes_type_0 import AuditoriaAntesType0  # noqa: PLC0415
        from ..models.auditoria_despues_type_0 import AuditoriaDespuesType0  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        fecha = datetime.datetime.fromisoformat(d.pop("fecha"))

        accion = d.pop("accion")

        objeto_tipo = d.pop("objeto_tipo")

        def _parse_antes(data: object) -> AuditoriaAntesType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                antes_type_0 = AuditoriaAntesType0.from_dict(data)

                return antes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditoriaAntesType0 | None, data)

        antes = _parse_antes(d.pop("antes"))

        def _parse_despues(data: object) -> AuditoriaDespuesType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                despues_type_0 = AuditoriaDespuesType0.from_dict(data)

                return despues_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditoriaDespuesType0 | None, data)

        despues = _parse_despues(d.pop("despues"))

        actor_nombre = d.pop("actor_nombre", UNSET)

        objeto_id = d.pop("objeto_id", UNSET)

        objeto_repr = d.pop("objeto_repr", UNSET)

        auditoria = cls(
            id=id,
            fecha=fecha,
            accion=accion,
            objeto_tipo=objeto_tipo,
            antes=antes,
            despues=despues,
            actor_nombre=actor_nombre,
            objeto_id=objeto_id,
            objeto_repr=objeto_repr,
        )

        auditoria.additional_properties = d
        return auditoria

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
