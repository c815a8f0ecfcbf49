from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_control_enum import EstadoControlEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.resultado_control import ResultadoControl


T = TypeVar("T", bound="Control")


@_attrs_define
class Control:
    """
    Attributes:
        id (int):
        usuario_nit (str):
        anio (int):
        fecha_solicitud (datetime.date):
        resultados (list[ResultadoControl]):
        fecha_respuesta (datetime.date | None | Unset):
        respuesta (str | Unset):
        estado (EstadoControlEnum | Unset): * `solicitado` - Prueba solicitada
            * `respondido` - Respondido
            * `archivado` - Archivado: cumple
            * `remitido` - Remitido a las capitanías
        fecha_cierre (datetime.date | None | Unset):
    """

    id: int
    usuario_nit: str
    anio: int
    fecha_solicitud: datetime.date
    resultados: list[ResultadoControl]
    fecha_respuesta: datetime.date | None | Unset = UNSET
    respuesta: str | Unset = UNSET
    estado: EstadoControlEnum | Unset = UNSET
    fecha_cierre: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        usuario_nit = self.usuario_nit

        anio = self.anio

        fecha_solicitud = self.fecha_solicitud.isoformat()

        resultados = []
        for resultados_item_data in self.resultados:
            resultados_item = resultados_item_data.to_dict()
            resultados.append(resultados_item)

        fecha_respuesta: None | str | Unset
        if isinstance(self.fecha_respuesta, Unset):
            fecha_respuesta = UNSET
        elif isinstance(self.fecha_respuesta, datetime.date):
            fecha_respuesta = self.fecha_respuesta.isoformat()
        else:
            fecha_respuesta = self.fecha_respuesta

        respuesta = self.respuesta

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        fecha_cierre: None | str | Unset
        if isinstance(self.fecha_cierre, Unset):
            fecha_cierre = UNSET
        elif isinstance(self.fecha_cierre, datetime.date):
            fecha_cierre = self.fecha_cierre.isoformat()
        else:
            fecha_cierre = self.fecha_cierre

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "usuario_nit": usuario_nit,
                "anio": anio,
                "fecha_solicitud": fecha_solicitud,
                "resultados": resultados,
            }
        )
        if fecha_respuesta is not UNSET:
            field_dict["fecha_respuesta"] = fecha_respuesta
        if respuesta is not UNSET:
            field_dict["respuesta"] = respuesta
        if estado is not UNSET:
            field_dict["estado"] = estado
        if fecha_cierre is not UNSET:
            field_dict["fecha_cierre"] = fecha_cierre

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.resultado_control import ResultadoControl  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        usuario_nit = d.pop("usuario_nit")

        anio = d.pop("anio")

        fecha_solicitud = datetime.date.fromisoformat(d.pop("fecha_solicitud"))

        resultados = []
        _resultados = d.pop("resultados")
        for resultados_item_data in _resultados:
            resultados_item = ResultadoControl.from_dict(resultados_item_data)

            resultados.append(resultados_item)

        def _parse_fecha_respuesta(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_respuesta_type_0 = datetime.date.fromisoformat(data)

                return fecha_respuesta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_respuesta = _parse_fecha_respuesta(d.pop("fecha_respuesta", UNSET))

        respuesta = d.pop("respuesta", UNSET)

        _estado = d.pop("estado", UNSET)
        estado: EstadoControlEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoControlEnum(_estado)

        def _parse_fecha_cierre(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_cierre_type_0 = datetime.date.fromisoformat(data)

                return fecha_cierre_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_cierre = _parse_fecha_cierre(d.pop("fecha_cierre", UNSET))

        control = cls(
            id=id,
            usuario_nit=usuario_nit,
            anio=anio,
            fecha_solicitud=fecha_solicitud,
            resultados=resultados,
            fecha_respuesta=fecha_respuesta,
            respuesta=respuesta,
            estado=estado,
            fecha_cierre=fecha_cierre,
        )

        control.additional_properties = d
        return control

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
