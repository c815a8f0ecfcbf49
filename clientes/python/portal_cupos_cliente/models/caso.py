from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.caso_output_estado_enum import CasoOutputEstadoEnum
from ..models.tipo_sujeto_enum import TipoSujetoEnum

if TYPE_CHECKING:
    from ..models.senal import Senal


T = TypeVar("T", bound="Caso")


@_attrs_define
class Caso:
    """
    Attributes:
        id (int):
        sujeto (str): Nombre del beneficiario, la estación o el distribuidor.
        tipo_sujeto (TipoSujetoEnum): * `beneficiario` - Beneficiario
            * `estacion` - Estación de frontera
            * `distribuidor` - Distribuidor mayorista
        puntaje (str):
        senales (list[Senal]):
        estado (CasoOutputEstadoEnum): * `abierto` - Abierto
            * `confirmado` - Confirmado
            * `descartado` - Descartado
    """

    id: int
    sujeto: str
    tipo_sujeto: TipoSujetoEnum
    puntaje: str
    senales: list[Senal]
    estado: CasoOutputEstadoEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        sujeto = self.sujeto

        tipo_sujeto = self.tipo_sujeto.value

        puntaje = self.puntaje

        senales = []
        for senales_item_data in self.senales:
            senales_item = senales_item_data.to_dict()
            senales.append(senales_item)

        estado = self.estado.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "sujeto": sujeto,
                "tipo_sujeto": tipo_sujeto,
                "puntaje": puntaje,
                "senales": senales,
                "estado": estado,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.senal import Senal  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        sujeto = d.pop("sujeto")

        tipo_sujeto = TipoSujetoEnum(d.pop("tipo_sujeto"))

        puntaje = d.pop("puntaje")

        senales = []
        _senales = d.pop("senales")
        for senales_item_data in _senales:
            senales_item = Senal.from_dict(senales_item_data)

            senales.append(senales_item)

        estado = CasoOutputEstadoEnum(d.pop("estado"))

        caso = cls(
            id=id,
            sujeto=sujeto,
            tipo_sujeto=tipo_sujeto,
            puntaje=puntaje,
            senales=senales,
            estado=estado,
        )

        caso.additional_properties = d
        return caso

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
