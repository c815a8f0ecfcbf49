from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.embalaje_enum import EmbalajeEnum
from ..models.mercancia_enum import MercanciaEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ConocimientoNuevo")


@_attrs_define
class ConocimientoNuevo:
    """
    Attributes:
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
        puerto_cargue (str):
        pais_cargue (str): ISO 3166 alfa-2
        puerto_descargue (str):
        pais_descargue (str): ISO 3166 alfa-2
        toneladas (str):
        flete_usd (str):
        exoneracion (int | None | Unset):
        solicitud_oferta (int | None | Unset): C-10: la solicitud de ofertas a armadores nacionales que cubre el
            conocimiento.
    """

    arribo: int
    numero: str
    usuario_nit: str
    usuario_nombre: str
    mercancia: MercanciaEnum
    embalaje: EmbalajeEnum
    puerto_cargue: str
    pais_cargue: str
    puerto_descargue: str
    pais_descargue: str
    toneladas: str
    flete_usd: str
    exoneracion: int | None | Unset = UNSET
    solicitud_oferta: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        arribo = self.arribo

        numero = self.numero

        usuario_nit = self.usuario_nit

        usuario_nombre = self.usuario_nombre

        mercancia = self.mercancia.value

        embalaje = self.embalaje.value

        puerto_cargue = self.puerto_cargue

        pais_cargue = self.pais_cargue

        puerto_descargue = self.puerto_descargue

        pais_descargue = self.pais_descargue

        toneladas = self.toneladas

        flete_usd = self.flete_usd

        exoneracion: int | None | Unset
        if isinstance(self.exoneracion, Unset):
            exoneracion = UNSET
        else:
            exoneracion = self.exoneracion

        solicitud_oferta: int | None | Unset
        if isinstance(self.solicitud_oferta, Unset):
            solicitud_oferta = UNSET
        else:
            solicitud_oferta = self.solicitud_oferta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "arribo": arribo,
                "numero": numero,
                "usuario_nit": usuario_nit,
                "usuario_nombre": usuario_nombre,
                "mercancia": mercancia,
                "embalaje": embalaje,
                "puerto_cargue": puerto_cargue,
                "pais_cargue": pais_cargue,
                "puerto_descargue": puerto_descargue,
                "pais_descargue": pais_descargue,
                "toneladas": toneladas,
                "flete_usd": flete_usd,
            }
        )
        if exoneracion is not UNSET:
            field_dict["exoneracion"] = exoneracion
        if solicitud_oferta is not UNSET:
            field_dict["solicitud_oferta"] = solicitud_oferta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        arribo = d.pop("arribo")

        numero = d.pop("numero")

        usuario_nit = d.pop("usuario_nit")

        usuario_nombre = d.pop("usuario_nombre")

        mercancia = MercanciaEnum(d.pop("mercancia"))

        embalaje = EmbalajeEnum(d.pop("embalaje"))

        puerto_cargue = d.pop("puerto_cargue")

        pais_cargue = d.pop("pais_cargue")

        puerto_descargue = d.pop("puerto_descargue")

        pais_descargue = d.pop("pais_descargue")

        toneladas = d.pop("toneladas")

        flete_usd = d.pop("flete_usd")

        def _parse_exoneracion(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        exoneracion = _parse_exoneracion(d.pop("exoneracion", UNSET))

        def _parse_solicitud_oferta(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        solicitud_oferta = _parse_solicitud_oferta(d.pop("solicitud_oferta", UNSET))

        conocimiento_nuevo = cls(
            arribo=arribo,
            numero=numero,
            usuario_nit=usuario_nit,
            usuario_nombre=usuario_nombre,
            mercancia=mercancia,
            embalaje=embalaje,
            puerto_cargue=puerto_cargue,
            pais_cargue=pais_cargue,
            puerto_descargue=puerto_descargue,
            pais_descargue=pais_descargue,
            toneladas=toneladas,
            flete_usd=flete_usd,
            exoneracion=exoneracion,
            solicitud_oferta=solicitud_oferta,
        )

        conocimiento_nuevo.additional_properties = d
        return conocimiento_nuevo

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
