from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_reporte_enum import EstadoReporteEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReporteAceptado")


@_attrs_define
class ReporteAceptado:
    """The 202 answer of an upload: the report, and `trabajo`, its processing at GET /api/v1/trabajos/{trabajo}/.

    Attributes:
        trabajo (str):
        id (int):
        distribuidor_nit (str):
        periodo (str):  Example: 2026-06.
        total_galones (str):
        nombre_original (str):
        recibido (datetime.datetime):
        estado (EstadoReporteEnum | Unset): * `recibido` - Recibido
            * `procesando` - Procesando
            * `procesado` - Procesado
            * `rechazado` - Rechazado
        version (int | Unset):
        vigente (bool | Unset): La última versión procesada del periodo.
        progreso (int | Unset):
        mensaje (str | Unset): Por qué se rechazó el archivo, en español.
        filas_validas (int | Unset):
        filas_con_error (int | Unset):
        extemporaneo (bool | Unset):
        fecha_limite (datetime.date | None | Unset):
        tamano_bytes (int | Unset):
        procesado (datetime.datetime | None | Unset):
    """

    trabajo: str
    id: int
    distribuidor_nit: str
    periodo: str
    total_galones: str
    nombre_original: str
    recibido: datetime.datetime
    estado: EstadoReporteEnum | Unset = UNSET
    version: int | Unset = UNSET
    vigente: bool | Unset = UNSET
    progreso: int | Unset = UNSET
    mensaje: str | Unset = UNSET
    filas_validas: int | Unset = UNSET
    filas_con_error: int | Unset = UNSET
    extemporaneo: bool | Unset = UNSET
    fecha_limite: datetime.date | None | Unset = UNSET
    tamano_bytes: int | Unset = UNSET
    procesado: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        trabajo = self.trabajo

        id = self.id

        distribuidor_nit = self.distribuidor_nit

        periodo = self.periodo

        total_galones = self.total_galones

        nombre_original = self.nombre_original

        recibido = self.recibido.isoformat()

        estado: str | Unset = UNSET
        if not isinstance(self.estado, Unset):
            estado = self.estado.value

        version = self.version

        vigente = self.vigente

        progreso = self.progreso

        mensaje = self.mensaje

        filas_validas = self.filas_validas

        filas_con_error = self.filas_con_error

        extemporaneo = self.extemporaneo

        fecha_limite: None | str | Unset
        if isinstance(self.fecha_limite, Unset):
            fecha_limite = UNSET
        elif isinstance(self.fecha_limite, datetime.date):
            fecha_limite = self.fecha_limite.isoformat()
        else:
            fecha_limite = self.fecha_limite

        tamano_bytes = self.tamano_bytes

        procesado: None | str | Unset
        if isinstance(self.procesado, Unset):
            procesado = UNSET
        elif isinstance(self.procesado, datetime.datetime):
            procesado = self.procesado.isoformat()
        else:
            procesado = self.procesado

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "trabajo": trabajo,
                "id": id,
                "distribuidor_nit": distribuidor_nit,
                "periodo": periodo,
                "total_galones": total_galones,
                "nombre_original": nombre_original,
                "recibido": recibido,
            }
        )
        if estado is not UNSET:
            field_dict["estado"] = estado
        if version is not UNSET:
            field_dict["version"] = version
        if vigente is not UNSET:
            field_dict["vigente"] = vigente
        if progreso is not UNSET:
            field_dict["progreso"] = progreso
        if mensaje is not UNSET:
            field_dict["mensaje"] = mensaje
        if filas_validas is not UNSET:
            field_dict["filas_validas"] = filas_validas
        if filas_con_error is not UNSET:
            field_dict["filas_con_error"] = filas_con_error
        if extemporaneo is not UNSET:
            field_dict["extemporaneo"] = extemporaneo
        if fecha_limite is not UNSET:
            field_dict["fecha_limite"] = fecha_limite
        if tamano_bytes is not UNSET:
            field_dict["tamano_bytes"] = tamano_bytes
        if procesado is not UNSET:
            field_dict["procesado"] = procesado

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        trabajo = d.pop("trabajo")

        id = d.pop("id")

        distribuidor_nit = d.pop("distribuidor_nit")

        periodo = d.pop("periodo")

        total_galones = d.pop("total_galones")

        nombre_original = d.pop("nombre_original")

        recibido = datetime.datetime.fromisoformat(d.pop("recibido"))

        _estado = d.pop("estado", UNSET)
        estado: EstadoReporteEnum | Unset
        if isinstance(_estado, Unset):
            estado = UNSET
        else:
            estado = EstadoReporteEnum(_estado)

        version = d.pop("version", UNSET)

        vigente = d.pop("vigente", UNSET)

        progreso = d.pop("progreso", UNSET)

        mensaje = d.pop("mensaje", UNSET)

        filas_validas = d.pop("filas_validas", UNSET)

        filas_con_error = d.pop("filas_con_error", UNSET)

        extemporaneo = d.pop("extemporaneo", UNSET)

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

        tamano_bytes = d.pop("tamano_bytes", UNSET)

        def _parse_procesado(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                procesado_type_0 = datetime.datetime.fromisoformat(data)

                return procesado_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        procesado = _parse_procesado(d.pop("procesado", UNSET))

        reporte_aceptado = cls(
            trabajo=trabajo,
            id=id,
            distribuidor_nit=distribuidor_nit,
            periodo=periodo,
            total_galones=total_galones,
            nombre_original=nombre_original,
            recibido=recibido,
            estado=estado,
            version=version,
            vigente=vigente,
            progreso=progreso,
            mensaje=mensaje,
            filas_validas=filas_validas,
            filas_con_error=filas_con_error,
            extemporaneo=extemporaneo,
            fecha_limite=fecha_limite,
            tamano_bytes=tamano_bytes,
            procesado=procesado,
        )

        reporte_aceptado.additional_properties = d
        return reporte_aceptado

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
