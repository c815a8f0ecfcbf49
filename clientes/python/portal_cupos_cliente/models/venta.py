from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.documento_venta import DocumentoVenta


T = TypeVar("T", bound="Venta")


@_attrs_define
class Venta:
    """
    Attributes:
        id (int):
        distribuidor_nit (str):
        beneficiario (int):
        fecha (datetime.date):
        galones (str):
        documentos (list[DocumentoVenta]):
        creada (datetime.datetime):
        certificado (None | str | Unset):
        factura (str | Unset):
    """

    id: int
    distribuidor_nit: str
    beneficiario: int
    fecha: datetime.date
    galones: str
    documentos: list[DocumentoVenta]
    creada: datetime.datetime
    certificado: None | str | Unset = UNSET
    factura: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        distribuidor_nit = self.distribuidor_nit

        beneficiario = self.beneficiario

        fecha = self.fecha.isoformat()

        galones = self.galones

        documentos = []
        for documentos_item_data in self.documentos:
            documentos_item = documentos_item_data.to_dict()
            documentos.append(documentos_item)

        creada = self.creada.isoformat()

        certificado: None | str | Unset
        if isinstance(self.certificado, Unset):
            certificado = UNSET
        else:
            certificado = self.certificado

        factura = self.factura

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "distribuidor_nit": distribuidor_nit,
                "beneficiario": beneficiario,
                "fecha": fecha,
                "galones": galones,
                "documentos": documentos,
                "creada": creada,
            }
        )
        if certificado is not UNSET:
            field_dict["certificado"] = certificado
        if factura is not UNSET:
            field_dict["factura"] = factura

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.documento_venta import DocumentoVenta  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        distribuidor_nit = d.pop("distribuidor_nit")

        beneficiario = d.pop("beneficiario")

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        galones = d.pop("galones")

        documentos = []
        _documentos = d.pop("documentos")
        for documentos_item_data in _documentos:
            documentos_item = DocumentoVenta.from_dict(documentos_item_data)

            documentos.append(documentos_item)

        creada = datetime.datetime.fromisoformat(d.pop("creada"))

        def _parse_certificado(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        certificado = _parse_certificado(d.pop("certificado", UNSET))

        factura = d.pop("factura", UNSET)

        venta = cls(
            id=id,
            distribuidor_nit=distribuidor_nit,
            beneficiario=beneficiario,
            fecha=fecha,
            galones=galones,
            documentos=documentos,
            creada=creada,
            certificado=certificado,
            factura=factura,
        )

        venta.additional_properties = d
        return venta

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
