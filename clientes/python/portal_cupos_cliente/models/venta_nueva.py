from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.documento_venta_recibido import DocumentoVentaRecibido


T = TypeVar("T", bound="VentaNueva")


@_attrs_define
class VentaNueva:
    """
    Attributes:
        distribuidor_nit (str):
        beneficiario (int):
        fecha (datetime.date):
        galones (str):
        certificado (None | str | Unset):
        codigo_verificacion (None | str | Unset): El código impreso bajo el QR del certificado (o la dirección del QR):
            sin él, 409 certificado_no_presentado.
        factura (str | Unset): Número de la factura de la venta, que los documentos soportan (R-23). Obligatorio.
            Default: ''.
        documentos (list[DocumentoVentaRecibido] | Unset): Los documentos recibidos al momento de la venta, cada uno con
            su número o referencia (R-23). Nave: licencia_pesca, zarpe, certificado_desembarque (pesca),
            certificado_exencion; Armada: convenio; acuicultora: permiso_cultivo (con vigente_hasta), declaracion_expresa,
            resolucion_upme. Obligatorios.
        permiso_cultivo_vigente_hasta (datetime.date | None | Unset):
    """

    distribuidor_nit: str
    beneficiario: int
    fecha: datetime.date
    galones: str
    certificado: None | str | Unset = UNSET
    codigo_verificacion: None | str | Unset = UNSET
    factura: str | Unset = ""
    documentos: list[DocumentoVentaRecibido] | Unset = UNSET
    permiso_cultivo_vigente_hasta: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        distribuidor_nit = self.distribuidor_nit

        beneficiario = self.beneficiario

        fecha = self.fecha.isoformat()

        galones = self.galones

        certificado: None | str | Unset
        if isinstance(self.certificado, Unset):
            certificado = UNSET
        else:
            certificado = self.certificado

        codigo_verificacion: None | str | Unset
        if isinstance(self.codigo_verificacion, Unset):
            codigo_verificacion = UNSET
        else:
            codigo_verificacion = self.codigo_verificacion

        factura = self.factura

        documentos: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.documentos, Unset):
            documentos = []
            for documentos_item_data in self.documentos:
                documentos_item = documentos_item_data.to_dict()
                documentos.append(documentos_item)

        permiso_cultivo_vigente_hasta: None | str | Unset
        if isinstance(self.permiso_cultivo_vigente_hasta, Unset):
            permiso_cultivo_vigente_hasta = UNSET
        elif isinstance(self.permiso_cultivo_vigente_hasta, datetime.date):
            permiso_cultivo_vigente_hasta = self.permiso_cultivo_vigente_hasta.isoformat()
        else:
            permiso_cultivo_vigente_hasta = self.permiso_cultivo_vigente_hasta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "distribuidor_nit": distribuidor_nit,
                "beneficiario": beneficiario,
                "fecha": fecha,
                "galones": galones,
            }
        )
        if certificado is not UNSET:
            field_dict["certificado"] = certificado
        if codigo_verificacion is not UNSET:
            field_dict["codigo_verificacion"] = codigo_verificacion
        if factura is not UNSET:
            field_dict["factura"] = factura
        if documentos is not UNSET:
            field_dict["documentos"] = documentos
        if permiso_cultivo_vigente_hasta is not UNSET:
            field_dict["permiso_cultivo_vigente_hasta"] = permiso_cultivo_vigente_hasta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.documento_venta_recibido import DocumentoVentaRecibido  # noqa: PLC0415

        d = dict(src_dict)
        distribuidor_nit = d.pop("distribuidor_nit")

        beneficiario = d.pop("beneficiario")

        fecha = datetime.date.fromisoformat(d.pop("fecha"))

        galones = d.pop("galones")

        def _parse_certificado(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        certificado = _parse_certificado(d.pop("certificado", UNSET))

        def _parse_codigo_verificacion(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        codigo_verificacion = _parse_codigo_verificacion(d.pop("codigo_verificacion", UNSET))

        factura = d.pop("factura", UNSET)

        _documentos = d.pop("documentos", UNSET)
        documentos: list[DocumentoVentaRecibido] | Unset = UNSET
        if _documentos is not UNSET:
            documentos = []
            for documentos_item_data in _documentos:
                documentos_item = DocumentoVentaRecibido.from_dict(documentos_item_data)

                documentos.append(documentos_item)

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

        venta_nueva = cls(
            distribuidor_nit=distribuidor_nit,
            beneficiario=beneficiario,
            fecha=fecha,
            galones=galones,
            certificado=certificado,
            codigo_verificacion=codigo_verificacion,
            factura=factura,
            documentos=documentos,
            permiso_cultivo_vigente_hasta=permiso_cultivo_vigente_hasta,
        )

        venta_nueva.additional_properties = d
        return venta_nueva

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
