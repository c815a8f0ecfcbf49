from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tipo_distribuidor_enum import TipoDistribuidorEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="DistribuidorNuevo")


@_attrs_define
class DistribuidorNuevo:
    """
    Attributes:
        nit (str):
        razon_social (str):
        tipo (TipoDistribuidorEnum | Unset): * `mayorista` - Distribuidor mayorista
            * `estacion_maritima` - Estación de servicio marítima
            * `tercero` - Tercero (zonas de frontera) Default: TipoDistribuidorEnum.MAYORISTA.
        habilitacion_numero (str | Unset):  Default: ''.
        habilitacion_fecha (datetime.date | None | Unset):
        habilitacion_vigente_hasta (datetime.date | None | Unset):
    """

    nit: str
    razon_social: str
    tipo: TipoDistribuidorEnum | Unset = TipoDistribuidorEnum.MAYORISTA
    habilitacion_numero: str | Unset = ""
    habilitacion_fecha: datetime.date | None | Unset = UNSET
    habilitacion_vigente_hasta: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        nit = self.nit

        razon_social = self.razon_social

        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value

        habilitacion_numero = self.habilitacion_numero

        habilitacion_fecha: None | str | Unset
        if isinstance(self.habilitacion_fecha, Unset):
            habilitacion_fecha = UNSET
        elif isinstance(self.habilitacion_fecha, datetime.date):
            habilitacion_fecha = self.habilitacion_fecha.isoformat()
        else:
            habilitacion_fecha = self.habilitacion_fecha

        habilitacion_vigente_hasta: None | str | Unset
        if isinstance(self.habilitacion_vigente_hasta, Unset):
            habilitacion_vigente_hasta = UNSET
        elif isinstance(self.habilitacion_vigente_hasta, datetime.date):
            habilitacion_vigente_hasta = self.habilitacion_vigente_hasta.isoformat()
        else:
            habilitacion_vigente_hasta = self.habilitacion_vigente_hasta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "nit": nit,
                "razon_social": razon_social,
            }
        )
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if habilitacion_numero is not UNSET:
            field_dict["habilitacion_numero"] = habilitacion_numero
        if habilitacion_fecha is not UNSET:
            field_dict["habilitacion_fecha"] = habilitacion_fecha
        if habilitacion_vigente_hasta is not UNSET:
            field_dict["habilitacion_vigente_hasta"] = habilitacion_vigente_hasta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        nit = d.pop("nit")

        razon_social = d.pop("razon_social")

        _tipo = d.pop("tipo", UNSET)
        tipo: TipoDistribuidorEnum | Unset
        if isinstance(_tipo, Unset):
            tipo = UNSET
        else:
            tipo = TipoDistribuidorEnum(_tipo)

        habilitacion_numero = d.pop("habilitacion_numero", UNSET)

        def _parse_habilitacion_fecha(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                habilitacion_fecha_type_0 = datetime.date.fromisoformat(data)

                return habilitacion_fecha_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        habilitacion_fecha = _parse_habilitacion_fecha(d.pop("habilitacion_fecha", UNSET))

        def _parse_habilitacion_vigente_hasta(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                habilitacion_vigente_hasta_type_0 = datetime.date.fromisoformat(data)

                return habilitacion_vigente_hasta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        habilitacion_vigente_hasta = _parse_habilitacion_vigente_hasta(d.pop("habilitacion_vigente_hasta", UNSET))

        distribuidor_nuevo = cls(
            nit=nit,
            razon_social=razon_social,
            tipo=tipo,
            habilitacion_numero=habilitacion_numero,
            habilitacion_fecha=habilitacion_fecha,
            habilitacion_vigente_hasta=habilitacion_vigente_hasta,
        )

        distribuidor_nuevo.additional_properties = d
        return distribuidor_nuevo

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
