from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bloque import Bloque
    from ..models.mostrador import Mostrador
    from ..models.nave_instantanea import NaveInstantanea


T = TypeVar("T", bound="Instantanea")


@_attrs_define
class Instantanea:
    """
    Attributes:
        mostrador (Mostrador):
        ahora (datetime.datetime):
        siguiente (int | None): El próximo consecutivo libre del bloque.
        bloques (list[Bloque]):
        naves (list[NaveInstantanea]):
    """

    mostrador: Mostrador
    ahora: datetime.datetime
    siguiente: int | None
    bloques: list[Bloque]
    naves: list[NaveInstantanea]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mostrador = self.mostrador.to_dict()

        ahora = self.ahora.isoformat()

        siguiente: int | None
        siguiente = self.siguiente

        bloques = []
        for bloques_item_data in self.bloques:
            bloques_item = bloques_item_data.to_dict()
            bloques.append(bloques_item)

        naves = []
        for naves_item_data in self.naves:
            naves_item = naves_item_data.to_dict()
            naves.append(naves_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mostrador": mostrador,
                "ahora": ahora,
                "siguiente": siguiente,
                "bloques": bloques,
                "naves": naves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bloque import Bloque  # noqa: PLC0415
        from ..models.mostrador import Mostrador  # noqa: PLC0415
        from ..models.nave_instantanea import NaveInstantanea  # noqa: PLC0415

        d = dict(src_dict)
        mostrador = Mostrador.from_dict(d.pop("mostrador"))

        ahora = datetime.datetime.fromisoformat(d.pop("ahora"))

        def _parse_siguiente(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        siguiente = _parse_siguiente(d.pop("siguiente"))

        bloques = []
        _bloques = d.pop("bloques")
        for bloques_item_data in _bloques:
            bloques_item = Bloque.from_dict(bloques_item_data)

            bloques.append(bloques_item)

        naves = []
        _naves = d.pop("naves")
        for naves_item_data in _naves:
            naves_item = NaveInstantanea.from_dict(naves_item_data)

            naves.append(naves_item)

        instantanea = cls(
            mostrador=mostrador,
            ahora=ahora,
            siguiente=siguiente,
            bloques=bloques,
            naves=naves,
        )

        instantanea.additional_properties = d
        return instantanea

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
