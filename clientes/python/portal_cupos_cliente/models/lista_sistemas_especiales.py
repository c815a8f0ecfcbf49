from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.usuario_listado import UsuarioListado


T = TypeVar("T", bound="ListaSistemasEspeciales")


@_attrs_define
class ListaSistemasEspeciales:
    """
    Attributes:
        id (int):
        semestre (str):
        referencia (str):
        fecha_recibo (datetime.date):
        usuarios (list[UsuarioListado]):
        remitente (str | Unset):
    """

    id: int
    semestre: str
    referencia: str
    fecha_recibo: datetime.date
    usuarios: list[UsuarioListado]
    remitente: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        semestre = self.semestre

        referencia = self.referencia

        fecha_recibo = self.fecha_recibo.isoformat()

        usuarios = []
        for usuarios_item_data in self.usuarios:
            usuarios_item = usuarios_item_data.to_dict()
            usuarios.append(usuarios_item)

        remitente = self.remitente

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "semestre": semestre,
                "referencia": referencia,
                "fecha_recibo": fecha_recibo,
                "usuarios": usuarios,
            }
        )
        if remitente is not UNSET:
            field_dict["remitente"] = remitente

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.usuario_listado import UsuarioListado  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        semestre = d.pop("semestre")

        referencia = d.pop("referencia")

        fecha_recibo = datetime.date.fromisoformat(d.pop("fecha_recibo"))

        usuarios = []
        _usuarios = d.pop("usuarios")
        for usuarios_item_data in _usuarios:
            usuarios_item = UsuarioListado.from_dict(usuarios_item_data)

            usuarios.append(usuarios_item)

        remitente = d.pop("remitente", UNSET)

        lista_sistemas_especiales = cls(
            id=id,
            semestre=semestre,
            referencia=referencia,
            fecha_recibo=fecha_recibo,
            usuarios=usuarios,
            remitente=remitente,
        )

        lista_sistemas_especiales.additional_properties = d
        return lista_sistemas_especiales

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
