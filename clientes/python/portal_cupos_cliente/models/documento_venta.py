from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tipo_documento_venta_enum import TipoDocumentoVentaEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="DocumentoVenta")


@_attrs_define
class DocumentoVenta:
    """
    Attributes:
        tipo (TipoDocumentoVentaEnum): * `licencia_pesca` - Licencia de pesca o permiso de cabotaje
            * `zarpe` - Zarpe
            * `certificado_desembarque` - Último certificado de desembarque
            * `certificado_exencion` - Original del certificado de cupo de exención
            * `convenio` - Convenio con la Armada Nacional
            * `permiso_cultivo` - Permiso de cultivo vigente
            * `declaracion_expresa` - Declaración expresa de la acuicultora
            * `resolucion_upme` - Resolución UPME del cupo
        referencia (str | Unset):
        vigente_hasta (datetime.date | None | Unset): Permiso de cultivo: vigente a la fecha de la entrega.
    """

    tipo: TipoDocumentoVentaEnum
    referencia: str | Unset = UNSET
    vigente_hasta: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tipo = self.tipo.value

        referencia = self.referencia

        vigente_hasta: None | str | Unset
        if isinstance(self.vigente_hasta, Unset):
            vigente_hasta = UNSET
        elif isinstance(self.vigente_hasta, datetime.date):
            vigente_hasta = self.vigente_hasta.isoformat()
        else:
            vigente_hasta = self.vigente_hasta

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tipo": tipo,
            }
        )
        if referencia is not UNSET:
            field_dict["referencia"] = referencia
        if vigente_hasta is not UNSET:
            field_dict["vigente_hasta"] = vigente_hasta

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tipo = TipoDocumentoVentaEnum(d.pop("tipo"))

        referencia = d.pop("referencia", UNSET)

        def _parse_vigente_hasta(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vigente_hasta_type_0 = datetime.date.fromisoformat(data)

                return vigente_hasta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vigente_hasta = _parse_vigente_hasta(d.pop("vigente_hasta", UNSET))

        documento_venta = cls(
            tipo=tipo,
            referencia=referencia,
            vigente_hasta=vigente_hasta,
        )

        documento_venta.additional_properties = d
        return documento_venta

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
