from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_solicitud_enum import EstadoSolicitudEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.documento_solicitud import DocumentoSolicitud


T = TypeVar("T", bound="Solicitud")


@_attrs_define
class Solicitud:
    """
    Attributes:
        id (int):
        beneficiario (int):
        anio (int):
        galones_solicitados (str):
        fecha_radicacion (datetime.date):
        faltantes (list[str]): Tipos de documento requeridos que aún faltan (R-03).
        documentos (list[DocumentoSolicitud]):
        acto (int | None): El acto que rechazó la solicitud o la dio por desistida (DOMAIN §8); null mientras no lo hay.
        estado (EstadoSolicitudEnum | Unset): * `radicada` - Radicada
            * `en_revision` - En revisión
            * `aprobada` - Aprobada
            * `rechazada` - Rechazada
            * `desistida` - Desistida (no completó lo requerido)
        extemporanea (bool | Unset):
        fecha_limite (datetime.date | None | Unset):
    """

    id: int
    beneficiario: int
    anio: int
    galones_solicitados: str
    fecha_radicacion: datetime.date
    faltantes: list[str]
    documentos: list[DocumentoSolicitud]
    acto: int | None
    estado: EstadoSolicitudEnum | Unset = UNSET
    extemporanea: bool | Unset = UNSET
    fecha_limite: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        beneficiario = self.beneficiario

        anio = self.anio

        galones_solicitados = self.galones_solicitados

        fecha_radicacion = self.fecha_radicacion.isoformat()

        faltantes = self.faltantes

        documentos = []
        for documentos_item_data in self.documentos:
            documentos_item = documentos_item_data.to_dict()
            documentos.append(documentos_item)

        acto: int | None
        acto = self.acto

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        extemporanea = self.extemporanea

        fecha_limite: None | str | Unset
        if isinstance(self.fecha_limite, Unset):
            fecha_limite = UNSET
        elif isinstance(self.fecha_limite, datetime.date):
            fecha_limite = self.fecha_limite.isoformat()
        else:
            fecha_limite = self.fecha_limite

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "beneficiario": beneficiario,
                "anio": anio,
                "galones_solicitados": galones_solicitados,
                "fecha_radicacion": fecha_radicacion,
                "faltantes": faltantes,
                "documentos": documentos,
                "acto": acto,
            }
        )
        if estado is not UNSET:
            field_dict["estado"] = estado
        if extemporanea is not UNSET:
            field_dict["extemporanea"] = extemporanea
        if fecha_limite is not UNSET:
            field_dict["fecha_limite"] = fecha_limite

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.documento_solicitud import DocumentoSolicitud  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        beneficiario = d.pop("beneficiario")

        anio = d.pop("anio")

        galones_solicitados = d.pop("galones_solicitados")

        fecha_radicacion = datetime.date.fromisoformat(d.pop("fecha_radicacion"))

        faltantes = cast(list[str], d.pop("faltantes"))

        documentos = []
        _documentos = d.pop("documentos")
        for documentos_item_data in _documentos:
            documentos_item = DocumentoSolicitud.from_dict(documentos_item_data)

            documentos.append(documentos_item)

        def _parse_acto(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        acto = _parse_acto(d.pop("acto"))

        _estado = d.pop("estado", UNSET)
        estado: EstadoSolicitudEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoSolicitudEnum(_estado)

        extemporanea = d.pop("extemporanea", UNSET)

        def _parse_fecha_limite(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_limite_type_0 = datetime.date.fromisoformat(data)

                return fecha_limite_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_limite = _parse_fecha_limite(d.pop("fecha_limite", UNSET))

        solicitud = cls(
            id=id,
            beneficiario=beneficiario,
            anio=anio,
            galones_solicitados=galones_solicitados,
            fecha_radicacion=fecha_radicacion,
            faltantes=faltantes,
            documentos=documentos,
            acto=acto,
            estado=estado,
            extemporanea=extemporanea,
            fecha_limite=fecha_limite,
        )

        solicitud.additional_properties = d
        return solicitud

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
