from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.garantia_resumen import GarantiaResumen


T = TypeVar("T", bound="Obligaciones")


@_attrs_define
class Obligaciones:
    """
    Attributes:
        anio (int):
        desembarque_minimo_kg (None | str):
        desembarcado_kg (str):
        esperado_a_la_fecha_kg (None | str):
        garantia (GarantiaResumen | None):
    """

    anio: int
    desembarque_minimo_kg: None | str
    desembarcado_kg: str
    esperado_a_la_fecha_kg: None | str
    garantia: GarantiaResumen | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.garantia_resumen import GarantiaResumen  # noqa: PLC0415

        anio = self.anio

        desembarque_minimo_kg: None | str
        desembarque_minimo_kg = self.desembarque_minimo_kg

        desembarcado_kg = self.desembarcado_kg

        esperado_a_la_fecha_kg: None | str
        esperado_a_la_fecha_kg = self.esperado_a_la_fecha_kg

        garantia: dict[str, Any] | None
        if isinstance(self.garantia, GarantiaResumen):
            garantia = self.garantia.to_dict()
        else:
            garantia = self.garantia

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "anio": anio,
                "desembarque_minimo_kg": desembarque_minimo_kg,
                "desembarcado_kg": desembarcado_kg,
                "esperado_a_la_fecha_kg": esperado_a_la_fecha_kg,
                "garantia": garantia,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.garantia_resumen import GarantiaResumen  # noqa: PLC0415

        d = dict(src_dict)
        anio = d.pop("anio")

        def _parse_desembarque_minimo_kg(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        desembarque_minimo_kg = _parse_desembarque_minimo_kg(d.pop("desembarque_minimo_kg"))

        desembarcado_kg = d.pop("desembarcado_kg")

        def _parse_esperado_a_la_fecha_kg(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        esperado_a_la_fecha_kg = _parse_esperado_a_la_fecha_kg(d.pop("esperado_a_la_fecha_kg"))

        def _parse_garantia(data: object) -> GarantiaResumen | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                garantia_type_0 = GarantiaResumen.from_dict(data)

                return garantia_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GarantiaResumen | None, data)

        garantia = _parse_garantia(d.pop("garantia"))

        obligaciones = cls(
            anio=anio,
            desembarque_minimo_kg=desembarque_minimo_kg,
            desembarcado_kg=desembarcado_kg,
            esperado_a_la_fecha_kg=esperado_a_la_fecha_kg,
            garantia=garantia,
        )

        obligaciones.additional_properties = d
        return obligaciones

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
