"""`firma` in the verification answers (API.md): what re-validating the stored signed file found."""

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from core.firma import documentos
from core.models import DocumentoFirmado


@extend_schema_serializer(component_name="Firma")
class FirmaSerializer(serializers.Serializer):
    valida = serializers.BooleanField()
    firmante = serializers.CharField()
    cargo = serializers.CharField()
    entidad = serializers.CharField()
    fecha = serializers.DateTimeField(allow_null=True)
    nivel = serializers.ChoiceField(choices=["B-B", "B-T", "B-LT", "B-LTA"], allow_null=True)
    delegacion = serializers.CharField(required=False, help_text="El acto de delegación, si se firmó por delegación.")
    detalle = serializers.CharField(required=False, help_text="Qué falló, cuando la firma no es válida.")


def firma_api(documento: DocumentoFirmado) -> dict:
    return documentos.verificar_documento(documento).como_api(documento.delegacion)
