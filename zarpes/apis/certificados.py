"""REST API of certificates: read one, its PDF (R-16), and annul one whose zarpe never sailed."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core.api.fields import Galones
from core.api.idempotency import idempotente
from core.apis import ApiBase
from zarpes.access import LECTORES_CERTIFICADOS, ROLES_ANULACION, certificado_access
from zarpes.models import Anulacion, Certificado
from zarpes.pdf import certificado_respuesta
from zarpes.services.certificados import LARGO_MOTIVO, certificado_annul


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


class AnulacionOutput(serializers.ModelSerializer):
    reintegro = Galones()

    class Meta:
        model = Anulacion
        fields = ["fecha", "motivo", "reintegro", "ventana_cerrada"]


class CertificadoAnuladoOutput(CertificadoOutput):
    anulacion = AnulacionOutput()

    class Meta(CertificadoOutput.Meta):
        fields = [*CertificadoOutput.Meta.fields, "anulacion"]


class CertificadoAnularApi(ApiBase):
    """Annul a certificate whose zarpe never sailed: refunds the whole discount while the window is
    open; redeemed → 409 certificado_redimido; another capitanía's certificate → 404."""

    roles_escritura = ROLES_ANULACION

    class InputSerializer(serializers.Serializer):
        motivo = serializers.CharField(max_length=LARGO_MOTIVO)
        fecha = serializers.DateField(required=False)

    @extend_schema(request=InputSerializer, responses=CertificadoAnuladoOutput)
    @idempotente
    def post(self, request, numero):
        certificado = certificado_annul(actor=request.user, numero=numero, **self.entrada(request))
        return Response(CertificadoAnuladoOutput(certificado, context={"request": request}).data)
