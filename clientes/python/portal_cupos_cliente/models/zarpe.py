from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_zarpe_enum import EstadoZarpeEnum

if TYPE_CHECKING:
    from ..models.certificado_zarpe import CertificadoZarpe


T = TypeVar("T", bound="Zarpe")


@_attrs_define
class Zarpe:
    """
    Attributes:
        id (int):
        nave (int):
        matricula (str):
        capitania (str):
        fecha (datetime.date):
        galones_solicitados (str):
        certificado_anterior (None | str):
        estado (EstadoZarpeEnum): * `certificado` - Certificado expedido
            * `negado` - Negado
        motivo (None | str):
        limitado_por (None | str):
        galones_autorizados (str):
        certificado (CertificadoZarpe | None):
        disponible_despues (str):
        mensaje (str):
    """

    id: int
    nave: int
    matricula: str
    capitania: str
    fecha: datetime.date
    galones_solicitados: str
    certificado_anterior: None | str
    estado: EstadoZarpeEnum
    motivo: None | str
    limitado_por: None | str
    galones_autorizados: str
    certificado: CertificadoZarpe | None
    disponible_despues: str
    mensaje: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.certificado_zarpe import CertificadoZarpe  # noqa: PLC0415

        id = self.id

        nave = self.nave

        matricula = self.matricula

        capitania = self.capitania

        fecha = self.fecha.isoformat()

        galones_solicitados = self.galones_solicitados

        certificado_anterior: None | str
        certificado_anterior = self.certificado_anterior

        estado = self.estado.value

        motivo: None | str
        motivo = self.motivo

        limitado_por: None | str
        limitado_por = self.limitado_por

        galones_autorizados = self.galones_autorizados

        certificado: dict[str, Any] | None
        if isinstance(self.certificado, CertificadoZarpe):
            certificado = self.certificado.to_dict()
        else:
            certificado = self.certificado

        disponible_despues = self.disponible_despues

        mensaje = self.mensaje

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "nave": nave,
                "matricula": matricula,
                "capitania": capitania,
                "fecha": fecha,
                "galones_solicitados": galones_solicitados,
                "certificado_anterior": certificado_anterior,
                "estado": estado,
                "motivo": motivo,
                "limitado_por": limitado_por,
                "galones_autorizados": galones_autorizados,
                "certificado": certificado,
                "disponible_despues": disponible_despues,
                "mensaje": mensaje,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.certificado_zarpe import CertificadoZarpe  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        nave = d.pop("nave")

        matricula = d.pop("matricula")

        capitania = d.pop("capitania")

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        galones_solicitados = d.pop("galones_solicitados")

        def _parse_certificado_anterior(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        certificado_anterior = _parse_certificado_anterior(d.pop("certificado_anterior"))

        estado = EstadoZarpeEnum(d.pop("estado"))

        def _parse_motivo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        motivo = _parse_motivo(d.pop("motivo"))

        def _parse_limitado_por(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        limitado_por = _parse_limitado_por(d.pop("limitado_por"))

        galones_autorizados = d.pop("galones_autorizados")

        def _parse_certificado(data: object) -> CertificadoZarpe | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                certificado_type_0 = CertificadoZarpe.from_dict(data)

                return certificado_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CertificadoZarpe | None, data)

        certificado = _parse_certificado(d.pop("certificado"))

        disponible_despues = d.pop("disponible_despues")

        mensaje = d.pop("mensaje")

        zarpe = cls(
            id=id,
            nave=nave,
            matricula=matricula,
            capitania=capitania,
            fecha=fecha,
            galones_solicitados=galones_solicitados,
            certificado_anterior=certificado_anterior,
            estado=estado,
            motivo=motivo,
            limitado_por=limitado_por,
            galones_autorizados=galones_autorizados,
            certificado=certificado,
            disponible_despues=disponible_despues,
            mensaje=mensaje,
        )

        zarpe.additional_properties = d
        return zarpe

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
