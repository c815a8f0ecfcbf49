from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.estado_trabajo_enum import EstadoTrabajoEnum

if TYPE_CHECKING:
    from ..models.trabajo_resultado import TrabajoResultado


T = TypeVar("T", bound="Trabajo")


@_attrs_define
class Trabajo:
    """A job the API accepted with a 202 (whose answer carries `trabajo`, this `id`).

    `id` is a string "<kind>-<row id>" ("expedicion-7", "firmeza-12", "reporte-31"): each kind of job
    keeps its own table and its own ids, so the prefix makes the id unique across kinds without a
    shared index table (docs/decisiones.md). Each model's own states map onto the four of `estado`.
    `resultado` is null until `terminado`; `error` (Spanish) is null unless `fallido`.

        Attributes:
            id (str):
            tipo (str): expedicion_resolucion, firmeza_masiva, reporte_mensual, …
            estado (EstadoTrabajoEnum): * `pendiente` - pendiente
                * `procesando` - procesando
                * `terminado` - terminado
                * `fallido` - fallido
            progreso (int):
            resultado (None | TrabajoResultado):
            error (None | str):
    """

    id: str
    tipo: str
    estado: EstadoTrabajoEnum
    progreso: int
    resultado: None | TrabajoResultado
    error: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.trabajo_resultado import TrabajoResultado  # noqa: PLC0415

        id = self.id

        tipo = self.tipo

        estado = self.estado.value

        progreso = self.progreso

        resultado: dict[str, Any] | None
        if isinstance(self.resultado, TrabajoResultado):
            resultado = self.resultado.to_dict()
        else:
            resultado = self.resultado

        error: None | str
        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "tipo": tipo,
                "estado": estado,
                "progreso": progreso,
                "resultado": resultado,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.trabajo_resultado import TrabajoResultado  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        tipo = d.pop("tipo")

        estado = EstadoTrabajoEnum(d.pop("estado"))

        progreso = d.pop("progreso")

        def _parse_resultado(data: object) -> None | TrabajoResultado:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                resultado_type_0 = TrabajoResultado.from_dict(data)

                return resultado_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TrabajoResultado, data)

        resultado = _parse_resultado(d.pop("resultado"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        trabajo = cls(
            id=id,
            tipo=tipo,
            estado=estado,
            progreso=progreso,
            resultado=resultado,
            error=error,
        )

        trabajo.additional_properties = d
        return trabajo

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
