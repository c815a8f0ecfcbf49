from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.certificado_zarpe import CertificadoZarpe


T = TypeVar("T", bound="ActoSincronizado")


@_attrs_define
class ActoSincronizado:
    """
    Attributes:
        acto (str):
        creado (bool): Falso cuando el acto ya estaba sincronizado.
        revision_upme (str):
        certificado (CertificadoZarpe):
    """

    acto: str
    creado: bool
    revision_upme: str
    certificado: CertificadoZarpe
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        acto = self.acto

        creado = self.creado

        revision_upme = self.revision_upme

        certificado = self.certificado.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "acto": acto,
                "creado": creado,
                "revision_upme": revision_upme,
                "certificado": certificado,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.certificado_zarpe import CertificadoZarpe  # noqa: PLC0415

        d = dict(src_dict)
        acto = d.pop("acto")

        creado = d.pop("creado")

        revision_upme = d.pop("revision_upme")

        certificado = CertificadoZarpe.from_dict(d.pop("certificado"))

        acto_sincronizado = cls(
            acto=acto,
            creado=creado,
            revision_upme=revision_upme,
            certificado=certificado,
        )

        acto_sincronizado.additional_properties = d
        return acto_sincronizado

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
