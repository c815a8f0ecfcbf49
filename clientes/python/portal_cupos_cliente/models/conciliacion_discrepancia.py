from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConciliacionDiscrepancia")


@_attrs_define
class ConciliacionDiscrepancia:
    """
    Attributes:
        codigo (str):
        detalle (str):
        fuente (str):
        distribuidor_nit (str):
        beneficiario (int | None):
        matricula (str):
        certificado (str):
        fecha (datetime.date | None):
        galones (None | str):
        referencia (None | str):
        venta (int | None):
        reporte (int | None):
        fila (int | None):
    """

    codigo: str
    detalle: str
    fuente: str
    distribuidor_nit: str
    beneficiario: int | None
    matricula: str
    certificado: str
    fecha: datetime.date | None
    galones: None | str
    referencia: None | str
    venta: int | None
    reporte: int | None
    fila: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        codigo = self.codigo

        detalle = self.detalle

        fuente = self.fuente

        distribuidor_nit = self.distribuidor_nit

        beneficiario: int | None
        beneficiario = self.beneficiario

        matricula = self.matricula

        certificado = self.certificado

        fecha: None | str
        if isinstance(self.fecha, datetime.date):
            fecha = self.fecha.isoformat()
        else:
            fecha = self.fecha

        galones: None | str
        galones = self.galones

        referencia: None | str
        referencia = self.referencia

        venta: int | None
        venta = self.venta

        reporte: int | None
        reporte = self.reporte

        fila: int | None
        fila = self.fila

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "codigo": codigo,
                "detalle": detalle,
                "fuente": fuente,
                "distribuidor_nit": distribuidor_nit,
                "beneficiario": beneficiario,
                "matricula": matricula,
                "certificado": certificado,
                "fecha": fecha,
                "galones": galones,
                "referencia": referencia,
                "venta": venta,
                "reporte": reporte,
                "fila": fila,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        codigo = d.pop("codigo")

        detalle = d.pop("detalle")

        fuente = d.pop("fuente")

        distribuidor_nit = d.pop("distribuidor_nit")

        def _parse_beneficiario(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        beneficiario = _parse_beneficiario(d.pop("beneficiario"))

        matricula = d.pop("matricula")

        certificado = d.pop("certificado")

        def _parse_fecha(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_type_0 = datetime.date.fromisoformat(data)

                return fecha_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        fecha = _parse_fecha(d.pop("fecha"))

        def _parse_galones(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        galones = _parse_galones(d.pop("galones"))

        def _parse_referencia(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        referencia = _parse_referencia(d.pop("referencia"))

        def _parse_venta(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        venta = _parse_venta(d.pop("venta"))

        def _parse_reporte(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        reporte = _parse_reporte(d.pop("reporte"))

        def _parse_fila(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        fila = _parse_fila(d.pop("fila"))

        conciliacion_discrepancia = cls(
            codigo=codigo,
            detalle=detalle,
            fuente=fuente,
            distribuidor_nit=distribuidor_nit,
            beneficiario=beneficiario,
            matricula=matricula,
            certificado=certificado,
            fecha=fecha,
            galones=galones,
            referencia=referencia,
            venta=venta,
            reporte=reporte,
            fila=fila,
        )

        conciliacion_discrepancia.additional_properties = d
        return conciliacion_discrepancia

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
