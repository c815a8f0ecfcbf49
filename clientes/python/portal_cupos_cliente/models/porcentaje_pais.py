from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.blank_enum import BlankEnum
from ..models.clase_enum import ClaseEnum
from ..models.mercancia_enum import MercanciaEnum
from ..models.operacion_enum import OperacionEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PorcentajePais")


@_attrs_define
class PorcentajePais:
    """
    Attributes:
        id (int):
        operacion (OperacionEnum): * `importacion` - Importación
            * `exportacion` - Exportación
        porcentaje (str):
        vigente_desde (datetime.date):
        acto (str):
        pais (str | Unset):
        clase (BlankEnum | ClaseEnum | Unset):
        mercancia (BlankEnum | MercanciaEnum | Unset):
        vigente_hasta (datetime.date | None | Unset):
    """

    id: int
    operacion: OperacionEnum
    porcentaje: str
    vigente_desde: datetime.date
    acto: str
    pais: str | Unset = UNSET
    clase: BlankEnum | ClaseEnum | Unset = UNSET
    mercancia: BlankEnum | MercanciaEnum | Unset = UNSET
    vigente_hasta: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        operacion = self.operacion.value

        porcentaje = self.porcentaje

        vigente_desde = self.vigente_desde.isoformat()

        acto = self.acto

        pais: str | Unset
        if isinstance(self.pais, Unset):
            pais = UNSET
        else:
            pais = self.pais

        clase: str | Unset
        if isinstance(self.clase, Unset):
            clase = UNSET
        elif isinstance(self.clase, ClaseEnum):
            clase = self.clase.value
        else:
            clase = self.clase.value

        mercancia: str | Unset
        if isinstance(self.mercancia, Unset):
            mercancia = UNSET
        elif isinstance(self.mercancia, MercanciaEnum):
            mercancia = self.mercancia.value
        else:
            mercancia = self.mercancia.value

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
                "id": id,
                "operacion": operacion,
                "porcentaje": porcentaje,
                "vigente_desde": vigente_desde,
                "acto": acto,
            }
        )
        if pais is not UNSET:
            field_dict["pais"] = pais
        if clase is not UNSET:
            field_dict["clase"] = clase
        if mercancia is not UNSET:
            field_dict["mercancia"] = mercancia
        if vigente_hasta is not UNSET:
            field_dict["vigente_hasta"] = vigente_hasta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        operacion = OperacionEnum(d.pop("operacion"))

        porcentaje = d.pop("porcentaje")

        vigente_desde = datetime.date.fromisoformat(d.pop("vigente_desde"))

        acto = d.pop("acto")

        def _parse_pais(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        pais = _parse_pais(d.pop("pais", UNSET))

        def _parse_clase(data: object) -> BlankEnum | ClaseEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                clase_type_0 = ClaseEnum(data)

                return clase_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            clase_type_1 = BlankEnum(data)

            return clase_type_1

        clase = _parse_clase(d.pop("clase", UNSET))

        def _parse_mercancia(data: object) -> BlankEnum | MercanciaEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mercancia_type_0 = MercanciaEnum(data)

                return mercancia_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            mercancia_type_1 = BlankEnum(data)

            return mercancia_type_1

        mercancia = _parse_mercancia(d.pop("mercancia", UNSET))

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

        porcentaje_pais = cls(
            id=id,
            operacion=operacion,
            porcentaje=porcentaje,
            vigente_desde=vigente_desde,
            acto=acto,
            pais=pais,
            clase=clase,
            mercancia=mercancia,
            vigente_hasta=vigente_hasta,
        )

        porcentaje_pais.additional_properties = d
        return porcentaje_pais

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
