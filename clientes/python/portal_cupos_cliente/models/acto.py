from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.recurso_procedente import RecursoProcedente


T = TypeVar("T", bound="Acto")


@_attrs_define
class Acto:
    """
    Attributes:
        id (int):
        tipo (str):
        numero (str):
        fecha_expedicion (datetime.date):
        transcrito (bool):
        firmante (str):
        recursos_proceden (list[RecursoProcedente]):
        interesados (int):
        escaneo (bool): Un acto transcrito: si tiene adjunto el PDF o escaneo del acto en papel (GET …/pdf/ lo
            responde).
    """

    id: int
    tipo: str
    numero: str
    fecha_expedicion: datetime.date
    transcrito: bool
    firmante: str
    recursos_proceden: list[RecursoProcedente]
    interesados: int
    escaneo: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        tipo = self.tipo

        numero = self.numero

        fecha_expedicion = self.fecha_expedicion.isoformat()

        transcrito = self.transcrito

        firmante = self.firmante

        recursos_proceden = []
        for recursos_proceden_item_data in self.recursos_proceden:
            recursos_proceden_item = recursos_proceden_item_data.to_dict()
            recursos_proceden.append(recursos_proceden_item)

        interesados = self.interesados

        escaneo = self.escaneo

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "tipo": tipo,
                "numero": numero,
                "fecha_expedicion": fecha_expedicion,
                "transcrito": transcrito,
                "firmante": firmante,
                "recursos_proceden": recursos_proceden,
                "interesados": interesados,
                "escaneo": escaneo,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.recurso_procedente import RecursoProcedente  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        tipo = d.pop("tipo")

        numero = d.pop("numero")

        fecha_expedicion = datetime.date.fromisoformat(d.pop("fecha_expedicion"))

        transcrito = d.pop("transcrito")

        firmante = d.pop("firmante")

        recursos_proceden = []
        _recursos_proceden = d.pop("recursos_proceden")
        for recursos_proceden_item_data in _recursos_proceden:
            recursos_proceden_item = RecursoProcedente.from_dict(recursos_proceden_item_data)

            recursos_proceden.append(recursos_proceden_item)

        interesados = d.pop("interesados")

        escaneo = d.pop("escaneo")

        acto = cls(
            id=id,
            tipo=tipo,
            numero=numero,
            fecha_expedicion=fecha_expedicion,
            transcrito=transcrito,
            firmante=firmante,
            recursos_proceden=recursos_proceden,
            interesados=interesados,
            escaneo=escaneo,
        )

        acto.additional_properties = d
        return acto

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
