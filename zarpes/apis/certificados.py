"""REST API of certificates: read one, and its PDF (R-16)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core.api.fields import Galones
from core.apis import ApiBase
from zarpes.access import LECTORES_CERTIFICADOS, certificado_access
from zarpes.models import Certificado
from zarpes.pdf import certificado_respuesta


class CertificadoCorto(serializers.ModelSerializer):
    galones_autorizados = Galones()
    pdf = serializers.SerializerMethodField()

    class Meta:
        model = Certificado
        fields = ["numero", "codigo_verificacion", "galones_autorizados", "fecha_expedicion", "estado", "pdf"]

    def get_pdf(self, obj) -> str:
        ruta = f"/api/v1/certificados/{obj.numero}/pdf/"
        request = self.context.get("request")
        return request.build_absolute_uri(ruta) if request else ruta


class CertificadoOutput(CertificadoCorto):
    matricula = serializers.CharField(source="nave.matricula")
    nave = serializers.CharField(source="nave.nombre")
    capitania = serializers.CharField(source="capitania.codigo")
    zarpe = serializers.IntegerField(source="zarpe_id")

    class Meta(CertificadoCorto.Meta):
        fields = [*CertificadoCorto.Meta.fields, "matricula", "nave", "capitania", "zarpe"]


class CertificadoDetailApi(ApiBase):
    roles_lectura = LECTORES_CERTIFICADOS

    @extend_schema(responses=CertificadoOutput)
    def get(self, request, numero):
        return Response(CertificadoOutput(certificado_access(request.user, numero), context={"request": request}).data)


class CertificadoPdfApi(ApiBase):
    roles_lectura = LECTORES_CERTIFICADOS

    @extend_schema(responses={(200, "application/pdf"): bytes})
    def get(self, request, numero):
        return certificado_respuesta(certificado_access(request.user, numero))
