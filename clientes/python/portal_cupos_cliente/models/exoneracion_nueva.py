from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clase_enum import ClaseEnum
from ..models.fundamento_enum import FundamentoEnum
from ..models.mercancia_enum import MercanciaEnum
from ..models.solicitante_enum import SolicitanteEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ExoneracionNueva")


@_attrs_define
class ExoneracionNueva:
    """
    Attributes:
        usuario_nit (str):
        fundamento (FundamentoEnum): * `a` - a) Falta de capacidad de los armadores nacionales
            * `b` - b) Carga de uso exclusivo de las Fuerzas Armadas
            * `c` - c) Fletes lesivos para la economía nacional
            * `d` - d) Exportación de café exigida por las condiciones del comprador
        ruta (str):
        clase (ClaseEnum): * `general` - Carga general
            * `granel` - Carga a granel
        mercancia (MercanciaEnum): * `ordinaria` - Mercancía ordinaria
            * `regimen_especial` - Sistemas especiales de importación y exportación
            * `zona_franca` - Mercancía para zona franca industrial
            * `papel_periodico` - Papel periódico para medios escritos
            * `importacion_menor` - Importación menor
            * `cafe_verde` - Café verde (excelso)
            * `cafe_procesado` - Café procesado
            * `carbon` - Carbón
            * `petroleo` - Petróleo
        toneladas (str):
        puerto_origen (str):
        puerto_destino (str):
        licencia (str):
        concepto_federacion (bool | Unset):  Default: False.
        corredor_nit (None | str | Unset):
        solicitante (None | SolicitanteEnum | Unset):
        fecha_radicacion (datetime.date | None | Unset):
    """

    usuario_nit: str
    fundamento: FundamentoEnum
    ruta: str
    clase: ClaseEnum
    mercancia: MercanciaEnum
    toneladas: str
    puerto_origen: str
    puerto_destino: str
    licencia: str
    concepto_federacion: bool | Unset = False
    corredor_nit: None | str | Unset = UNSET
    solicitante: None | SolicitanteEnum | Unset = UNSET
    fecha_radicacion: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        usuario_nit = self.usuario_nit

        fundamento = self.fundamento.value

        ruta = self.ruta

        clase = self.clase.value

        mercancia = self.mercancia.value

        toneladas = self.toneladas

        puerto_origen = self.puerto_origen

        puerto_destino = self.puerto_destino

        licencia = self.licencia

        concepto_federacion = self.concepto_federacion

        corredor_nit: None | str | Unset
        if isinstance(self.corredor_nit, Unset):
            corredor_nit = UNSET
        else:
            corredor_nit = self.corredor_nit

        solicitante: None | str | Unset
        if isinstance(self.solicitante, Unset):
            solicitante = UNSET
        elif isinstance(self.solicitante, SolicitanteEnum):
            solicitante = self.solicitante.value
        else:
            solicitante = self.solicitante

        fecha_radicacion: None | str | Unset
        if isinstance(self.fecha_radicacion, Unset):
            fecha_radicacion = UNSET
        elif isinstance(self.fecha_radicacion, datetime.date):
            fecha_radicacion = self.fecha_radicacion.isoformat()
        else:
            fecha_radicacion = self.fecha_radicacion

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "usuario_nit": usuario_nit,
                "fundamento": fundamento,
                "ruta": ruta,
                "clase": clase,
                "mercancia": mercancia,
                "toneladas": toneladas,
                "puerto_origen": puerto_origen,
                "puerto_destino": puerto_destino,
                "licencia": licencia,
            }
        )
        if concepto_federacion is not UNSET:
            field_dict["concepto_federacion"] = concepto_federacion
        if corredor_nit is not UNSET:
            field_dict["corredor_nit"] = corredor_nit
        if solicitante is not UNSET:
            field_dict["solicitante"] = solicitante
        if fecha_radicacion is not UNSET:
            field_dict["fecha_radicacion"] = fecha_radicacion

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        usuario_nit = d.pop("usuario_nit")

        fundamento = FundamentoEnum(d.pop("fundamento"))

        ruta = d.pop("ruta")

        clase = ClaseEnum(d.pop("clase"))

        mercancia = MercanciaEnum(d.pop("mercancia"))

        toneladas = d.pop("toneladas")

        puerto_origen = d.pop("puerto_origen")

        puerto_destino = d.pop("puerto_destino")

        licencia = d.pop("licencia")

        concepto_federacion = d.pop("concepto_federacion", UNSET)

        def _parse_corredor_nit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        corredor_nit = _parse_corredor_nit(d.pop("corredor_nit", UNSET))

        def _parse_solicitante(data: object) -> None | SolicitanteEnum | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                solicitante_type_0 = SolicitanteEnum(data)

                return solicitante_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SolicitanteEnum | Unset, data)

        solicitante = _parse_solicitante(d.pop("solicitante", UNSET))

        def _parse_fecha_radicacion(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fecha_radicacion_type_0 = datetime.date.fromisoformat(data)

                return fecha_radicacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        fecha_radicacion = _parse_fecha_radicacion(d.pop("fecha_radicacion", UNSET))

        exoneracion_nueva = cls(
            usuario_nit=usuario_nit,
            fundamento=fundamento,
            ruta=ruta,
            clase=clase,
            mercancia=mercancia,
            toneladas=toneladas,
            puerto_origen=puerto_origen,
            puerto_destino=puerto_destino,
            licencia=licencia,
            concepto_federacion=concepto_federacion,
            corredor_nit=corredor_nit,
            solicitante=solicitante,
            fecha_radicacion=fecha_radicacion,
        )

        exoneracion_nueva.additional_properties = d
        return exoneracion_nueva

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
