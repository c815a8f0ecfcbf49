from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.inspector_designado import InspectorDesignado


T = TypeVar("T", bound="Inspeccion")


@_attrs_define
class Inspeccion:
    """
    Attributes:
        id (int):
        zarpe (int):
        fecha (datetime.date):
        galones_autorizados (str):
        galones_verificados (str):
        reintegro (str):
        inspector (InspectorDesignado | None):
        ventana_cerrada (bool | Unset): La diferencia no se reintegró: la ventana ya cerró.
    """

    id: int
    zarpe: int
    fecha: datetime.date
    galones_autorizados: str
    galones_verificados: str
    reintegro: str
    inspector: InspectorDesignado | None
    ventana_cerrada: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.inspector_designado import InspectorDesignado  # noqa: PLC0415

        id = self.id

        zarpe = self.zarpe

        fecha = self.fecha.isoformat()

        galones_autorizados = self.galones_autorizados

        galones_verificados = self.galones_verificados

        reintegro = self.reintegro

        inspector: dict[str, Any] | None
        if isinstance(self.inspector, InspectorDesignado):
            inspector = self.inspector.to_dict()
        else:
            inspector = self.inspector

        ventana_cerrada = self.ventana_cerrada

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "zarpe": zarpe,
                "fecha": fecha,
                "galones_autorizados": galones_autorizados,
                "galones_verificados": galones_verificados,
                "reintegro": reintegro,
                "inspector": inspector,
            }
        )
        if ventana_cerrada is not UNSET:
            field_dict["ventana_cerrada"] = ventana_cerrada

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.inspector_designado import InspectorDesignado  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        zarpe = d.pop("zarpe")

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        galones_autorizados = d.pop("galones_autorizados")

        galones_verificados = d.pop("galones_verificados")

        reintegro = d.pop("reintegro")

        def _parse_inspector(data: object) -> InspectorDesignado | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                inspector_type_0 = InspectorDesignado.from_dict(data)

                return inspector_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InspectorDesignado | None, data)

        inspector = _parse_inspector(d.pop("inspector"))

        ventana_cerrada = d.pop("ventana_cerrada", UNSET)

        inspeccion = cls(
            id=id,
            zarpe=zarpe,
            fecha=fecha,
            galones_autorizados=galones_autorizados,
            galones_verificados=galones_verificados,
            reintegro=reintegro,
            inspector=inspector,
            ventana_cerrada=ventana_cerrada,
        )

        inspeccion.additional_properties = d
        return inspeccion

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
