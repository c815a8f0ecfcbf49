from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.blank_enum import BlankEnum
from ..models.entidad_enum import EntidadEnum
from ..models.rol_enum import RolEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Usuario")


@_attrs_define
class Usuario:
    """
    Attributes:
        id (int):
        username (str):
        capitania (None | str):
        distribuidor_nit (None | str):
        beneficiario (int | None):
        email (str | Unset):
        rol (BlankEnum | RolEnum | Unset):
        agencia_nit (str | Unset): Agente marítimo: la agencia que representa.
        nit (str | Unset): Usuario de carga: el importador o exportador que representa.
        conferencia (str | Unset): Representante registrado: el código de la conferencia marítima.
        entidad (BlankEnum | EntidadEnum | Unset): Cuenta de integración: la entidad por la que habla su sistema
            (intercambia datos, no firma).

            * `dimar` - Dimar
            * `minminas` - MinMinas
            * `upme_analista` - UPME
        is_active (bool | Unset): Indica si el usuario debe ser tratado como activo. Desmarque esta opción en lugar de
            borrar la cuenta.
    """

    id: int
    username: str
    capitania: None | str
    distribuidor_nit: None | str
    beneficiario: int | None
    email: str | Unset = UNSET
    rol: BlankEnum | RolEnum | Unset = UNSET
    agencia_nit: str | Unset = UNSET
    nit: str | Unset = UNSET
    conferencia: str | Unset = UNSET
    entidad: BlankEnum | EntidadEnum | Unset = UNSET
    is_active: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        username = self.username

        capitania: None | str
        capitania = self.capitania

        distribuidor_nit: None | str
        distribuidor_nit = self.distribuidor_nit

        beneficiario: int | None
        beneficiario = self.beneficiario

        email: str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        rol: str | Unset
        if isinstance(self.rol, Unset):
            rol = UNSET
        elif isinstance(self.rol, RolEnum):
            rol = self.rol.value
        else:
            rol = self.rol.value

        agencia_nit: str | Unset
        if isinstance(self.agencia_nit, Unset):
            agencia_nit = UNSET
        else:
            agencia_nit = self.agencia_nit

        nit: str | Unset
        if isinstance(self.nit, Unset):
            nit = UNSET
        else:
            nit = self.nit

        conferencia = self.conferencia

        entidad: str | Unset
        if isinstance(self.entidad, Unset):
            entidad = UNSET
        elif isinstance(self.entidad, EntidadEnum):
            entidad = self.entidad.value
        else:
            entidad = self.entidad.value

        is_active = self.is_active

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "username": username,
                "capitania": capitania,
                "distribuidor_nit": distribuidor_nit,
                "beneficiario": beneficiario,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email
        if rol is not UNSET:
            field_dict["rol"] = rol
        if agencia_nit is not UNSET:
            field_dict["agencia_nit"] = agencia_nit
        if nit is not UNSET:
            field_dict["nit"] = nit
        if conferencia is not UNSET:
            field_dict["conferencia"] = conferencia
        if entidad is not UNSET:
            field_dict["entidad"] = entidad
        if is_active is not UNSET:
            field_dict["is_active"] = is_active

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        username = d.pop("username")

        def _parse_capitania(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        capitania = _parse_capitania(d.pop("capitania"))

        def _parse_distribuidor_nit(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        distribuidor_nit = _parse_distribuidor_nit(d.pop("distribuidor_nit"))

        def _parse_beneficiario(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        beneficiario = _parse_beneficiario(d.pop("beneficiario"))

        def _parse_email(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_rol(data: object) -> BlankEnum | RolEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rol_type_0 = RolEnum(data)

                return rol_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            rol_type_1 = BlankEnum(data)

            return rol_type_1

        rol = _parse_rol(d.pop("rol", UNSET))

        def _parse_agencia_nit(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        agencia_nit = _parse_agencia_nit(d.pop("agencia_nit", UNSET))

        def _parse_nit(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        nit = _parse_nit(d.pop("nit", UNSET))

        conferencia = d.pop("conferencia", UNSET)

        def _parse_entidad(data: object) -> BlankEnum | EntidadEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                entidad_type_0 = EntidadEnum(data)

                return entidad_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            entidad_type_1 = BlankEnum(data)

            return entidad_type_1

        entidad = _parse_entidad(d.pop("entidad", UNSET))

        is_active = d.pop("is_active", UNSET)

        usuario = cls(
            id=id,
            username=username,
            capitania=capitania,
            distribuidor_nit=distribuidor_nit,
            beneficiario=beneficiario,
            email=email,
            rol=rol,
            agencia_nit=agencia_nit,
            nit=nit,
            conferencia=conferencia,
            entidad=entidad,
            is_active=is_active,
        )

        usuario.additional_properties = d
        return usuario

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
