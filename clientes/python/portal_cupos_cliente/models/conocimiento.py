from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clase_enum import ClaseEnum
from ..models.embalaje_enum import EmbalajeEnum
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
        embalaje (EmbalajeEnum): * `granel` - A granel (sin empaque)
            * `contenedor` - Contenedorizada
            * `paletizada` - Paletizada
            * `embalada` - Embalada
            * `suelta` - Suelta, manipulada por unidades
        toneladas (str):
        flete_usd (str):
        exoneracion (int | None):
        registrado (datetime.date):
        extemporaneo (bool | Unset):
    """

    id: int
    arribo: int
    numero: str
    usuario_nit: str
    usuario_nombre: str
    clase: ClaseEnum
    embalaje: EmbalajeEnum
    toneladas: str
    flete_usd: str
    exoneracion: int | None
    registrado: datetime.date
    extemporaneo: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        arribo = self.arribo

        numero = self.numero

        usuario_nit = self.usuario_nit

        usuario_nombre = self.usuario_nombre

        clase = self.clase.value

        embalaje = self.embalaje.value

        toneladas = self.toneladas

        flete_usd = self.flete_usd

        exoneracion: int | None
        exoneracion = self.exoneracion

        registrado = self.registrado.isoformat()

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
                "clase": clase,
                "embalaje": embalaje,
                "toneladas": toneladas,
                "flete_usd": flete_usd,
                "exoneracion": exoneracion,
                "registrado": registrado,
            }
        )
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

        clase = ClaseEnum(d.pop("clase"))

        embalaje = EmbalajeEnum(d.pop("embalaje"))

        toneladas = d.pop("toneladas")

        flete_usd = d.pop("flete_usd")

        def _parse_exoneracion(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        exoneracion = _parse_exoneracion(d.pop("exoneracion"))

        registrado = datetime.date.fromisoformat(d.pop("registrado"))

        extemporaneo = d.pop("extemporaneo", UNSET)

        conocimiento = cls(
            id=id,
            arribo=arribo,
            numero=numero,
            usuario_nit=usuario_nit,
            usuario_nombre=usuario_nombre,
            clase=clase,
            embalaje=embalaje,
            toneladas=toneladas,
            flete_usd=flete_usd,
            exoneracion=exoneracion,
            registrado=registrado,
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
