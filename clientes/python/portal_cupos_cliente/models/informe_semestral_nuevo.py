from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.carga_informe_nueva import CargaInformeNueva


T = TypeVar("T", bound="InformeSemestralNuevo")


@_attrs_define
class InformeSemestralNuevo:
    """
    Attributes:
        usuario_nit (str):
        semestre (str):
        fecha_presentacion (datetime.date):
        cargas (list[CargaInformeNueva] | Unset):
        sin_movimiento (bool | Unset):  Default: False.
    """

    usuario_nit: str
    semestre: str
    fecha_presentacion: datetime.date
    cargas: list[CargaInformeNueva] | Unset = UNSET
    sin_movimiento: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        usuario_nit = self.usuario_nit

        semestre = self.semestre

        fecha_presentacion = self.fecha_presentacion.isoformat()

        cargas: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.cargas, Unset):
            cargas = []
            for cargas_item_data in self.cargas:
                cargas_item = cargas_item_data.to_dict()
                cargas.append(cargas_item)

        sin_movimiento = self.sin_movimiento

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "usuario_nit": usuario_nit,
                "semestre": semestre,
                "fecha_presentacion": fecha_presentacion,
            }
        )
        if cargas is not UNSET:
            field_dict["cargas"] = cargas
        if sin_movimiento is not UNSET:
            field_dict["sin_movimiento"] = sin_movimiento

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.carga_informe_nueva import CargaInformeNueva  # noqa: PLC0415

        d = dict(src_dict)
        usuario_nit = d.pop("usuario_nit")

        semestre = d.pop("semestre")

        fecha_presentacion = datetime.date.fromisoformat(d.pop("fecha_presentacion"))

        _cargas = d.pop("cargas", UNSET)
        cargas: list[CargaInformeNueva] | Unset = UNSET
        if _cargas is not UNSET:
            cargas = []
            for cargas_item_data in _cargas:
                cargas_item = CargaInformeNueva.from_dict(cargas_item_data)

                cargas.append(cargas_item)

        sin_movimiento = d.pop("sin_movimiento", UNSET)

        informe_semestral_nuevo = cls(
            usuario_nit=usuario_nit,
            semestre=semestre,
            fecha_presentacion=fecha_presentacion,
            cargas=cargas,
            sin_movimiento=sin_movimiento,
        )

        informe_semestral_nuevo.additional_properties = d
        return informe_semestral_nuevo

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
