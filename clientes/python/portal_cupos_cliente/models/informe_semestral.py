from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.carga_informe import CargaInforme


T = TypeVar("T", bound="InformeSemestral")


@_attrs_define
class InformeSemestral:
    """
    Attributes:
        id (int):
        usuario_nit (str):
        semestre (str):
        fecha_presentacion (datetime.date):
        vence (datetime.date):
        cargas (list[CargaInforme]):
        extemporaneo (bool | Unset):
        sin_movimiento (bool | Unset):
    """

    id: int
    usuario_nit: str
    semestre: str
    fecha_presentacion: datetime.date
    vence: datetime.date
    cargas: list[CargaInforme]
    extemporaneo: bool | Unset = UNSET
    sin_movimiento: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        usuario_nit = self.usuario_nit

        semestre = self.semestre

        fecha_presentacion = self.fecha_presentacion.isoformat()

        vence = self.vence.isoformat()

        cargas = []
        for cargas_item_data in self.cargas:
            cargas_item = cargas_item_data.to_dict()
            cargas.append(cargas_item)

        extemporaneo = self.extemporaneo

        sin_movimiento = self.sin_movimiento

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "usuario_nit": usuario_nit,
                "semestre": semestre,
                "fecha_presentacion": fecha_presentacion,
                "vence": vence,
                "cargas": cargas,
            }
        )
        if extemporaneo is not UNSET:
            field_dict["extemporaneo"] = extemporaneo
        if sin_movimiento is not UNSET:
            field_dict["sin_movimiento"] = sin_movimiento

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.carga_informe import CargaInforme  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        usuario_nit = d.pop("usuario_nit")

        semestre = d.pop("semestre")

        fecha_presentacion = datetime.date.fromisoformat(d.pop("fecha_presentacion"))

        vence = datetime.date.fromisoformat(d.pop("vence"))

        cargas = []
        _cargas = d.pop("cargas")
        for cargas_item_data in _cargas:
            cargas_item = CargaInforme.from_dict(cargas_item_data)

            cargas.append(cargas_item)

        extemporaneo = d.pop("extemporaneo", UNSET)

        sin_movimiento = d.pop("sin_movimiento", UNSET)

        informe_semestral = cls(
            id=id,
            usuario_nit=usuario_nit,
            semestre=semestre,
            fecha_presentacion=fecha_presentacion,
            vence=vence,
            cargas=cargas,
            extemporaneo=extemporaneo,
            sin_movimiento=sin_movimiento,
        )

        informe_semestral.additional_properties = d
        return informe_semestral

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
