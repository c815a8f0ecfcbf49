"""REST API of wholesalers: sales, declarations (API.md "Wholesalers")."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from core.api.fields import Galones, PeriodoField
from core.api.idempotency import idempotente
from core.apis import ApiBase
from core.roles import Rol
from distribuidores import services
from distribuidores.access import LECTORES, venta_access, ventas_visibles
from distribuidores.models import Declaracion, Venta


class VentaOutput(serializers.ModelSerializer):
    distribuidor_nit = serializers.CharField(source="distribuidor.nit")
    certificado = serializers.CharField(source="certificado.numero", default=None)
    galones = Galones()

    class Meta:
        model = Venta
        fields = ["id", "distribuidor_nit", "beneficiario", "fecha", "galones", "certificado", "creada"]


class VentaListApi(ApiBase):
    roles_lectura = LECTORES
    roles_escritura = (Rol.DISTRIBUIDOR,)

    class InputSerializer(serializers.Serializer):
        distribuidor_nit = serializers.CharField(max_length=20)
        beneficiario = serializers.IntegerField()
        fecha = serializers.DateField()
        galones = Galones()
        certificado = serializers.CharField(max_length=30, required=False, allow_null=True, allow_blank=True)

    @extend_schema(responses=VentaOutput(many=True))
    def get(self, request):
        qs = ventas_visibles(request.user).select_related("distribuidor", "certificado").order_by("-fecha", "-id")
        return self.paginate(qs, VentaOutput)

    @extend_schema(request=InputSerializer, responses={201: VentaOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        d = entrada.validated_data
        venta = services.venta_register(
            actor=request.user, distribuidor_nit=d["distribuidor_nit"], beneficiario_id=d["beneficiario"],
            fecha=d["fecha"], galones=d["galones"], certificado=d.get("certificado"),
        )
        return Response(VentaOutput(venta).data, status=status.HTTP_201_CREATED)


class VentaDetailApi(ApiBase):
    roles_lectura = LECTORES

    @extend_schema(responses=VentaOutput)
    def get(self, request, venta_id):
        return Response(VentaOutput(venta_access(request.user, venta_id)).data)


class DeclaracionOutput(serializers.ModelSerializer):
    periodo = PeriodoField()
    galones_adquiridos = Galones()

    class Meta:
        model = Declaracion
        fields = ["id", "beneficiario", "periodo", "galones_adquiridos", "presentada", "extemporanea"]


class DeclaracionListApi(ApiBase):
    roles_lectura = (Rol.BENEFICIARIO, Rol.UPME_ANALISTA, Rol.AUDITOR)
    roles_escritura = (Rol.BENEFICIARIO, Rol.UPME_ANALISTA)

    class InputSerializer(serializers.Serializer):
        beneficiario = serializers.IntegerField()
        periodo = PeriodoField()
        galones_adquiridos = Galones()

    @extend_schema(responses=DeclaracionOutput(many=True))
    def get(self, request):
        qs = Declaracion.objects.order_by("-periodo", "-id")
        if request.user.rol == Rol.BENEFICIARIO and not request.user.es_administrador:
            qs = qs.filter(beneficiario_id=request.user.beneficiario_id)
        return self.paginate(qs, DeclaracionOutput)

    @extend_schema(request=InputSerializer, responses={201: DeclaracionOutput})
    @idempotente
    def post(self, request):
        entrada = self.InputSerializer(data=request.data)
        entrada.is_valid(raise_exception=True)
        d = entrada.validated_data
        declaracion = services.declaracion_register(
            actor=request.user, beneficiario_id=d["beneficiario"], periodo=d["periodo"],
            galones_adquiridos=d["galones_adquiridos"],
        )
        return Response(DeclaracionOutput(declaracion).data, status=status.HTTP_201_CREATED)
