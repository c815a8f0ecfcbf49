"""OpenAPI component names for nested Input/Output serializers (one APIView per operation)."""

from drf_spectacular.openapi import AutoSchema as BaseAutoSchema


class AutoSchema(BaseAutoSchema):
    def get_serializer_name(self, serializer, direction):
        nombre = type(serializer).__qualname__
        if "." in nombre:  # e.g. CapitaniaApi.InputSerializer → CapitaniaApiInput
            return nombre.replace(".", "").removesuffix("Serializer")
        return super().get_serializer_name(serializer, direction)
