from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.linea_resolucion import LineaResolucion


T = TypeVar("T", bound="Cumplimiento")


@_attrs_define
class Cumplimiento:
    """
    Attributes:
        usuario_nit (str):
        anio (int):
        cerrado (bool):
        cumple (bool | None):
        flete_promedio_usd (None | str):
        lineas (list[LineaResolucion]):
    """

    usuario_nit: str
    anio: int
    cerrado: bool
    cumple: bool | None
    flete_promedio_usd: None | str
    lineas: list[LineaResolucion]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        usuario_nit = self.usuario_nit

        anio = self.anio

        cerrado = self.cerrado

        cumple: bool | None
        cumple = self.cumple

        flete_promedio_usd: None | str
        flete_promedio_usd = self.flete_promedio_usd

        lineas = []
        for lineas_item_data in self.lineas:
            lineas_item = lineas_item_data.to_dict()
            lineas.append(lineas_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "usuario_nit": usuario_nit,
                "anio": anio,
                "cerrado": cerrado,
                "cumple": cumple,
                "flete_promedio_usd": flete_promedio_usd,
                "lineas": lineas,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.linea_resolucion import LineaResolucion  # noqa: PLC0415

        d = dict(src_dict)
        usuario_nit = d.pop("usuario_nit")

        anio = d.pop("anio")

        cerrado = d.pop("cerrado")

        def _parse_cumple(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        cumple = _parse_cumple(d.pop("cumple"))

        def _parse_flete_promedio_usd(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        flete_promedio_usd = _parse_flete_promedio_usd(d.pop("flete_promedio_usd"))

        lineas = []
        _lineas = d.pop("lineas")
        for lineas_item_data in _lineas:
            lineas_item = LineaResolucion.from_dict(lineas_item_data)

            lineas.append(lineas_item)

        cumplimiento = cls(
            usuario_nit=usuario_nit,
            anio=anio,
            cerrado=cerrado,
            cumple=cumple,
            flete_promedio_usd=flete_promedio_usd,
            lineas=lineas,
        )

        cumplimiento.additional_properties = d
        return cumplimiento

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
