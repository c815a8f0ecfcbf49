from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clase_enum import ClaseEnum
from ..models.embalaje_enum import EmbalajeEnum
from ..models.mercancia_enum import MercanciaEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Conocimiento")


@_attrs_define
class Conocimiento:
    """
    Attributes:
        id (int):
        arribo (int):
        numero (str):
        usuario_nit (str):
        usuario_nombre (str):
        mercancia (MercanciaEnum): * `ordinaria` - Mercancía ordinaria
            * `regimen_especial` - Sistemas especiales de importación y exportación
            * `zona_franca` - Mercancía para zona franca industrial
            * `papel_periodico` - Papel periódico para medios escritos
            * `importacion_menor` - Importación menor
            * `cafe_verde` - Café verde (excelso)
            * `cafe_procesado` - Café procesado
            * `carbon` - Carbón
            * `petroleo` - Petróleo
        embalaje (EmbalajeEnum): * `granel` - A granel (sin empaque)
            * `contenedor` - Contenedorizada
            * `paletizada` - Paletizada
            * `embalada` - Embalada
            * `suelta` - Suelta, manipulada por unidades
        clase (ClaseEnum): * `general` - Carga general
            * `granel` - Carga a granel
        porcentaje (None | str): C-01: la reserva que aplica al conocimiento (%).
        toneladas (str):
        flete_usd (str):
        exoneracion (int | None):
        solicitud_oferta (int | None):
        registrado (datetime.date):
        puerto_cargue (str | Unset):
        pais_cargue (str | Unset):
        puerto_descargue (str | Unset):
        pais_descargue (str | Unset):
        sin_solicitud_oferta (bool | Unset):
        extemporaneo (bool | Unset):
    """

    id: int
    arribo: int
    numero: str
    usuario_nit: str
    usuario_nombre: str
    mercancia: MercanciaEnum
    embalaje: EmbalajeEnum
    clase: ClaseEnum
    porcentaje: None | str
    toneladas: str
    flete_usd: str
    exoneracion: int | None
    solicitud_oferta: int | None
    registrado: datetime.date
    puerto_cargue: str | Unset = UNSET
    pais_cargue: str | Unset = UNSET
    puerto_descargue: str | Unset = UNSET
    pais_descargue: str | Unset = UNSET
    sin_solicitud_oferta: bool | Unset = UNSET
    extemporaneo: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        arribo = self.arribo

        numero = self.numero

        usuario_nit = self.usuario_nit

        usuario_nombre = self.usuario_nombre

        mercancia = self.mercancia.value

        embalaje = self.embalaje.value

        clase = self.clase.value

        porcentaje: None | str
        porcentaje = self.porcentaje

        toneladas = self.toneladas

        flete_usd = self.flete_usd

        exoneracion: int | None
        exoneracion = self.exoneracion

        solicitud_oferta: int | None
        solicitud_oferta = self.solicitud_oferta

        registrado = self.registrado.isoformat()

        puerto_cargue = self.puerto_cargue

        pais_cargue: str | Unset
        if isinstance(self.pais_cargue, Unset):
            pais_cargue = UNSET
        else:
            pais_cargue = self.pais_cargue

        puerto_descargue = self.puerto_descargue

        pais_descargue: str | Unset
        if isinstance(self.pais_descargue, Unset):
            pais_descargue = UNSET
        else:
            pais_descargue = self.pais_descargue

        sin_solicitud_oferta = self.sin_solicitud_oferta

        extemporaneo = self.extemporaneo

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "arribo": arribo,
                "numero": numero,
                "usuario_nit": usuario_nit,
                "usuario_nombre": usuario_nombre,
                "mercancia": mercancia,
                "embalaje": embalaje,
                "clase": clase,
                "porcentaje": porcentaje,
                "toneladas": toneladas,
                "flete_usd": flete_usd,
                "exoneracion": exoneracion,
                "solicitud_oferta": solicitud_oferta,
                "registrado": registrado,
            }
        )
        if puerto_cargue is not UNSET:
            field_dict["puerto_cargue"] = puerto_cargue
        if pais_cargue is not UNSET:
            field_dict["pais_cargue"] = pais_cargue
        if puerto_descargue is not UNSET:
            field_dict["puerto_descargue"] = puerto_descargue
        if pais_descargue is not UNSET:
            field_dict["pais_descargue"] = pais_descargue
        if sin_solicitud_oferta is not UNSET:
            field_dict["sin_solicitud_oferta"] = sin_solicitud_oferta
        if extemporaneo is not UNSET:
            field_dict["extemporaneo"] = extemporaneo

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        arribo = d.pop("arribo")

        numero = d.pop("numero")

        usuario_nit = d.pop("usuario_nit")

        usuario_nombre = d.pop("usuario_nombre")

        mercancia = MercanciaEnum(d.pop("mercancia"))

        embalaje = EmbalajeEnum(d.pop("embalaje"))

        clase = ClaseEnum(d.pop("clase"))

        def _parse_porcentaje(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        porcentaje = _parse_porcentaje(d.pop("porcentaje"))

        toneladas = d.pop("toneladas")

        flete_usd = d.pop("flete_usd")

        def _parse_exoneracion(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        exoneracion = _parse_exoneracion(d.pop("exoneracion"))

        def _parse_solicitud_oferta(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        solicitud_oferta = _parse_solicitud_oferta(d.pop("solicitud_oferta"))

        registrado = datetime.date.fromisoformat(d.pop("registrado"))

        puerto_cargue = d.pop("puerto_cargue", UNSET)

        def _parse_pais_cargue(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        pais_cargue = _parse_pais_cargue(d.pop("pais_cargue", UNSET))

        puerto_descargue = d.pop("puerto_descargue", UNSET)

        def _parse_pais_descargue(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        pais_descargue = _parse_pais_descargue(d.pop("pais_descargue", UNSET))

        sin_solicitud_oferta = d.pop("sin_solicitud_oferta", UNSET)

        extemporaneo = d.pop("extemporaneo", UNSET)

        conocimiento = cls(
            id=id,
            arribo=arribo,
            numero=numero,
            usuario_nit=usuario_nit,
            usuario_nombre=usuario_nombre,
            mercancia=mercancia,
            embalaje=embalaje,
            clase=clase,
            porcentaje=porcentaje,
            toneladas=toneladas,
            flete_usd=flete_usd,
            exoneracion=exoneracion,
            solicitud_oferta=solicitud_oferta,
            registrado=registrado,
            puerto_cargue=puerto_cargue,
            pais_cargue=pais_cargue,
            puerto_descargue=puerto_descargue,
            pais_descargue=pais_descargue,
            sin_solicitud_oferta=sin_solicitud_oferta,
            extemporaneo=extemporaneo,
        )

        conocimiento.additional_properties = d
        return conocimiento

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
