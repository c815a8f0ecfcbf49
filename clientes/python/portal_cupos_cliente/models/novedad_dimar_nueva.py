from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.alta_dimar import AltaDimar
    from ..models.baja_dimar import BajaDimar


T = TypeVar("T", bound="NovedadDimarNueva")


@_attrs_define
class NovedadDimarNueva:
    """
    Attributes:
        periodo (str):  Example: 2026-06.
        altas (list[AltaDimar] | Unset):
        bajas (list[BajaDimar] | Unset):
    """

    periodo: str
    altas: list[AltaDimar] | Unset = UNSET
    bajas: list[BajaDimar] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        periodo = self.periodo

        altas: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.altas, Unset):
            altas = []
            for altas_item_data in self.altas:
                altas_item = altas_item_data.to_dict()
                altas.append(altas_item)

        bajas: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.bajas, Unset):
            bajas = []
            for bajas_item_data in self.bajas:
                bajas_item = bajas_item_data.to_dict()
                bajas.append(bajas_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "periodo": periodo,
            }
        )
        if altas is not UNSET:
            field_dict["altas"] = altas
        if bajas is not UNSET:
            field_dict["bajas"] = bajas

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.alta_dimar import AltaDimar  # noqa: PLC0415
        from ..models.baja_dimar import BajaDimar  # noqa: PLC0415

        d = dict(src_dict)
        periodo = d.pop("periodo")

        _altas = d.pop("altas", UNSET)
        altas: list[AltaDimar] | Unset = UNSET
        if _altas is not UNSET:
            altas = []
            for altas_item_data in _altas:
                altas_item = AltaDimar.from_dict(altas_item_data)

                altas.append(altas_item)

        _bajas = d.pop("bajas", UNSET)
        bajas: list[BajaDimar] | Unset = UNSET
        if _bajas is not UNSET:
            bajas = []
            for bajas_item_data in _bajas:
                bajas_item = BajaDimar.from_dict(bajas_item_data)

                bajas.append(bajas_item)

        novedad_dimar_nueva = cls(
            periodo=periodo,
            altas=altas,
            bajas=bajas,
        )

        novedad_dimar_nueva.additional_properties = d
        return novedad_dimar_nueva

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
