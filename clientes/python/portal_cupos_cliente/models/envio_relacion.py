from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="EnvioRelacion")


@_attrs_define
class EnvioRelacion:
    """
    Attributes:
        id (int):
        reporte (int):
        destinatario_nit (str):
        destinatario (str):
        enviado (datetime.datetime):
        acuse (datetime.datetime | None | Unset):
    """

    id: int
    reporte: int
    destinatario_nit: str
    destinatario: str
    enviado: datetime.datetime
    acuse: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        reporte = self.reporte

        destinatario_nit = self.destinatario_nit

        destinatario = self.destinatario

        enviado = self.enviado.isoformat()

        acuse: None | str | Unset
        if isinstance(self.acuse, Unset):
            acuse = UNSET
        elif isinstance(self.acuse, datetime.datetime):
            acuse = self.acuse.isoformat()
        else:
            acuse = self.acuse

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "reporte": reporte,
                "destinatario_nit": destinatario_nit,
                "destinatario": destinatario,
                "enviado": enviado,
            }
        )
        if acuse is not UNSET:
            field_dict["acuse"] = acuse

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        reporte = d.pop("reporte")

        destinatario_nit = d.pop("destinatario_nit")

        destinatario = d.pop("destinatario")

        enviado = datetime.datetime.fromisoformat(d.pop("enviado"))

        def _parse_acuse(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                acuse_type_0 = datetime.datetime.fromisoformat(data)

                return acuse_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        acuse = _parse_acuse(d.pop("acuse", UNSET))

        envio_relacion = cls(
            id=id,
            reporte=reporte,
            destinatario_nit=destinatario_nit,
            destinatario=destinatario,
            enviado=enviado,
            acuse=acuse,
        )

        envio_relacion.additional_properties = d
        return envio_relacion

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
