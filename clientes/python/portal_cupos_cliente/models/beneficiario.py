from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.actividad_enum import ActividadEnum
from ..models.blank_enum import BlankEnum
from ..models.tipo_beneficiario_enum import TipoBeneficiarioEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Beneficiario")


@_attrs_define
class Beneficiario:
    """
    Attributes:
        id (int):
        tipo (TipoBeneficiarioEnum): * `nave_nacional` - Nave de bandera colombiana
            * `nave_extranjera` - Nave de bandera extranjera
            * `acuicultora` - Empresa acuicultora
            * `armada` - Armada Nacional (guardacostas)
        nombre (str):
        identificacion (str): NIT o documento del titular.
        trb (None | str):
        capacidad_combustible_gal (None | str):
        combustible (str):
        matricula (None | str | Unset):
        bandera (str | Unset):
        actividad (ActividadEnum | BlankEnum | Unset):
        capitania (None | str | Unset):
        empresa_nit (str | Unset):
        permiso_vigente_hasta (datetime.date | None | Unset): Naves extranjeras: permiso vigente de operación en aguas
            jurisdiccionales colombianas.
        permiso_cultivo_vigente_hasta (datetime.date | None | Unset): Acuicultoras: el permiso debe estar vigente a la
            fecha de cada entrega (D1505 art. 5 par. 3).
        distribuidor_nit (None | str | Unset):
        correo (str | Unset):
        celular (str | Unset):
        acepta_notificacion_electronica (bool | Unset): Ley 1437 art. 56: los actos se le notifican por un enlace a su
            correo o celular.
    """

    id: int
    tipo: TipoBeneficiarioEnum
    nombre: str
    identificacion: str
    trb: None | str
    capacidad_combustible_gal: None | str
    combustible: str
    matricula: None | str | Unset = UNSET
    bandera: str | Unset = UNSET
    actividad: ActividadEnum | BlankEnum | Unset = UNSET
    capitania: None | str | Unset = UNSET
    empresa_nit: str | Unset = UNSET
    permiso_vigente_hasta: datetime.date | None | Unset = UNSET
    permiso_cultivo_vigente_hasta: datetime.date | None | Unset = UNSET
    distribuidor_nit: None | str | Unset = UNSET
    correo: str | Unset = UNSET
    celular: str | Unset = UNSET
    acepta_notificacion_electronica: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        tipo = self.tipo.value

        nombre = self.nombre

        identificacion = self.identificacion

        trb: None | str
        trb = self.trb

        capacidad_combustible_gal: None | str
        capacidad_combustible_gal = self.capacidad_combustible_gal

        combustible = self.combustible

        matricula: None | str | Unset
        if isinstance(self.matricula, Unset):
            matricula = UNSET
        else:
            matricula = self.matricula

        bandera: str | Unset
        if isinstance(self.bandera, Unset):
            bandera = UNSET
        else:
            bandera = self.bandera

        actividad: str | Unset
        if isinstance(self.actividad, Unset):
            actividad = UNSET
        elif isinstance(self.actividad, ActividadEnum):
            actividad = self.actividad.value
        else:
            actividad = self.actividad.value

        capitania: None | str | Unset
        if isinstance(self.capitania, Unset):
            capitania = UNSET
        else:
            capitania = self.capitania

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

        correo: str | Unset
        if isinstance(self.correo, Unset):
            correo = UNSET
        else:
            correo = self.correo

        celular: str | Unset
        if isinstance(self.celular, Unset):
            celular = UNSET
        else:
            celular = self.celular

        acepta_notificacion_electronica = self.acepta_notificacion_electronica

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "tipo": tipo,
                "nombre": nombre,
                "identificacion": identificacion,
                "trb": trb,
                "capacidad_combustible_gal": capacidad_combustible_gal,
                "combustible": combustible,
            }
        )
        if matricula is not UNSET:
            field_dict["matricula"] = matricula
        if bandera is not UNSET:
            field_dict["bandera"] = bandera
        if actividad is not UNSET:
            field_dict["actividad"] = actividad
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
        id = d.pop("id")

        tipo = TipoBeneficiarioEnum(d.pop("tipo"))

        nombre = d.pop("nombre")

        identificacion = d.pop("identificacion")

        def _parse_trb(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trb = _parse_trb(d.pop("trb"))

        def _parse_capacidad_combustible_gal(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        capacidad_combustible_gal = _parse_capacidad_combustible_gal(d.pop("capacidad_combustible_gal"))

        combustible = d.pop("combustible")

        def _parse_matricula(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        matricula = _parse_matricula(d.pop("matricula", UNSET))

        def _parse_bandera(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        bandera = _parse_bandera(d.pop("bandera", UNSET))

        def _parse_actividad(data: object) -> ActividadEnum | BlankEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                actividad_type_0 = ActividadEnum(data)

                return actividad_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            actividad_type_1 = BlankEnum(data)

            return actividad_type_1

        actividad = _parse_actividad(d.pop("actividad", UNSET))

        def _parse_capitania(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        capitania = _parse_capitania(d.pop("capitania", UNSET))

        empresa_nit = d.pop("empresa_nit", UNSET)

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

        def _parse_correo(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        correo = _parse_correo(d.pop("correo", UNSET))

        def _parse_celular(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        celular = _parse_celular(d.pop("celular", UNSET))

        acepta_notificacion_electronica = d.pop("acepta_notificacion_electronica", UNSET)

        beneficiario = cls(
            id=id,
            tipo=tipo,
            nombre=nombre,
            identificacion=identificacion,
            trb=trb,
            capacidad_combustible_gal=capacidad_combustible_gal,
            combustible=combustible,
            matricula=matricula,
            bandera=bandera,
            actividad=actividad,
            capitania=capitania,
            empresa_nit=empresa_nit,
            permiso_vigente_hasta=permiso_vigente_hasta,
            permiso_cultivo_vigente_hasta=permiso_cultivo_vigente_hasta,
            distribuidor_nit=distribuidor_nit,
            correo=correo,
            celular=celular,
            acepta_notificacion_electronica=acepta_notificacion_electronica,
        )

        beneficiario.additional_properties = d
        return beneficiario

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
