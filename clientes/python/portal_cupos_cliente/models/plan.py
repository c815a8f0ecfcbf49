from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_plan_enum import EstadoPlanEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Plan")


@_attrs_define
class Plan:
    """
    Attributes:
        id (int):
        departamento (str):
        fecha_presentacion (datetime.date):
        descripcion (str): Origen del combustible, rutas, cadena de distribución y condiciones.
        vence_evaluacion (datetime.date):
        acto (int | None):
        ejecutoria_prevista (datetime.date | None):
        estado (EstadoPlanEnum | Unset): * `presentado` - Presentado
            * `ajustes_solicitados` - Ajustes solicitados
            * `aprobado` - Aprobado (visto bueno)
            * `vencido` - Visto bueno vencido
        ajustes_detalle (str | Unset):
        vence_ajustes (datetime.date | None | Unset):
        fecha_aprobacion (datetime.date | None | Unset):
        resolucion (str | Unset):
        visto_bueno_desde (datetime.date | None | Unset):
        visto_bueno_hasta (datetime.date | None | Unset):
        renovado (bool | Unset):
        fecha_ejecutoria (datetime.date | None | Unset):
        vence_aviso_dian (datetime.date | None | Unset):
        aviso_dian (datetime.date | None | Unset):
    """

    id: int
    departamento: str
    fecha_presentacion: datetime.date
    descripcion: str
    vence_evaluacion: datetime.date
    acto: int | None
    ejecutoria_prevista: datetime.date | None
    estado: EstadoPlanEnum | Unset = UNSET
    ajustes_detalle: str | Unset = UNSET
    vence_ajustes: datetime.date | None | Unset = UNSET
    fecha_aprobacion: datetime.date | None | Unset = UNSET
    resolucion: str | Unset = UNSET
    visto_bueno_desde: datetime.date | None | Unset = UNSET
    visto_bueno_hasta: datetime.date | None | Unset = UNSET
    renovado: bool | Unset = UNSET
    fecha_ejecutoria: datetime.date | None | Unset = UNSET
    vence_aviso_dian: datetime.date | None | Unset = UNSET
    aviso_dian: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        departamento = self.departamento

        fecha_presentacion = self.fecha_presentacion.isoformat()

        descripcion = self.descripcion

        vence_evaluacion = self.vence_evaluacion.isoformat()

        acto: int | None
        acto = self.acto

        ejecutoria_prevista: None | str
        if isinstance(self.ejecutoria_prevista, datetime.date):
            ejecutoria_prevista = self.ejecutoria_prevista.isoformat()
        else:
            ejecutoria_prevista = self.ejecutoria_prevista

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        ajustes_detalle = self.ajustes_detalle

        vence_ajustes: None | str | Unset
        if isinstance(self.vence_ajustes, Unset):
            vence_ajustes = UNSET
        elif isinstance(self.vence_ajustes, datetime.date):
            vence_ajustes = self.vence_ajustes.isoformat()
        else:
            vence_ajustes = self.vence_ajustes

        fecha_aprobacion: None | str | Unset
        if isinstance(self.fecha_aprobacion, Unset):
            fecha_aprobacion = UNSET
        elif isinstance(self.fecha_aprobacion, datetime.date):
            fecha_aprobacion = self.fecha_aprobacion.isoformat()
        else:
            fecha_aprobacion = self.fecha_aprobacion

        resolucion = self.resolucion

        visto_bueno_desde: None | str | Unset
        if isinstance(self.visto_bueno_desde, Unset):
            visto_bueno_desde = UNSET
        elif isinstance(self.visto_bueno_desde, datetime.date):
            visto_bueno_desde = self.visto_bueno_desde.isoformat()
        else:
            visto_bueno_desde = self.visto_bueno_desde

        visto_bueno_hasta: None | str | Unset
        if isinstance(self.visto_bueno_hasta, Unset):
            visto_bueno_hasta = UNSET
        elif isinstance(self.visto_bueno_hasta, datetime.date):
            visto_bueno_hasta = self.visto_bueno_hasta.isoformat()
        else:
            visto_bueno_hasta = self.visto_bueno_hasta

        renovado = self.renovado

        fecha_ejecutoria: None | str | Unset
        if isinstance(self.fecha_ejecutoria, Unset):
            fecha_ejecutoria = UNSET
        elif isinstance(self.fecha_ejecutoria, datetime.date):
            fecha_ejecutoria = self.fecha_ejecutoria.isoformat()
        else:
            fecha_ejecutoria = self.fecha_ejecutoria

        vence_aviso_dian: None | str | Unset
        if isinstance(self.vence_aviso_dian, Unset):
            vence_aviso_dian = UNSET
        elif isinstance(self.vence_aviso_dian, datetime.date):
            vence_aviso_dian = self.vence_aviso_dian.isoformat()
        else:
            vence_aviso_dian = self.vence_aviso_dian

        aviso_dian: None | str | Unset
        if isinstance(self.aviso_dian, Unset):
            aviso_dian = UNSET
        elif isinstance(self.aviso_dian, datetime.date):
            aviso_dian = self.aviso_dian.isoformat()
        else:
            aviso_dian = self.aviso_dian

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "departamento": departamento,
                "fecha_presentacion": fecha_presentacion,
                "descripcion": descripcion,
                "vence_evaluacion": vence_evaluacion,
                "acto": acto,
                "ejecutoria_prevista": ejecutoria_prevista,
            }
        )
        if estado is not UNSET:
            field_dict["estado"] = estado
        if ajustes_detalle is not UNSET:
            field_dict["ajustes_detalle"] = ajustes_detalle
        if vence_ajustes is not UNSET:
            field_dict["vence_ajustes"] = vence_ajustes
        if fecha_aprobacion is not UNSET:
            field_dict["fecha_aprobacion"] = fecha_aprobacion
        if resolucion is not UNSET:
            field_dict["resolucion"] = resolucion
        if visto_bueno_desde is not UNSET:
            field_dict["visto_bueno_desde"] = visto_bueno_desde
        if visto_bueno_hasta is not UNSET:
            field_dict["visto_bueno_hasta"] = visto_bueno_hasta
        if renovado is not UNSET:
            field_dict["renovado"] = renovado
        if fecha_ejecutoria is not UNSET:
            field_dict["fecha_ejecutoria"] = fecha_ejecutoria
        if vence_aviso_dian is not UNSET:
            field_dict["vence_aviso_dian"] = vence_aviso_dian
        if aviso_dian is not UNSET:
            field_dict["aviso_dian"] = aviso_dian

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        departamento = d.pop("departamento")

        fecha_presentacion = datetime.date.fromisoformat(d.pop("fecha_presentacion"))

        descripcion = d.pop("descripcion")

        vence_evaluacion = datetime.date.fromisoformat(d.pop("vence_evaluacion"))

        def _parse_acto(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        acto = _parse_acto(d.pop("acto"))

        def _parse_ejecutoria_prevista(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ejecutoria_prevista_type_0 = datetime.date.fromisoformat(data)

                return ejecutoria_prevista_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        ejecutoria_prevista = _parse_ejecutoria_prevista(d.pop("ejecutoria_prevista"))

        _estado = d.pop("estado", UNSET)
        estado: EstadoPlanEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoPlanEnum(_estado)

        ajustes_detalle = d.pop("ajustes_detalle", UNSET)

        def _parse_vence_ajustes(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vence_ajustes_type_0 = datetime.date.fromisoformat(data)

                return vence_ajustes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vence_ajustes = _parse_vence_ajustes(d.pop("vence_ajustes", UNSET))

        def _parse_fecha_aprobacion(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_aprobacion_type_0 = datetime.date.fromisoformat(data)

                return fecha_aprobacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_aprobacion = _parse_fecha_aprobacion(d.pop("fecha_aprobacion", UNSET))

        resolucion = d.pop("resolucion", UNSET)

        def _parse_visto_bueno_desde(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                visto_bueno_desde_type_0 = datetime.date.fromisoformat(data)

                return visto_bueno_desde_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        visto_bueno_desde = _parse_visto_bueno_desde(d.pop("visto_bueno_desde", UNSET))

        def _parse_visto_bueno_hasta(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                visto_bueno_hasta_type_0 = datetime.date.fromisoformat(data)

                return visto_bueno_hasta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        visto_bueno_hasta = _parse_visto_bueno_hasta(d.pop("visto_bueno_hasta", UNSET))

        renovado = d.pop("renovado", UNSET)

        def _parse_fecha_ejecutoria(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_ejecutoria_type_0 = datetime.date.fromisoformat(data)

                return fecha_ejecutoria_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_ejecutoria = _parse_fecha_ejecutoria(d.pop("fecha_ejecutoria", UNSET))

        def _parse_vence_aviso_dian(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vence_aviso_dian_type_0 = datetime.date.fromisoformat(data)

                return vence_aviso_dian_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vence_aviso_dian = _parse_vence_aviso_dian(d.pop("vence_aviso_dian", UNSET))

        def _parse_aviso_dian(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                aviso_dian_type_0 = datetime.date.fromisoformat(data)

                return aviso_dian_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        aviso_dian = _parse_aviso_dian(d.pop("aviso_dian", UNSET))

        plan = cls(
            id=id,
            departamento=departamento,
            fecha_presentacion=fecha_presentacion,
            descripcion=descripcion,
            vence_evaluacion=vence_evaluacion,
            acto=acto,
            ejecutoria_prevista=ejecutoria_prevista,
            estado=estado,
            ajustes_detalle=ajustes_detalle,
            vence_ajustes=vence_ajustes,
            fecha_aprobacion=fecha_aprobacion,
            resolucion=resolucion,
            visto_bueno_desde=visto_bueno_desde,
            visto_bueno_hasta=visto_bueno_hasta,
            renovado=renovado,
            fecha_ejecutoria=fecha_ejecutoria,
            vence_aviso_dian=vence_aviso_dian,
            aviso_dian=aviso_dian,
        )

        plan.additional_properties = d
        return plan

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
