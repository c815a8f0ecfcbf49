from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clase_enum import ClaseEnum
from ..models.operacion_enum import OperacionEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PorcentajePaisNuevo")


@_attrs_define
class PorcentajePaisNuevo:
    """
    Attributes:
        pais (str): ISO 3166 alfa-2
        operacion (OperacionEnum): * `importacion` - Importación
            * `exportacion` - Exportación
        clase (ClaseEnum): * `general` - Carga general
            * `granel` - Carga a granel
        porcentaje (str):
        vigente_desde (datetime.date):
        acto (str):
        vigente_hasta (datetime.date | None | Unset):
    """

    pais: str
    operacion: OperacionEnum
    clase: ClaseEnum
    porcentaje: str
    vigente_desde: datetime.date
    acto: str
    vigente_hasta: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pais = self.pais

        operacion = self.operacion.value

        clase = self.clase.value

        porcentaje = self.porcentaje

        vigente_desde = self.vigente_desde.isoformat()

        acto = self.acto

        vigente_hasta: None | str | Unset
        if isinstance(self.vigente_hasta, Unset):
            vigente_hasta = UNSET
        elif isinstance(self.vigente_hasta, datetime.date):
            vigente_hasta = self.vigente_hasta.isoformat()
        else:
            vigente_hasta = self.vigente_hasta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "pais": pais,
                "operacion": operacion,
                "clase": clase,
                "porcentaje": porcentaje,
                "vigente_desde": vigente_desde,
                "acto": acto,
            }
        )
        if vigente_hasta is not UNSET:
            field_dict["vigente_hasta"] = vigente_hasta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pais = d.pop("pais")

        operacion = OperacionEnum(d.pop("operacion"))

        clase = ClaseEnum(d.pop("clase"))

        porcentaje = d.pop("porcentaje")

        vigente_desde = datetime.date.fromisoformat(d.pop("vigente_desde"))

        acto = d.pop("acto")

        def _parse_vigente_hasta(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vigente_hasta_type_0 = datetime.date.fromisoformat(data)

                return vigente_hasta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vigente_hasta = _parse_vigente_hasta(d.pop("vigente_hasta", UNSET))

        porcentaje_pais_nuevo = cls(
            pais=pais,
            operacion=operacion,
            clase=clase,
            porcentaje=porcentaje,
            vigente_desde=vigente_desde,
            acto=acto,
            vigente_hasta=vigente_hasta,
        )

        porcentaje_pais_nuevo.additional_properties = d
        return porcentaje_pais_nuevo

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
