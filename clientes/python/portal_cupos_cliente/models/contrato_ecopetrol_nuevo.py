from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.prioridad_contrato_ecopetrol_enum import PrioridadContratoEcopetrolEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ContratoEcopetrolNuevo")


@_attrs_define
class ContratoEcopetrolNuevo:
    """
    Attributes:
        distribuidor_nit (str):
        municipio (str):
        acto (str):
        vigente_desde (datetime.date):
        vigente_hasta (datetime.date | None | Unset):
        prioridad (PrioridadContratoEcopetrolEnum | Unset): * `1` - 1. Plantas de abastecimiento del departamento
            * `2` - 2. Plantas de municipios o departamentos vecinos
            * `3` - 3. Terceros registrados en el MinMinas
            * `4` - 4. Estaciones de servicio de la zona Default: PrioridadContratoEcopetrolEnum.VALUE_1.
        motivo (str | Unset):  Default: ''.
        registro_minminas (str | Unset):  Default: ''.
    """

    distribuidor_nit: str
    municipio: str
    acto: str
    vigente_desde: datetime.date
    vigente_hasta: datetime.date | None | Unset = UNSET
    prioridad: PrioridadContratoEcopetrolEnum | Unset = PrioridadContratoEcopetrolEnum.VALUE_1
    motivo: str | Unset = ""
    registro_minminas: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        distribuidor_nit = self.distribuidor_nit

        municipio = self.municipio

        acto = self.acto

        vigente_desde = self.vigente_desde.isoformat()

        vigente_hasta: None | str | Unset
        if isinstance(self.vigente_hasta, Unset):
            vigente_hasta = UNSET
        elif isinstance(self.vigente_hasta, datetime.date):
            vigente_hasta = self.vigente_hasta.isoformat()
        else:
            vigente_hasta = self.vigente_hasta

        prioridad: int | Unset = UNSET
        if not isinstance(self.prioridad, Unset):
            prioridad = self.prioridad.value

        motivo = self.motivo

        registro_minminas = self.registro_minminas

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "distribuidor_nit": distribuidor_nit,
                "municipio": municipio,
                "acto": acto,
                "vigente_desde": vigente_desde,
            }
        )
        if vigente_hasta is not UNSET:
            field_dict["vigente_hasta"] = vigente_hasta
        if prioridad is not UNSET:
            field_dict["prioridad"] = prioridad
        if motivo is not UNSET:
            field_dict["motivo"] = motivo
        if registro_minminas is not UNSET:
            field_dict["registro_minminas"] = registro_minminas

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        distribuidor_nit = d.pop("distribuidor_nit")

        municipio = d.pop("municipio")

        acto = d.pop("acto")

        vigente_desde = datetime.date.fromisoformat(d.pop("vigente_desde"))

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

        _prioridad = d.pop("prioridad", UNSET)
        prioridad: PrioridadContratoEcopetrolEnum | Unset
        if isinstance(_prioridad, Unset):
            prioridad = UNSET
        else:
            prioridad = PrioridadContratoEcopetrolEnum(_prioridad)

        motivo = d.pop("motivo", UNSET)

        registro_minminas = d.pop("registro_minminas", UNSET)

        contrato_ecopetrol_nuevo = cls(
            distribuidor_nit=distribuidor_nit,
            municipio=municipio,
            acto=acto,
            vigente_desde=vigente_desde,
            vigente_hasta=vigente_hasta,
            prioridad=prioridad,
            motivo=motivo,
            registro_minminas=registro_minminas,
        )

        contrato_ecopetrol_nuevo.additional_properties = d
        return contrato_ecopetrol_nuevo

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
