from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clase_enum import ClaseEnum
from ..models.estado_exoneracion_enum import EstadoExoneracionEnum
from ..models.fundamento_enum import FundamentoEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Exoneracion")


@_attrs_define
class Exoneracion:
    """
    Attributes:
        id (int):
        usuario_nit (str):
        fundamento (FundamentoEnum): * `a` - a) Falta de capacidad de los armadores nacionales
            * `b` - b) Carga de uso exclusivo de las Fuerzas Armadas
            * `c` - c) Fletes lesivos para la economía nacional
        ruta (str):
        clase (ClaseEnum): * `general` - Carga general
            * `granel` - Carga a granel
            * `regimen_especial` - Sistemas especiales de importación y exportación
            * `zona_franca` - Mercancía para zona franca industrial
            * `papel_periodico` - Papel periódico para medios escritos
            * `importacion_menor` - Importación menor
            * `cafe_verde` - Café verde (excelso)
            * `cafe_procesado` - Café procesado
            * `carbon` - Carbón
            * `petroleo` - Petróleo
            * `otra` - Otra carga
        toneladas (str):
        puerto_origen (str):
        puerto_destino (str):
        licencia (str):
        fecha_radicacion (datetime.date):
        vence_decision (datetime.date):
        concepto_federacion (bool | Unset):
        corredor_nit (str | Unset):
        estado (EstadoExoneracionEnum | Unset): * `radicada` - Radicada
            * `aclaracion` - Aclaración solicitada
            * `concedida` - Concedida
            * `negada` - Negada
        fecha_decision (datetime.date | None | Unset):
        motivo_decision (str | Unset):
        embarcar_antes_de (datetime.date | None | Unset):
        codigo_verificacion (None | str | Unset):
    """

    id: int
    usuario_nit: str
    fundamento: FundamentoEnum
    ruta: str
    clase: ClaseEnum
    toneladas: str
    puerto_origen: str
    puerto_destino: str
    licencia: str
    fecha_radicacion: datetime.date
    vence_decision: datetime.date
    concepto_federacion: bool | Unset = UNSET
    corredor_nit: str | Unset = UNSET
    estado: EstadoExoneracionEnum | Unset = UNSET
    fecha_decision: datetime.date | None | Unset = UNSET
    motivo_decision: str | Unset = UNSET
    embarcar_antes_de: datetime.date | None | Unset = UNSET
    codigo_verificacion: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        usuario_nit = self.usuario_nit

        fundamento = self.fundamento.value

        ruta = self.ruta

        clase = self.clase.value

        toneladas = self.toneladas

        puerto_origen = self.puerto_origen

        puerto_destino = self.puerto_destino

        licencia = self.licencia

        fecha_radicacion = self.fecha_radicacion.isoformat()

        vence_decision = self.vence_decision.isoformat()

        concepto_federacion = self.concepto_federacion

        corredor_nit = self.corredor_nit

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        fecha_decision: None | str | Unset
        if isinstance(self.fecha_decision, Unset):
            fecha_decision = UNSET
        elif isinstance(self.fecha_decision, datetime.date):
            fecha_decision = self.fecha_decision.isoformat()
        else:
            fecha_decision = self.fecha_decision

        motivo_decision = self.motivo_decision

        embarcar_antes_de: None | str | Unset
        if isinstance(self.embarcar_antes_de, Unset):
            embarcar_antes_de = UNSET
        elif isinstance(self.embarcar_antes_de, datetime.date):
            embarcar_antes_de = self.embarcar_antes_de.isoformat()
        else:
            embarcar_antes_de = self.embarcar_antes_de

        codigo_verificacion: None | str | Unset
        if isinstance(self.codigo_verificacion, Unset):
            codigo_verificacion = UNSET
        else:
            codigo_verificacion = self.codigo_verificacion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "usuario_nit": usuario_nit,
                "fundamento": fundamento,
                "ruta": ruta,
                "clase": clase,
                "toneladas": toneladas,
                "puerto_origen": puerto_origen,
                "puerto_destino": puerto_destino,
                "licencia": licencia,
                "fecha_radicacion": fecha_radicacion,
                "vence_decision": vence_decision,
            }
        )
        if concepto_federacion is not UNSET:
            field_dict["concepto_federacion"] = concepto_federacion
        if corredor_nit is not UNSET:
            field_dict["corredor_nit"] = corredor_nit
        if estado is not UNSET:
            field_dict["estado"] = estado
        if fecha_decision is not UNSET:
            field_dict["fecha_decision"] = fecha_decision
        if motivo_decision is not UNSET:
            field_dict["motivo_decision"] = motivo_decision
        if embarcar_antes_de is not UNSET:
            field_dict["embarcar_antes_de"] = embarcar_antes_de
        if codigo_verificacion is not UNSET:
            field_dict["codigo_verificacion"] = codigo_verificacion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        usuario_nit = d.pop("usuario_nit")

        fundamento = FundamentoEnum(d.pop("fundamento"))

        ruta = d.pop("ruta")

        clase = ClaseEnum(d.pop("clase"))

        toneladas = d.pop("toneladas")

        puerto_origen = d.pop("puerto_origen")

        puerto_destino = d.pop("puerto_destino")

        licencia = d.pop("licencia")

        fecha_radicacion = datetime.date.fromisoformat(d.pop("fecha_radicacion"))

        vence_decision = datetime.date.fromisoformat(d.pop("vence_decision"))

        concepto_federacion = d.pop("concepto_federacion", UNSET)

        corredor_nit = d.pop("corredor_nit", UNSET)

        _estado = d.pop("estado", UNSET)
        estado: EstadoExoneracionEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoExoneracionEnum(_estado)

        def _parse_fecha_decision(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_decision_type_0 = datetime.date.fromisoformat(data)

                return fecha_decision_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_decision = _parse_fecha_decision(d.pop("fecha_decision", UNSET))

        motivo_decision = d.pop("motivo_decision", UNSET)

        def _parse_embarcar_antes_de(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                embarcar_antes_de_type_0 = datetime.date.fromisoformat(data)

                return embarcar_antes_de_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        embarcar_antes_de = _parse_embarcar_antes_de(d.pop("embarcar_antes_de", UNSET))

        def _parse_codigo_verificacion(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        codigo_verificacion = _parse_codigo_verificacion(d.pop("codigo_verificacion", UNSET))

        exoneracion = cls(
            id=id,
            usuario_nit=usuario_nit,
            fundamento=fundamento,
            ruta=ruta,
            clase=clase,
            toneladas=toneladas,
            puerto_origen=puerto_origen,
            puerto_destino=puerto_destino,
            licencia=licencia,
            fecha_radicacion=fecha_radicacion,
            vence_decision=vence_decision,
            concepto_federacion=concepto_federacion,
            corredor_nit=corredor_nit,
            estado=estado,
            fecha_decision=fecha_decision,
            motivo_decision=motivo_decision,
            embarcar_antes_de=embarcar_antes_de,
            codigo_verificacion=codigo_verificacion,
        )

        exoneracion.additional_properties = d
        return exoneracion

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
