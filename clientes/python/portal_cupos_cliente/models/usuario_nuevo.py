from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.blank_enum import BlankEnum
from ..models.entidad_enum import EntidadEnum
from ..models.rol_enum import RolEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="UsuarioNuevo")


@_attrs_define
class UsuarioNuevo:
    """
    Attributes:
        username (str):
        password (str):
        rol (RolEnum): * `upme_analista` - Analista UPME
            * `capitania_oficial` - Oficial de Capitanía de Puerto
            * `dimar` - Dimar
            * `distribuidor` - Distribuidor mayorista
            * `beneficiario` - Beneficiario
            * `auditor` - Auditor
            * `minminas` - MinMinas — Dirección de Hidrocarburos
            * `ecopetrol` - Ecopetrol
            * `agente_maritimo` - Agente marítimo
            * `usuario_carga` - Importador o exportador (reserva de carga)
            * `conferencia` - Representante de conferencia marítima
            * `administrador` - Administrador
            * `integracion` - Sistema de integración de una entidad
        email (str | Unset):
        capitania (None | str | Unset):
        distribuidor_nit (None | str | Unset):
        beneficiario (int | None | Unset):
        agencia_nit (None | str | Unset):
        nit (None | str | Unset):
        conferencia (None | str | Unset):
        entidad (BlankEnum | EntidadEnum | None | Unset): Rol integracion: la entidad por la que habla el sistema.

            * `dimar` - Dimar
            * `minminas` - MinMinas
            * `upme_analista` - UPME
    """

    username: str
    password: str
    rol: RolEnum
    email: str | Unset = UNSET
    capitania: None | str | Unset = UNSET
    distribuidor_nit: None | str | Unset = UNSET
    beneficiario: int | None | Unset = UNSET
    agencia_nit: None | str | Unset = UNSET
    nit: None | str | Unset = UNSET
    conferencia: None | str | Unset = UNSET
    entidad: BlankEnum | EntidadEnum | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        password = self.password

        rol = self.rol.value

        email: str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        capitania: None | str | Unset
        if isinstance(self.capitania, Unset):
            capitania = UNSET
        else:
            capitania = self.capitania

        distribuidor_nit: None | str | Unset
        if isinstance(self.distribuidor_nit, Unset):
            distribuidor_nit = UNSET
        else:
            distribuidor_nit = self.distribuidor_nit

        beneficiario: int | None | Unset
        if isinstance(self.beneficiario, Unset):
            beneficiario = UNSET
        else:
            beneficiario = self.beneficiario

        agencia_nit: None | str | Unset
        if isinstance(self.agencia_nit, Unset):
            agencia_nit = UNSET
        else:
            agencia_nit = self.agencia_nit

        nit: None | str | Unset
        if isinstance(self.nit, Unset):
            nit = UNSET
        else:
            nit = self.nit

        conferencia: None | str | Unset
        if isinstance(self.conferencia, Unset):
            conferencia = UNSET
        else:
            conferencia = self.conferencia

        entidad: None | str | Unset
        if isinstance(self.entidad, Unset):
            entidad = UNSET
        elif isinstance(self.entidad, EntidadEnum):
            entidad = self.entidad.value
        elif isinstance(self.entidad, BlankEnum):
            entidad = self.entidad.value
        else:
            entidad = self.entidad

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "password": password,
                "rol": rol,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email
        if capitania is not UNSET:
            field_dict["capitania"] = capitania
        if distribuidor_nit is not UNSET:
            field_dict["distribuidor_nit"] = distribuidor_nit
        if beneficiario is not UNSET:
            field_dict["beneficiario"] = beneficiario
        if agencia_nit is not UNSET:
            field_dict["agencia_nit"] = agencia_nit
        if nit is not UNSET:
            field_dict["nit"] = nit
        if conferencia is not UNSET:
            field_dict["conferencia"] = conferencia
        if entidad is not UNSET:
            field_dict["entidad"] = entidad

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        password = d.pop("password")

        rol = RolEnum(d.pop("rol"))

        def _parse_email(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_capitania(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        capitania = _parse_capitania(d.pop("capitania", UNSET))

        def _parse_distribuidor_nit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        distribuidor_nit = _parse_distribuidor_nit(d.pop("distribuidor_nit", UNSET))

        def _parse_beneficiario(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        beneficiario = _parse_beneficiario(d.pop("beneficiario", UNSET))

        def _parse_agencia_nit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        agencia_nit = _parse_agencia_nit(d.pop("agencia_nit", UNSET))

        def _parse_nit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nit = _parse_nit(d.pop("nit", UNSET))

        def _parse_conferencia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        conferencia = _parse_conferencia(d.pop("conferencia", UNSET))

        def _parse_entidad(data: object) -> BlankEnum | EntidadEnum | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                entidad_type_0 = EntidadEnum(data)

                return entidad_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                entidad_type_1 = BlankEnum(data)

                return entidad_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BlankEnum | EntidadEnum | None | Unset, data)

        entidad = _parse_entidad(d.pop("entidad", UNSET))

        usuario_nuevo = cls(
            username=username,
            password=password,
            rol=rol,
            email=email,
            capitania=capitania,
            distribuidor_nit=distribuidor_nit,
            beneficiario=beneficiario,
            agencia_nit=agencia_nit,
            nit=nit,
            conferencia=conferencia,
            entidad=entidad,
        )

        usuario_nuevo.additional_properties = d
        return usuario_nuevo

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
