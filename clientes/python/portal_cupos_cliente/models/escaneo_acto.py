from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..types import UNSET, File, FileTypes, Unset

T = TypeVar("T", bound="EscaneoActo")


@_attrs_define
class EscaneoActo:
    """
    Attributes:
        archivo (File | None | Unset):
    """

    archivo: File | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        archivo: FileTypes | None | Unset
        if isinstance(self.archivo, Unset):
            archivo = UNSET
        elif isinstance(self.archivo, File):
            archivo = self.archivo.to_tuple()

        else:
            archivo = self.archivo

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if archivo is not UNSET:
            field_dict["archivo"] = archivo

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        if not isinstance(self.archivo, Unset):
            if isinstance(self.archivo, File):
                files.append(("archivo", self.archivo.to_tuple()))
            else:
                files.append(("archivo", (None, str(self.archivo).encode(), "text/plain")))

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_archivo(data: object) -> File | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, bytes):
                    raise TypeError()
                archivo_type_0 = File(payload=BytesIO(data))

                return archivo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(File | None | Unset, data)

        archivo = _parse_archivo(d.pop("archivo", UNSET))

        escaneo_acto = cls(
            archivo=archivo,
        )

        escaneo_acto.additional_properties = d
        return escaneo_acto

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
