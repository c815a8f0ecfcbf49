from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.actividad_enum import ActividadEnum
from ..models.blank_enum import BlankEnum
from ..models.tipo_nave_enum import TipoNaveEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="AltaDimar")


@_attrs_define
class AltaDimar:
    """
    Attributes:
        nombre (str):
        identificacion (str):
        tipo (TipoNaveEnum | Unset): * `nave_nacional` - Nave nacional
            * `nave_extranjera` - Nave extranjera
        matricula (None | str | Unset):
        bandera (None | str | Unset):
        trb (None | str | Unset):
        actividad (ActividadEnum | BlankEnum | None | Unset):
        capacidad_combustible_gal (None | str | Unset):
        capitania (None | str | Unset):
        empresa_nit (None | str | Unset):
        permiso_vigente_hasta (datetime.date | None | Unset):
        permiso_cultivo_vigente_hasta (datetime.date | None | Unset):
        distribuidor_nit (None | str | Unset):
        correo (None | str | Unset):
        celular (None | str | Unset):
        acepta_notificacion_electronica (bool | Unset):
    """

    nombre: str
    identificacion: str
    tipo: TipoNaveEnum | Unset = UNSET
    matricula: None | str | Unset = UNSET
    bandera: None | str | Unset = UNSET
    trb: None | str | Unset = UNSET
    actividad: ActividadEnum | BlankEnum | None | Unset = UNSET
    capacidad_combustible_gal: None | str | Unset = UNSET
    capitania: None | str | Unset = UNSET
    empresa_nit: None | str | Unset = UNSET
    permiso_vigente_hasta: datetime.date | None | Unset = UNSET
    permiso_cultivo_vigente_hasta: datetime.date | None | Unset = UNSET
    distribuidor_nit: None | str | Unset = UNSET
    correo: None | str | Unset = UNSET
    celular: None | str | Unset = UNSET
    acepta_notificacion_electronica: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        nombre = self.nombre

        identificacion = self.identificacion

        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value

        matricula: None | str | Unset
        if isinstance(self.matricula, Unset):
            matricula = UNSET
        else:
            matricula = self.matricula

        bandera: None | str | Unset
        if isinstance(self.bandera, Unset):
            bandera = UNSET
        else:
            bandera = self.bandera

        trb: None | str | Unset
        if isinstance(self.trb, Unset):
            trb = UNSET
        else:
            trb = self.trb

        actividad: None | str | Unset
        if isinstance(self.actividad, Unset):
            actividad = UNSET
        elif isinstance(self.actividad, ActividadEnum):
            actividad = self.actividad.value
        elif isinstance(self.actividad, BlankEnum):
            actividad = self.actividad.value
        else:
            actividad = self.actividad

        capacidad_combustible_gal: None | str | Unset
        if isinstance(self.capacidad_combustible_gal, Unset):
            capacidad_combustible_gal = UNSET
        else:
            capacidad_combustible_gal = self.capacidad_combustible_gal

        capitania: None | str | Unset
        if isinstance(self.capitania, Unset):
            capitania = UNSET
        else:
            capitania = self.capitania

        empresa_nit: None | str | Unset
        if isinstance(self.empresa_nit, Unset):
            empresa_nit = UNSET
        else:
            empresa_nit = self.empresa_nit

        permiso_vigente_hasta: None | str | Unset
        if isinstance(self.permiso_vigente_hasta, Unset):
            permiso_vigente_hasta = UNSET
        elif isinstance(self.permiso_vigente_hasta, datetime.date):
            permiso_vigente_hasta = self.permiso_vigente_hasta.isoformat()
        else:
            permiso_vigente_hasta = self.permiso_vigente_hasta

        permiso_cultivo_vigente_hasta: None | str | Unset
        if isinstance(self.permiso_cultivo_vigente_hasta, Unset):
            permiso_cultivo_vigente_hasta = UNSET
        elif isinstance(self.permiso_cultivo_vigente_hasta, datetime.date):
            permiso_cultivo_vigente_hasta = self.permiso_cultivo_vigente_hasta.isoformat()
        else:
            permiso_cultivo_vigente_hasta = self.permiso_cultivo_vigente_hasta

        distribuidor_nit: None | str | Unset
        if isinstance(self.distribuidor_nit, Unset):
            distribuidor_nit = UNSET
        else:
            distribuidor_nit = self.distribuidor_nit

        correo: None | str | Unset
        if isinstance(self.correo, Unset):
            correo = UNSET
        else:
            correo = self.correo

        celular: None | str | Unset
        if isinstance(self.celular, Unset):
            celular = UNSET
        else:
            celular = self.celular

        acepta_notificacion_electronica = self.acepta_notificacion_electronica

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "nombre": nombre,
                "identificacion": identificacion,
            }
        )
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if matricula is not UNSET:
            field_dict["matricula"] = matricula
        if bandera is not UNSET:
            field_dict["bandera"] = bandera
        if trb is not UNSET:
            field_dict["trb"] = trb
        if actividad is not UNSET:
            field_dict["actividad"] = actividad
        if capacidad_combustible_gal is not UNSET:
            field_dict["capacidad_combustible_gal"] = capacidad_combustible_gal
        if capitania is not UNSET:
            field_dict["capitania"] = capitania
        if empresa_nit is not UNSET:
            field_dict["empresa_nit"] = empresa_nit
        if permiso_vigente_hasta is not UNSET:
            field_dict["permiso_vigente_hasta"] = permiso_vigente_hasta
        if permiso_cultivo_vigente_hasta is not UNSET:
            field_dict["permiso_cultivo_vigente_hasta"] = permiso_cultivo_vigente_hasta
        if distribuidor_nit is not UNSET:
            field_dict["distribuidor_nit"] = distribuidor_nit
        if correo is not UNSET:
            field_dict["correo"] = correo
        if celular is not UNSET:
            field_dict["celular"] = celular
        if acepta_notificacion_electronica is not UNSET:
            field_dict["acepta_notificacion_electronica"] = acepta_notificacion_electronica

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        nombre = d.pop("nombre")

        identificacion = d.pop("identificacion")

        _tipo = d.pop("tipo", UNSET)
        tipo: TipoNaveEnum | Unset
        if isinstance(_tipo, Unset):
            tipo = UNSET
        else:
            tipo = TipoNaveEnum(_tipo)

        def _parse_matricula(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        matricula = _parse_matricula(d.pop("matricula", UNSET))

        def _parse_bandera(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bandera = _parse_bandera(d.pop("bandera", UNSET))

        def _parse_trb(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trb = _parse_trb(d.pop("trb", UNSET))

        def _parse_actividad(data: object) -> ActividadEnum | BlankEnum | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                actividad_type_0 = ActividadEnum(data)

                return actividad_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                actividad_type_1 = BlankEnum(data)

                return actividad_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ActividadEnum | BlankEnum | None | Unset, data)

        actividad = _parse_actividad(d.pop("actividad", UNSET))

        def _parse_capacidad_combustible_gal(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        capacidad_combustible_gal = _parse_capacidad_combustible_gal(d.pop("capacidad_combustible_gal", UNSET))

        def _parse_capitania(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        capitania = _parse_capitania(d.pop("capitania", UNSET))

        def _parse_empresa_nit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa_nit = _parse_empresa_nit(d.pop("empresa_nit", UNSET))

        def _parse_permiso_vigente_hasta(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                permiso_vigente_hasta_type_0 = datetime.date.fromisoformat(data)

                return permiso_vigente_hasta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        permiso_vigente_hasta = _parse_permiso_vigente_hasta(d.pop("permiso_vigente_hasta", UNSET))

        def _parse_permiso_cultivo_vigente_hasta(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                permiso_cultivo_vigente_hasta_type_0 = datetime.date.fromisoformat(data)

                return permiso_cultivo_vigente_hasta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        permiso_cultivo_vigente_hasta = _parse_permiso_cultivo_vigente_hasta(
            d.pop("permiso_cultivo_vigente_hasta", UNSET)
        )

        def _parse_distribuidor_nit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        distribuidor_nit = _parse_distribuidor_nit(d.pop("distribuidor_nit", UNSET))

        def _parse_correo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        correo = _parse_correo(d.pop("correo", UNSET))

        def _parse_celular(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        celular = _parse_celular(d.pop("celular", UNSET))

        acepta_notificacion_electronica = d.pop("acepta_notificacion_electronica", UNSET)

        alta_dimar = cls(
            nombre=nombre,
            identificacion=identificacion,
            tipo=tipo,
            matricula=matricula,
            bandera=bandera,
            trb=trb,
            actividad=actividad,
            capacidad_combustible_gal=capacidad_combustible_gal,
            capitania=capitania,
            empresa_nit=empresa_nit,
            permiso_vigente_hasta=permiso_vigente_hasta,
            permiso_cultivo_vigente_hasta=permiso_cultivo_vigente_hasta,
            distribuidor_nit=distribuidor_nit,
            correo=correo,
            celular=celular,
            acepta_notificacion_electronica=acepta_notificacion_electronica,
        )

        alta_dimar.additional_properties = d
        return alta_dimar

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
