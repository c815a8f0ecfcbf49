from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.blank_enum import BlankEnum
from ..models.calificacion_enum import CalificacionEnum
from ..models.mercancia_enum import MercanciaEnum
from ..models.responsabilidad_flete_enum import ResponsabilidadFleteEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.oferta import Oferta


T = TypeVar("T", bound="SolicitudOferta")


@_attrs_define
class SolicitudOferta:
    """
    Attributes:
        id (int):
        usuario_nit (str):
        ruta (str):
        mercancia (MercanciaEnum): * `ordinaria` - Mercancía ordinaria
            * `regimen_especial` - Sistemas especiales de importación y exportación
            * `zona_franca` - Mercancía para zona franca industrial
            * `papel_periodico` - Papel periódico para medios escritos
            * `importacion_menor` - Importación menor
            * `cafe_verde` - Café verde (excelso)
            * `cafe_procesado` - Café procesado
            * `carbon` - Carbón
            * `petroleo` - Petróleo
        descripcion (str):
        fecha_solicitud (datetime.date):
        ofertas (list[Oferta]):
        responsabilidad_flete (BlankEnum | ResponsabilidadFleteEnum | Unset):
        calificacion (BlankEnum | CalificacionEnum | Unset):
        motivo_calificacion (str | Unset):
        fecha_calificacion (datetime.date | None | Unset):
    """

    id: int
    usuario_nit: str
    ruta: str
    mercancia: MercanciaEnum
    descripcion: str
    fecha_solicitud: datetime.date
    ofertas: list[Oferta]
    responsabilidad_flete: BlankEnum | ResponsabilidadFleteEnum | Unset = UNSET
    calificacion: BlankEnum | CalificacionEnum | Unset = UNSET
    motivo_calificacion: str | Unset = UNSET
    fecha_calificacion: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        usuario_nit = self.usuario_nit

        ruta = self.ruta

        mercancia = self.mercancia.value

        descripcion = self.descripcion

        fecha_solicitud = self.fecha_solicitud.isoformat()

        ofertas = []
        for ofertas_item_data in self.ofertas:
            ofertas_item = ofertas_item_data.to_dict()
            ofertas.append(ofertas_item)

        responsabilidad_flete: str | Unset
        if isinstance(self.responsabilidad_flete, Unset):
            responsabilidad_flete = UNSET
        elif isinstance(self.responsabilidad_flete, ResponsabilidadFleteEnum):
            responsabilidad_flete = self.responsabilidad_flete.value
        else:
            responsabilidad_flete = self.responsabilidad_flete.value

        calificacion: str | Unset
        if isinstance(self.calificacion, Unset):
            calificacion = UNSET
        elif isinstance(self.calificacion, CalificacionEnum):
            calificacion = self.calificacion.value
        else:
            calificacion = self.calificacion.value

        motivo_calificacion = self.motivo_calificacion

        fecha_calificacion: None | str | Unset
        if isinstance(self.fecha_calificacion, Unset):
            fecha_calificacion = UNSET
        elif isinstance(self.fecha_calificacion, datetime.date):
            fecha_calificacion = self.fecha_calificacion.isoformat()
        else:
            fecha_calificacion = self.fecha_calificacion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "usuario_nit": usuario_nit,
                "ruta": ruta,
                "mercancia": mercancia,
                "descripcion": descripcion,
                "fecha_solicitud": fecha_solicitud,
                "ofertas": ofertas,
            }
        )
        if responsabilidad_flete is not UNSET:
            field_dict["responsabilidad_flete"] = responsabilidad_flete
        if calificacion is not UNSET:
            field_dict["calificacion"] = calificacion
        if motivo_calificacion is not UNSET:
            field_dict["motivo_calificacion"] = motivo_calificacion
        if fecha_calificacion is not UNSET:
            field_dict["fecha_calificacion"] = fecha_calificacion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.oferta import Oferta  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        usuario_nit = d.pop("usuario_nit")

        ruta = d.pop("ruta")

        mercancia = MercanciaEnum(d.pop("mercancia"))

        descripcion = d.pop("descripcion")

        fecha_solicitud = datetime.date.fromisoformat(d.pop("fecha_solicitud"))

        ofertas = []
        _ofertas = d.pop("ofertas")
        for ofertas_item_data in _ofertas:
            ofertas_item = Oferta.from_dict(ofertas_item_data)

            ofertas.append(ofertas_item)

        def _parse_responsabilidad_flete(data: object) -> BlankEnum | ResponsabilidadFleteEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                responsabilidad_flete_type_0 = ResponsabilidadFleteEnum(data)

                return responsabilidad_flete_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            responsabilidad_flete_type_1 = BlankEnum(data)

            return responsabilidad_flete_type_1

        responsabilidad_flete = _parse_responsabilidad_flete(d.pop("responsabilidad_flete", UNSET))

        def _parse_calificacion(data: object) -> BlankEnum | CalificacionEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                calificacion_type_0 = CalificacionEnum(data)

                return calificacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            calificacion_type_1 = BlankEnum(data)

            return calificacion_type_1

        calificacion = _parse_calificacion(d.pop("calificacion", UNSET))

        motivo_calificacion = d.pop("motivo_calificacion", UNSET)

        def _parse_fecha_calificacion(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_calificacion_type_0 = datetime.date.fromisoformat(data)

                return fecha_calificacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_calificacion = _parse_fecha_calificacion(d.pop("fecha_calificacion", UNSET))

        solicitud_oferta = cls(
            id=id,
            usuario_nit=usuario_nit,
            ruta=ruta,
            mercancia=mercancia,
            descripcion=descripcion,
            fecha_solicitud=fecha_solicitud,
            ofertas=ofertas,
            responsabilidad_flete=responsabilidad_flete,
            calificacion=calificacion,
            motivo_calificacion=motivo_calificacion,
            fecha_calificacion=fecha_calificacion,
        )

        solicitud_oferta.additional_properties = d
        return solicitud_oferta

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
