from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.blank_enum import BlankEnum
from ..models.carga_informe_clase_enum import CargaInformeClaseEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="CargaInforme")


@_attrs_define
class CargaInforme:
    """One cargo of a semiannual report (art. 14); every item is optional but typed.

    Attributes:
        toneladas (None | str | Unset):
        cantidad (None | str | Unset):
        clase (BlankEnum | CargaInformeClaseEnum | Unset):
        producto (str | Unset):
        puerto_origen (str | Unset):
        puerto_destino (str | Unset):
        flete_tonelada_usd (None | str | Unset):
        flete_por_tonelada_usd (None | str | Unset):
        naviera (str | Unset):
        nave (str | Unset):
        bandera (str | Unset):
    """

    toneladas: None | str | Unset = UNSET
    cantidad: None | str | Unset = UNSET
    clase: BlankEnum | CargaInformeClaseEnum | Unset = UNSET
    producto: str | Unset = UNSET
    puerto_origen: str | Unset = UNSET
    puerto_destino: str | Unset = UNSET
    flete_tonelada_usd: None | str | Unset = UNSET
    flete_por_tonelada_usd: None | str | Unset = UNSET
    naviera: str | Unset = UNSET
    nave: str | Unset = UNSET
    bandera: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        toneladas: None | str | Unset
        if isinstance(self.toneladas, Unset):
            toneladas = UNSET
        else:
            toneladas = self.toneladas

        cantidad: None | str | Unset
        if isinstance(self.cantidad, Unset):
            cantidad = UNSET
        else:
            cantidad = self.cantidad

        clase: str | Unset
        if isinstance(self.clase, Unset):
            clase = UNSET
        elif isinstance(self.clase, CargaInformeClaseEnum):
            clase = self.clase.value
        else:
            clase = self.clase.value

        producto = self.producto

        puerto_origen = self.puerto_origen

        puerto_destino = self.puerto_destino

        flete_tonelada_usd: None | str | Unset
        if isinstance(self.flete_tonelada_usd, Unset):
            flete_tonelada_usd = UNSET
        else:
            flete_tonelada_usd = self.flete_tonelada_usd

        flete_por_tonelada_usd: None | str | Unset
        if isinstance(self.flete_por_tonelada_usd, Unset):
            flete_por_tonelada_usd = UNSET
        else:
            flete_por_tonelada_usd = self.flete_por_tonelada_usd

        naviera = self.naviera

        nave = self.nave

        bandera = self.bandera

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if toneladas is not UNSET:
            field_dict["toneladas"] = toneladas
        if cantidad is not UNSET:
            field_dict["cantidad"] = cantidad
        if clase is not UNSET:
            field_dict["clase"] = clase
        if producto is not UNSET:
            field_dict["producto"] = producto
        if puerto_origen is not UNSET:
            field_dict["puerto_origen"] = puerto_origen
        if puerto_destino is not UNSET:
            field_dict["puerto_destino"] = puerto_destino
        if flete_tonelada_usd is not UNSET:
            field_dict["flete_tonelada_usd"] = flete_tonelada_usd
        if flete_por_tonelada_usd is not UNSET:
            field_dict["flete_por_tonelada_usd"] = flete_por_tonelada_usd
        if naviera is not UNSET:
            field_dict["naviera"] = naviera
        if nave is not UNSET:
            field_dict["nave"] = nave
        if bandera is not UNSET:
            field_dict["bandera"] = bandera

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_toneladas(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        toneladas = _parse_toneladas(d.pop("toneladas", UNSET))

        def _parse_cantidad(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cantidad = _parse_cantidad(d.pop("cantidad", UNSET))

        def _parse_clase(data: object) -> BlankEnum | CargaInformeClaseEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                clase_type_0 = CargaInformeClaseEnum(data)

                return clase_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            clase_type_1 = BlankEnum(data)

            return clase_type_1

        clase = _parse_clase(d.pop("clase", UNSET))

        producto = d.pop("producto", UNSET)

        puerto_origen = d.pop("puerto_origen", UNSET)

        puerto_destino = d.pop("puerto_destino", UNSET)

        def _parse_flete_tonelada_usd(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        flete_tonelada_usd = _parse_flete_tonelada_usd(d.pop("flete_tonelada_usd", UNSET))

        def _parse_flete_por_tonelada_usd(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        flete_por_tonelada_usd = _parse_flete_por_tonelada_usd(d.pop("flete_por_tonelada_usd", UNSET))

        naviera = d.pop("naviera", UNSET)

        nave = d.pop("nave", UNSET)

        bandera = d.pop("bandera", UNSET)

        carga_informe = cls(
            toneladas=toneladas,
            cantidad=cantidad,
            clase=clase,
            producto=producto,
            puerto_origen=puerto_origen,
            puerto_destino=puerto_destino,
            flete_tonelada_usd=flete_tonelada_usd,
            flete_por_tonelada_usd=flete_por_tonelada_usd,
            naviera=naviera,
            nave=nave,
            bandera=bandera,
        )

        carga_informe.additional_properties = d
        return carga_informe

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
