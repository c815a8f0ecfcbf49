from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.notificacion import Notificacion
    from ..models.recurso_resumen import RecursoResumen


T = TypeVar("T", bound="Interesado")


@_attrs_define
class Interesado:
    """
    Attributes:
        id (int):
        beneficiario (int | None):
        nit (str):
        nombre (str):
        notificacion (None | Notificacion):
        vence_recursos (datetime.date | None):
        renuncia (datetime.date | None):
        recursos (list[RecursoResumen]):
        en_firme_desde (datetime.date | None):
    """

    id: int
    beneficiario: int | None
    nit: str
    nombre: str
    notificacion: None | Notificacion
    vence_recursos: datetime.date | None
    renuncia: datetime.date | None
    recursos: list[RecursoResumen]
    en_firme_desde: datetime.date | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.notificacion import Notificacion  # noqa: PLC0415

        id = self.id

        beneficiario: int | None
        beneficiario = self.beneficiario

        nit = self.nit

        nombre = self.nombre

        notificacion: dict[str, Any] | None
        if isinstance(self.notificacion, Notificacion):
            notificacion = self.notificacion.to_dict()
        else:
            notificacion = self.notificacion

        vence_recursos: None | str
        if isinstance(self.vence_recursos, datetime.date):
            vence_recursos = self.vence_recursos.isoformat()
        else:
            vence_recursos = self.vence_recursos

        renuncia: None | str
        if isinstance(self.renuncia, datetime.date):
            renuncia = self.renuncia.isoformat()
        else:
            renuncia = self.renuncia

        recursos = []
        for recursos_item_data in self.recursos:
            recursos_item = recursos_item_data.to_dict()
            recursos.append(recursos_item)

        en_firme_desde: None | str
        if isinstance(self.en_firme_desde, datetime.date):
            en_firme_desde = self.en_firme_desde.isoformat()
        else:
            en_firme_desde = self.en_firme_desde

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "beneficiario": beneficiario,
                "nit": nit,
                "nombre": nombre,
                "notificacion": notificacion,
                "vence_recursos": vence_recursos,
                "renuncia": renuncia,
                "recursos": recursos,
                "en_firme_desde": en_firme_desde,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notificacion import Notificacion  # noqa: PLC0415
        from ..models.recurso_resumen import RecursoResumen  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_beneficiario(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        beneficiario = _parse_beneficiario(d.pop("beneficiario"))

        nit = d.pop("nit")

        nombre = d.pop("nombre")

        def _parse_notificacion(data: object) -> None | Notificacion:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                notificacion_type_0 = Notificacion.from_dict(data)

                return notificacion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Notificacion, data)

        notificacion = _parse_notificacion(d.pop("notificacion"))

        def _parse_vence_recursos(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vence_recursos_type_0 = datetime.date.fromisoformat(data)

                return vence_recursos_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        vence_recursos = _parse_vence_recursos(d.pop("vence_recursos"))

        def _parse_renuncia(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                renuncia_type_0 = datetime.date.fromisoformat(data)

                return renuncia_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        renuncia = _parse_renuncia(d.pop("renuncia"))

        recursos = []
        _recursos = d.pop("recursos")
        for recursos_item_data in _recursos:
            recursos_item = RecursoResumen.from_dict(recursos_item_data)

            recursos.append(recursos_item)

        def _parse_en_firme_desde(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                en_firme_desde_type_0 = datetime.date.fromisoformat(data)

                return en_firme_desde_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        en_firme_desde = _parse_en_firme_desde(d.pop("en_firme_desde"))

        interesado = cls(
            id=id,
            beneficiario=beneficiario,
            nit=nit,
            nombre=nombre,
            notificacion=notificacion,
            vence_recursos=vence_recursos,
            renuncia=renuncia,
            recursos=recursos,
            en_firme_desde=en_firme_desde,
        )

        interesado.additional_properties = d
        return interesado

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
