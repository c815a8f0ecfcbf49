from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.conciliacion_conteo import ConciliacionConteo
    from ..models.conciliacion_discrepancia import ConciliacionDiscrepancia
    from ..models.conciliacion_totales import ConciliacionTotales


T = TypeVar("T", bound="Conciliacion")


@_attrs_define
class Conciliacion:
    """
    Attributes:
        periodo (str):
        fecha_limite (datetime.date):
        plazo_vencido (bool):
        totales (ConciliacionTotales):
        conteo (ConciliacionConteo):
        discrepancias (list[ConciliacionDiscrepancia]):
    """

    periodo: str
    fecha_limite: datetime.date
    plazo_vencido: bool
    totales: ConciliacionTotales
    conteo: ConciliacionConteo
    discrepancias: list[ConciliacionDiscrepancia]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        periodo = self.periodo

        fecha_limite = self.fecha_limite.isoformat()

        plazo_vencido = self.plazo_vencido

        totales = self.totales.to_dict()

        conteo = self.conteo.to_dict()

        discrepancias = []
        for discrepancias_item_data in self.discrepancias:
            discrepancias_item = discrepancias_item_data.to_dict()
            discrepancias.append(discrepancias_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "periodo": periodo,
                "fecha_limite": fecha_limite,
                "plazo_vencido": plazo_vencido,
                "totales": totales,
                "conteo": conteo,
                "discrepancias": discrepancias,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.conciliacion_conteo import ConciliacionConteo  # noqa: PLC0415
        from ..models.conciliacion_discrepancia import ConciliacionDiscrepancia  # noqa: PLC0415
        from ..models.conciliacion_totales import ConciliacionTotales  # noqa: PLC0415

        d = dict(src_dict)
        periodo = d.pop("periodo")

        fecha_limite = datetime.date.fromisoformat(d.pop("fecha_limite"))

        plazo_vencido = d.pop("plazo_vencido")

        totales = ConciliacionTotales.from_dict(d.pop("totales"))

        conteo = ConciliacionConteo.from_dict(d.pop("conteo"))

        discrepancias = []
        _discrepancias = d.pop("discrepancias")
        for discrepancias_item_data in _discrepancias:
            discrepancias_item = ConciliacionDiscrepancia.from_dict(discrepancias_item_data)

            discrepancias.append(discrepancias_item)

        conciliacion = cls(
            periodo=periodo,
            fecha_limite=fecha_limite,
            plazo_vencido=plazo_vencido,
            totales=totales,
            conteo=conteo,
            discrepancias=discrepancias,
        )

        conciliacion.additional_properties = d
        return conciliacion

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
