from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.usuario_listado_nuevo import UsuarioListadoNuevo


T = TypeVar("T", bound="ListaSistemasEspecialesNueva")


@_attrs_define
class ListaSistemasEspecialesNueva:
    """
    Attributes:
        semestre (str):
        fecha_recibo (datetime.date):
        referencia (str):
        usuarios (list[UsuarioListadoNuevo]):
        remitente (str | Unset):
    """

    semestre: str
    fecha_recibo: datetime.date
    referencia: str
    usuarios: list[UsuarioListadoNuevo]
    remitente: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        semestre = self.semestre

        fecha_recibo = self.fecha_recibo.isoformat()

        referencia = self.referencia

        usuarios = []
        for usuarios_item_data in self.usuarios:
            usuarios_item = usuarios_item_data.to_dict()
            usuarios.append(usuarios_item)

        remitente = self.remitente

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "semestre": semestre,
                "fecha_recibo": fecha_recibo,
                "referencia": referencia,
                "usuarios": usuarios,
            }
        )
        if remitente is not UNSET:
            field_dict["remitente"] = remitente

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.usuario_listado_nuevo import UsuarioListadoNuevo  # noqa: PLC0415

        d = dict(src_dict)
        semestre = d.pop("semestre")

        fecha_recibo = datetime.date.fromisoformat(d.pop("fecha_recibo"))

        referencia = d.pop("referencia")

        usuarios = []
        _usuarios = d.pop("usuarios")
        for usuarios_item_data in _usuarios:
            usuarios_item = UsuarioListadoNuevo.from_dict(usuarios_item_data)

            usuarios.append(usuarios_item)

        remitente = d.pop("remitente", UNSET)

        lista_sistemas_especiales_nueva = cls(
            semestre=semestre,
            fecha_recibo=fecha_recibo,
            referencia=referencia,
            usuarios=usuarios,
            remitente=remitente,
        )

        lista_sistemas_especiales_nueva.additional_properties = d
        return lista_sistemas_especiales_nueva

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
