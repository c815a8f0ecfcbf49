"""Nested answer shapes more than one app shares, typed for the OpenAPI schema (API.md Conventions:
"the schema types every field, nested objects included")."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


class Vigencia(serializers.Serializer):
    """From when to when something is in force (both days included)."""

    inicio = serializers.DateField()
    fin = serializers.DateField()


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
