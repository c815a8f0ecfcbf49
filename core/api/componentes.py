"""Nested answer shapes more than one app shares, typed for the OpenAPI schema (API.md Conventions:
"the schema types every field, nested objects included")."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


class Vigencia(serializers.Serializer):
    """From when to when something is in force (both days included)."""

    inicio = serializers.DateField()
    fin = serializers.DateField()


class Firma(serializers.Serializer):
    """The PAdES signature of an issued act, as re-validating the stored file finds it (API.md
    "Signed acts"): who signed, in what capacity, when, at which PAdES level, and under which
    delegation act when a delegate signed."""

    valida = serializers.BooleanField()
    firmante = serializers.CharField()
    cargo = serializers.CharField()
    entidad = serializers.CharField()
    fecha = serializers.DateTimeField()
    nivel = serializers.ChoiceField(choices=[("B-B", "B-B"), ("B-T", "B-T"), ("B-LT", "B-LT"), ("B-LTA", "B-LTA")])
    delegacion = serializers.CharField(required=False, allow_null=True)


def json_tipado(esquema, **kwargs) -> serializers.JSONField:
    """A stored JSON value (a JSONField), documented in the schema as `esquema` (a serializer or a dict)."""
    clase = extend_schema_field(esquema)(type("JsonTipado", (serializers.JSONField,), {}))
    return clase(**kwargs)


INSTANTANEA = {
    "type": "object",
    "nullable": True,
    "description": "Los campos del objeto y sus valores en ese momento (cada tipo de objeto tiene los suyos).",
    "additionalProperties": {"nullable": True},
}
