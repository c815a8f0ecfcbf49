"""REST API of certificates: read one, its PDF (R-16), and annul one whose zarpe never sailed."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from core.api.apis import ApiBase
from core.api.fields import Galones
from core.api.idempotency import idempotente
from core.api.throttling import LimiteAtomico
from zarpes.access import LECTORES_CERTIFICADOS, ROLES_ANULACION, certificado_access, lee_con_codigo
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


class CertificadoLeido(CertificadoOutput):
    """A certificate as its reader may see it: a wholesaler never receives the verification code (it proves
    the paper was handed over, API.md "Wholesalers"), so it comes as null to them."""

    codigo_verificacion = serializers.SerializerMethodField()

    class Meta(CertificadoOutput.Meta):
        pass

    def get_codigo_verificacion(self, obj) -> str | None:
        request = self.context.get("request")
        return None if request is not None and lee_con_codigo(request.user) else obj.codigo_verificacion


class LimiteDelDistribuidor(LimiteAtomico):
    """A wholesaler looks certificates up at CERTIFICADO_CONSULTA_RATE, per user whatever its address."""

    scope = "certificado_consulta"

    def get_cache_key(self, request, view):
        return f"limite:{self.scope}:usuario:{request.user.pk}"

    def allow_request(self, request, view):
        return not lee_con_codigo(request.user) or super().allow_request(request, view)


CODIGO = OpenApiParameter(
    "codigo", str,
    description="Distribuidor: el código de verificación impreso bajo el QR del certificado (sin él, 404).",
)


class CertificadoDetailApi(ApiBase):
    roles_lectura = LECTORES_CERTIFICADOS
    parametros = [CODIGO]
    throttle_classes = [LimiteDelDistribuidor]

    @extend_schema(parameters=[CODIGO], responses=CertificadoLeido)
    def get(self, request, numero):
        certificado = certificado_access(request.user, numero, codigo=request.query_params.get("codigo"))
        return Response(CertificadoLeido(certificado, context={"request": request}).data)


class CertificadoPdfApi(ApiBase):
    roles_lectura = LECTORES_CERTIFICADOS
    parametros = [CODIGO]
    throttle_classes = [LimiteDelDistribuidor]

    @extend_schema(parameters=[CODIGO], responses={(200, "application/pdf"): bytes})
    def get(self, request, numero):
        certificado = certificado_access(request.user, numero, codigo=request.query_params.get("codigo"))
        return certificado_respuesta(certificado)


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
