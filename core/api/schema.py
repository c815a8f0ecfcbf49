"""OpenAPI component names for nested Input/Output serializers (one APIView per operation)."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema as BaseAutoSchema
from drf_spectacular.plumbing import build_bearer_security_scheme_object


class AutoSchema(BaseAutoSchema):
    def get_serializer_name(self, serializer, direction):
        nombre = type(serializer).__qualname__
        if "." in nombre:  # e.g. CapitaniaApi.InputSerializer → CapitaniaApiInput
            return nombre.replace(".", "").removesuffix("Serializer")
        return super().get_serializer_name(serializer, direction)


class TokenConAlcanceScheme(OpenApiAuthenticationExtension):
    """`Authorization: Token <key>` in the schema, under the name it had before knox (tokenAuth)."""

    target_class = "core.api.auth.TokenConAlcance"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(header_name="Authorization", token_prefix="Token")
