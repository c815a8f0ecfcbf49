from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.blank_enum import BlankEnum
from ..models.causal_cancelacion_enum import CausalCancelacionEnum
from ..models.combustible_cupo_enum import CombustibleCupoEnum
from ..models.comunicacion_origen_enum import ComunicacionOrigenEnum
from ..models.estado_cupo_enum import EstadoCupoEnum
from ..models.motivo_fin_enum import MotivoFinEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Cupo")


@_attrs_define
class Cupo:
    """
    Attributes:
        id (int):
        resolucion (int):
        acto (int | None):
        interesado (int | None):
        beneficiario (int):
        combustible (CombustibleCupoEnum): * `diesel_marino` - Diésel marino
            * `acpm` - ACPM
        galones_anuales (str):
        cuota_mensual (str):
        acto_cancelacion (int | None):
        estado (EstadoCupoEnum | Unset): * `expedido` - Expedido (sin firmeza)
            * `en_firme` - En firme
            * `cancelado` - Cancelado
        fecha_firmeza (datetime.date | None | Unset):
        fecha_inicio (datetime.date | None | Unset):
        fecha_fin (datetime.date | None | Unset):
        meses_ventana (int | None | Unset):
        dimar_notificado (datetime.datetime | None | Unset):
        fecha_comunicacion (datetime.date | None | Unset):
        comunicacion_origen (BlankEnum | ComunicacionOrigenEnum | Unset):
        motivo_fin (BlankEnum | MotivoFinEnum | Unset):
        detalle_fin (str | Unset):
        cancelacion_desde (datetime.date | None | Unset):
        fecha_cancelacion (datetime.date | None | Unset):
        motivo_cancelacion (str | Unset):
        causal_cancelacion (BlankEnum | CausalCancelacionEnum | Unset):
        soporte_cancelacion (str | Unset): La baja de Dimar, la decisión de la UPME sobre la inactividad, o la
            comunicación de la autoridad con su número y fecha.
        causa_justificada_inactividad (str | Unset): Causa justificada registrada por UPME frente a la inactividad.
    """

    id: int
    resolucion: int
    acto: int | None
    interesado: int | None
    beneficiario: int
    combustible: CombustibleCupoEnum
    galones_anuales: str
    cuota_mensual: str
    acto_cancelacion: int | None
    estado: EstadoCupoEnum | Unset = UNSET
    fecha_firmeza: datetime.date | None | Unset = UNSET
    fecha_inicio: datetime.date | None | Unset = UNSET
    fecha_fin: datetime.date | None | Unset = UNSET
    meses_ventana: int | None | Unset = UNSET
    dimar_notificado: datetime.datetime | None | Unset = UNSET
    fecha_comunicacion: datetime.date | None | Unset = UNSET
    comunicacion_origen: BlankEnum | ComunicacionOrigenEnum | Unset = UNSET
    motivo_fin: BlankEnum | MotivoFinEnum | Unset = UNSET
    detalle_fin: str | Unset = UNSET
    cancelacion_desde: datetime.date | None | Unset = UNSET
    fecha_cancelacion: datetime.date | None | Unset = UNSET
    motivo_cancelacion: str | Unset = UNSET
    causal_cancelacion: BlankEnum | CausalCancelacionEnum | Unset = UNSET
    soporte_cancelacion: str | Unset = UNSET
    causa_justificada_inactividad: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        resolucion = self.resolucion

        acto: int | None
        acto = self.acto

        interesado: int | None
        interesado = self.interesado

        beneficiario = self.beneficiario

        combustible = self.combustible.value

        galones_anuales = self.galones_anuales

        cuota_mensual = self.cuota_mensual

        acto_cancelacion: int | None
        acto_cancelacion = self.acto_cancelacion

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        fecha_firmeza: None | str | Unset
        if isinstance(self.fecha_firmeza, Unset):
            fecha_firmeza = UNSET
        elif isinstance(self.fecha_firmeza, datetime.date):
            fecha_firmeza = self.fecha_firmeza.isoformat()
        else:
            fecha_firmeza = self.fecha_firmeza

        fecha_inicio: None | str | Unset
        if isinstance(self.fecha_inicio, Unset):
            fecha_inicio = UNSET
        elif isinstance(self.fecha_inicio, datetime.date):
            fecha_inicio = self.fecha_inicio.isoformat()
        else:
            fecha_inicio = self.fecha_inicio

        fecha_fin: None | str | Unset
        if isinstance(self.fecha_fin, Unset):
            fecha_fin = UNSET
        elif isinstance(self.fecha_fin, datetime.date):
            fecha_fin = self.fecha_fin.isoformat()
        else:
            fecha_fin = self.fecha_fin

        meses_ventana: int | None | Unset
        if isinstance(self.meses_ventana, Unset):
            meses_ventana = UNSET
        else:
            meses_ventana = self.meses_ventana

        dimar_notificado: None | str | Unset
        if isinstance(self.dimar_notificado, Unset):
            dimar_notificado = UNSET
        elif isinstance(self.dimar_notificado, datetime.datetime):
            dimar_notificado = self.dimar_notificado.isoformat()
        else:
            dimar_notificado = self.dimar_notificado

        fecha_comunicacion: None | str | Unset
        if isinstance(self.fecha_comunicacion, Unset):
            fecha_comunicacion = UNSET
        elif isinstance(self.fecha_comunicacion, datetime.date):
            fecha_comunicacion = self.fecha_comunicacion.isoformat()
        else:
            fecha_comunicacion = self.fecha_comunicacion

        comunicacion_origen: str | Unset
        if isinstance(self.comunicacion_origen, Unset):
            comunicacion_origen = UNSET
        elif isinstance(self.comunicacion_origen, ComunicacionOrigenEnum):
            comunicacion_origen = self.comunicacion_origen.value
        else:
            comunicacion_origen = self.comunicacion_origen.value

        motivo_fin: str | Unset
        if isinstance(self.motivo_fin, Unset):
            motivo_fin = UNSET
        elif isinstance(self.motivo_fin, MotivoFinEnum):
            motivo_fin = self.motivo_fin.value
        else:
            motivo_fin = self.motivo_fin.value

        detalle_fin = self.detalle_fin

        cancelacion_desde: None | str | Unset
        if isinstance(self.cancelacion_desde, Unset):
            cancelacion_desde = UNSET
        elif isinstance(self.cancelacion_desde, datetime.date):
            cancelacion_desde = self.cancelacion_desde.isoformat()
        else:
            cancelacion_desde = self.cancelacion_desde

        fecha_cancelacion: None | str | Unset
        if isinstance(self.fecha_cancelacion, Unset):
            fecha_cancelacion = UNSET
        elif isinstance(self.fecha_cancelacion, datetime.date):
            fecha_cancelacion = self.fecha_cancelacion.isoformat()
        else:
            fecha_cancelacion = self.fecha_cancelacion

        motivo_cancelacion = self.motivo_cancelacion

        causal_cancelacion: str | Unset
        if isinstance(self.causal_cancelacion, Unset):
            causal_cancelacion = UNSET
        elif isinstance(self.causal_cancelacion, CausalCancelacionEnum):
            causal_cancelacion = self.causal_cancelacion.value
        else:
            causal_cancelacion = self.causal_cancelacion.value

        soporte_cancelacion = self.soporte_cancelacion

        causa_justificada_inactividad = self.causa_justificada_inactividad

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "resolucion": resolucion,
                "acto": acto,
                "interesado": interesado,
                "beneficiario": beneficiario,
                "combustible": combustible,
                "galones_anuales": galones_anuales,
                "cuota_mensual": cuota_mensual,
                "acto_cancelacion": acto_cancelacion,
            }
        )
        if estado is not UNSET:
            field_dict["estado"] = estado
        if fecha_firmeza is not UNSET:
            field_dict["fecha_firmeza"] = fecha_firmeza
        if fecha_inicio is not UNSET:
            field_dict["fecha_inicio"] = fecha_inicio
        if fecha_fin is not UNSET:
            field_dict["fecha_fin"] = fecha_fin
        if meses_ventana is not UNSET:
            field_dict["meses_ventana"] = meses_ventana
        if dimar_notificado is not UNSET:
            field_dict["dimar_notificado"] = dimar_notificado
        if fecha_comunicacion is not UNSET:
            field_dict["fecha_comunicacion"] = fecha_comunicacion
        if comunicacion_origen is not UNSET:
            field_dict["comunicacion_origen"] = comunicacion_origen
        if motivo_fin is not UNSET:
            field_dict["motivo_fin"] = motivo_fin
        if detalle_fin is not UNSET:
            field_dict["detalle_fin"] = detalle_fin
        if cancelacion_desde is not UNSET:
            field_dict["cancelacion_desde"] = cancelacion_desde
        if fecha_cancelacion is not UNSET:
            field_dict["fecha_cancelacion"] = fecha_cancelacion
        if motivo_cancelacion is not UNSET:
            field_dict["motivo_cancelacion"] = motivo_cancelacion
        if causal_cancelacion is not UNSET:
            field_dict["causal_cancelacion"] = causal_cancelacion
        if soporte_cancelacion is not UNSET:
            field_dict["soporte_cancelacion"] = soporte_cancelacion
        if causa_justificada_inactividad is not UNSET:
            field_dict["causa_justificada_inactividad"] = causa_justificada_inactividad

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        resolucion = d.pop("resolucion")

        def _parse_acto(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        acto = _parse_acto(d.pop("acto"))

        def _parse_interesado(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        interesado = _parse_interesado(d.pop("interesado"))

        beneficiario = d.pop("beneficiario")

        combustible = CombustibleCupoEnum(d.pop("combustible"))

        galones_anuales = d.pop("galones_anuales")

        cuota_mensual = d.pop("cuota_mensual")

        def _parse_acto_cancelacion(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        acto_cancelacion = _parse_acto_cancelacion(d.pop("acto_cancelacion"))

        _estado = d.pop("estado", UNSET)
        estado: EstadoCupoEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoCupoEnum(_estado)

        def _parse_fecha_firmeza(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_firmeza_type_0 = datetime.date.fromisoformat(data)

                return fecha_firmeza_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_firmeza = _parse_fecha_firmeza(d.pop("fecha_firmeza", UNSET))

        def _parse_fecha_inicio(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_inicio_type_0 = datetime.date.fromisoformat(data)

                return fecha_inicio_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_inicio = _parse_fecha_inicio(d.pop("fecha_inicio", UNSET))

        def _parse_fecha_fin(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_fin_type_0 = datetime.date.fromisoformat(data)

                return fecha_fin_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_fin = _parse_fecha_fin(d.pop("fecha_fin", UNSET))

        def _parse_meses_ventana(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        meses_ventana = _parse_meses_ventana(d.pop("meses_ventana", UNSET))

        def _parse_dimar_notificado(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dimar_notificado_type_0 = datetime.datetime.fromisoformat(data)

                return dimar_notificado_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        dimar_notificado = _parse_dimar_notificado(d.pop("dimar_notificado", UNSET))

        def _parse_fecha_comunicacion(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_comunicacion_type_0 = datetime.date.fromisoformat(data)

                return fecha_comunicacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_comunicacion = _parse_fecha_comunicacion(d.pop("fecha_comunicacion", UNSET))

        def _parse_comunicacion_origen(data: object) -> BlankEnum | ComunicacionOrigenEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                comunicacion_origen_type_0 = ComunicacionOrigenEnum(data)

                return comunicacion_origen_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            comunicacion_origen_type_1 = BlankEnum(data)

            return comunicacion_origen_type_1

        comunicacion_origen = _parse_comunicacion_origen(d.pop("comunicacion_origen", UNSET))

        def _parse_motivo_fin(data: object) -> BlankEnum | MotivoFinEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                motivo_fin_type_0 = MotivoFinEnum(data)

                return motivo_fin_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            motivo_fin_type_1 = BlankEnum(data)

            return motivo_fin_type_1

        motivo_fin = _parse_motivo_fin(d.pop("motivo_fin", UNSET))

        detalle_fin = d.pop("detalle_fin", UNSET)

        def _parse_cancelacion_desde(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancelacion_desde_type_0 = datetime.date.fromisoformat(data)

                return cancelacion_desde_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        cancelacion_desde = _parse_cancelacion_desde(d.pop("cancelacion_desde", UNSET))

        def _parse_fecha_cancelacion(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_cancelacion_type_0 = datetime.date.fromisoformat(data)

                return fecha_cancelacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_cancelacion = _parse_fecha_cancelacion(d.pop("fecha_cancelacion", UNSET))

        motivo_cancelacion = d.pop("motivo_cancelacion", UNSET)

        def _parse_causal_cancelacion(data: object) -> BlankEnum | CausalCancelacionEnum | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                causal_cancelacion_type_0 = CausalCancelacionEnum(data)

                return causal_cancelacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            causal_cancelacion_type_1 = BlankEnum(data)

            return causal_cancelacion_type_1

        causal_cancelacion = _parse_causal_cancelacion(d.pop("causal_cancelacion", UNSET))

        soporte_cancelacion = d.pop("soporte_cancelacion", UNSET)

        causa_justificada_inactividad = d.pop("causa_justificada_inactividad", UNSET)

        cupo = cls(
            id=id,
            resolucion=resolucion,
            acto=acto,
            interesado=interesado,
            beneficiario=beneficiario,
            combustible=combustible,
            galones_anuales=galones_anuales,
            cuota_mensual=cuota_mensual,
            acto_cancelacion=acto_cancelacion,
            estado=estado,
            fecha_firmeza=fecha_firmeza,
            fecha_inicio=fecha_inicio,
            fecha_fin=fecha_fin,
            meses_ventana=meses_ventana,
            dimar_notificado=dimar_notificado,
            fecha_comunicacion=fecha_comunicacion,
            comunicacion_origen=comunicacion_origen,
            motivo_fin=motivo_fin,
            detalle_fin=detalle_fin,
            cancelacion_desde=cancelacion_desde,
            fecha_cancelacion=fecha_cancelacion,
            motivo_cancelacion=motivo_cancelacion,
            causal_cancelacion=causal_cancelacion,
            soporte_cancelacion=soporte_cancelacion,
            causa_justificada_inactividad=causa_justificada_inactividad,
        )

        cupo.additional_properties = d
        return cupo

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
