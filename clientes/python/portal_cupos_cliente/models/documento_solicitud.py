from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DocumentoSolicitud")


@_attrs_define
class DocumentoSolicitud:
    """
    Attributes:
        tipo (str):
        referencia (str):
        expedido (datetime.date | None):
        archivo (bool): Si el archivo se cargó en el portal.
    """

    tipo: str
    referencia: str
    expedido: datetime.date | None
    archivo: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tipo = self.tipo

        referencia = self.referencia

        expedido: None | str
        if isinstance(self.expedido, datetime.date):
            expedido = self.expedido.isoformat()
        else:
            expedido = self.expedido

        archivo = self.archivo

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tipo": tipo,
                "referencia": referencia,
                "expedido": expedido,
                "archivo": archivo,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tipo = d.pop("tipo")

        referencia = d.pop("referencia")

        def _parse_expedido(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expedido_type_0 = datetime.date.fromisoformat(data)

                return expedido_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        expedido = _parse_expedido(d.pop("expedido"))

        archivo = d.pop("archivo")

        documento_solicitud = cls(
            tipo=tipo,
            referencia=referencia,
            expedido=expedido,
            archivo=archivo,
        )

        documento_solicitud.additional_properties = d
        return documento_solicitud

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
