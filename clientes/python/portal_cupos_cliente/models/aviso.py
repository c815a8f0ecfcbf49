from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tipo_aviso_enum import TipoAvisoEnum

T = TypeVar("T", bound="Aviso")


@_attrs_define
class Aviso:
    """
    Attributes:
        id (int):
        capitania (str):
        tipo (TipoAvisoEnum): * `exoneracion_concedida` - Exoneración concedida
            * `infraccion_embarque` - Embarque en infracción
            * `posible_incumplimiento` - Posible incumplimiento de la reserva
            * `autorizacion_fletamento` - Copia de la autorización de fletamento
            * `embarque_fuera_de_exoneracion` - Embarque fuera de lo autorizado en la exoneración
            * `oferta_nacional_desatendida` - Oferta nacional igual o mejor no contratada
        referencia (str):
        detalle (str):
        exoneracion (int | None):
        creado (datetime.datetime):
    """

    id: int
    capitania: str
    tipo: TipoAvisoEnum
    referencia: str
    detalle: str
    exoneracion: int | None
    creado: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        capitania = self.capitania

        tipo = self.tipo.value

        referencia = self.referencia

        detalle = self.detalle

        exoneracion: int | None
        exoneracion = self.exoneracion

        creado = self.creado.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "capitania": capitania,
                "tipo": tipo,
                "referencia": referencia,
                "detalle": detalle,
                "exoneracion": exoneracion,
                "creado": creado,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        capitania = d.pop("capitania")

        tipo = TipoAvisoEnum(d.pop("tipo"))

        referencia = d.pop("referencia")

        detalle = d.pop("detalle")

        def _parse_exoneracion(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        exoneracion = _parse_exoneracion(d.pop("exoneracion"))

        creado = datetime.datetime.fromisoformat(d.pop("creado"))

        aviso = cls(
            id=id,
            capitania=capitania,
            tipo=tipo,
            referencia=referencia,
            detalle=detalle,
            exoneracion=exoneracion,
            creado=creado,
        )

        aviso.additional_properties = d
        return aviso

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
