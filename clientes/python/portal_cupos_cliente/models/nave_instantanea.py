from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.retencion import Retencion


T = TypeVar("T", bound="NaveInstantanea")


@_attrs_define
class NaveInstantanea:
    """
    Attributes:
        id (int):
        nombre (str):
        matricula (None | str):
        capacidad (None | str):
        ultimo_certificado (str):
        retencion (Retencion):
    """

    id: int
    nombre: str
    matricula: None | str
    capacidad: None | str
    ultimo_certificado: str
    retencion: Retencion
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        nombre = self.nombre

        matricula: None | str
        matricula = self.matricula

        capacidad: None | str
        capacidad = self.capacidad

        ultimo_certificado = self.ultimo_certificado

        retencion = self.retencion.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "nombre": nombre,
                "matricula": matricula,
                "capacidad": capacidad,
                "ultimo_certificado": ultimo_certificado,
                "retencion": retencion,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.retencion import Retencion  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        nombre = d.pop("nombre")

        def _parse_matricula(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        matricula = _parse_matricula(d.pop("matricula"))

        def _parse_capacidad(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        capacidad = _parse_capacidad(d.pop("capacidad"))

        ultimo_certificado = d.pop("ultimo_certificado")

        retencion = Retencion.from_dict(d.pop("retencion"))

        nave_instantanea = cls(
            id=id,
            nombre=nombre,
            matricula=matricula,
            capacidad=capacidad,
            ultimo_certificado=ultimo_certificado,
            retencion=retencion,
        )

        nave_instantanea.additional_properties = d
        return nave_instantanea

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
