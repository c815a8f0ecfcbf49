from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.documento_solicitud_nuevo import DocumentoSolicitudNuevo


T = TypeVar("T", bound="SolicitudNueva")


@_attrs_define
class SolicitudNueva:
    """
    Attributes:
        beneficiario (int):
        anio (int):
        galones_solicitados (str):
        fecha_radicacion (datetime.date):
        documentos (list[DocumentoSolicitudNuevo] | Unset):
        atunera (bool | None | Unset): Nave extranjera: false cuando no es atunera (el registro CIAT no se exige).
        fecha_limite (datetime.date | None | Unset): Plazo que la UPME fijó para entregar la información (R-04); solo la
            UPME lo indica.
    """

    beneficiario: int
    anio: int
    galones_solicitados: str
    fecha_radicacion: datetime.date
    documentos: list[DocumentoSolicitudNuevo] | Unset = UNSET
    atunera: bool | None | Unset = UNSET
    fecha_limite: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        beneficiario = self.beneficiario

        anio = self.anio

        galones_solicitados = self.galones_solicitados

        fecha_radicacion = self.fecha_radicacion.isoformat()

        documentos: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.documentos, Unset):
            documentos = []
            for documentos_item_data in self.documentos:
                documentos_item = documentos_item_data.to_dict()
                documentos.append(documentos_item)

        atunera: bool | None | Unset
        if isinstance(self.atunera, Unset):
            atunera = UNSET
        else:
            atunera = self.atunera

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
                "beneficiario": beneficiario,
                "anio": anio,
                "galones_solicitados": galones_solicitados,
                "fecha_radicacion": fecha_radicacion,
            }
        )
        if documentos is not UNSET:
            field_dict["documentos"] = documentos
        if atunera is not UNSET:
            field_dict["atunera"] = atunera
        if fecha_limite is not UNSET:
            field_dict["fecha_limite"] = fecha_limite

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.documento_solicitud_nuevo import DocumentoSolicitudNuevo  # noqa: PLC0415

        d = dict(src_dict)
        beneficiario = d.pop("beneficiario")

        anio = d.pop("anio")

        galones_solicitados = d.pop("galones_solicitados")

        fecha_radicacion = datetime.date.fromisoformat(d.pop("fecha_radicacion"))

        _documentos = d.pop("documentos", UNSET)
        documentos: list[DocumentoSolicitudNuevo] | Unset = UNSET
        if _documentos is not UNSET:
            documentos = []
            for documentos_item_data in _documentos:
                documentos_item = DocumentoSolicitudNuevo.from_dict(documentos_item_data)

                documentos.append(documentos_item)

        def _parse_atunera(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        atunera = _parse_atunera(d.pop("atunera", UNSET))

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

        solicitud_nueva = cls(
            beneficiario=beneficiario,
            anio=anio,
            galones_solicitados=galones_solicitados,
            fecha_radicacion=fecha_radicacion,
            documentos=documentos,
            atunera=atunera,
            fecha_limite=fecha_limite,
        )

        solicitud_nueva.additional_properties = d
        return solicitud_nueva

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
